// A small S3-compatible server for tests (path-style; list v2, put, get, head, delete) that checks
// every request's AWS Signature Version 4 the way S3 does, written from the SigV4 specification
// rather than the SDK's signer, so a client that signs wrongly or with the wrong key is refused.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestS3 {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket → key → object, for tests to look at or seed directly. */
  buckets: Map<string, Map<string, { body: Buffer; type: string; at: Date }>>;
  /** Requests refused for their signature or key, by S3 error code. */
  refused: string[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 asks for query names and values. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

class S3Refusal extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** The request's signature, checked; throws an S3Refusal when it does not hold. */
function verify(
  req: IncomingMessage,
  body: Buffer,
  keys: Map<string, string>,
  region: string,
  now: Date,
): void {
  const auth = req.headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) throw new S3Refusal(403, 'AccessDenied', 'Missing or malformed SigV4 Authorization');
  const [, accessKeyId, date, scopeRegion, signedHeaders, signature] = m as unknown as string[];
  const secret = keys.get(accessKeyId!);
  if (secret === undefined)
    throw new S3Refusal(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  if (scopeRegion !== region)
    throw new S3Refusal(400, 'AuthorizationHeaderMalformed', `the region is ${region}`);
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date!))
    throw new S3Refusal(403, 'AccessDenied', 'x-amz-date does not match the scope');
  const at = Date.parse(
    amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (!Number.isFinite(at) || Math.abs(at - now.getTime()) > 15 * 60_000)
    throw new S3Refusal(403, 'RequestTimeTooSkewed', 'The request time is too far from ours.');
  const payload = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!payload) throw new S3Refusal(400, 'InvalidRequest', 'x-amz-content-sha256 is required');
  if (payload !== 'UNSIGNED-PAYLOAD' && payload !== sha256(body))
    throw new S3Refusal(400, 'XAmzContentSHA256Mismatch', 'The body does not match its hash.');
  const signed = signedHeaders!.split(';');
  if (!signed.includes('host'))
    throw new S3Refusal(403, 'AccessDenied', 'host must be a signed header');
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const canonicalUri = q < 0 ? url : url.slice(0, q);
  const canonicalQuery = (q < 0 ? '' : url.slice(q + 1))
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf('=');
      const name = decodeURIComponent(i < 0 ? pair : pair.slice(0, i));
      const value = i < 0 ? '' : decodeURIComponent(pair.slice(i + 1).replace(/\+/g, ' '));
      return [encode(name), encode(value)] as const;
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
  const canonicalHeaders = signed
    .map((name) => {
      const raw = req.headers[name];
      const value = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
      return `${name}:${String(value).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    req.method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payload,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region), 's3'), 'aws4_request');
  const expected = hmac(key, stringToSign);
  if (!timingSafeEqual(expected, Buffer.from(signature!, 'hex')))
    throw new S3Refusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
}

/** Starts the server on a free loopback port with one bucket; `pageSize` keeps list pages small. */
export async function startTestS3({
  bucket,
  accessKeyId = 'church-test-key',
  secretAccessKey = 'church-test-secret-0123456789',
  region = 'us-east-1',
  pageSize = 1000,
}: {
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
  pageSize?: number;
}): Promise<TestS3> {
  const buckets: TestS3['buckets'] = new Map([[bucket, new Map()]]);
  const keys = new Map([[accessKeyId, secretAccessKey]]);
  const refused: string[] = [];

  const handle = (req: IncomingMessage, body: Buffer, res: ServerResponse) => {
    verify(req, body, keys, region, new Date());
    const url = new URL(req.url ?? '/', 'http://s3.test');
    const [, name = '', ...rest] = url.pathname.split('/');
    const objects = buckets.get(decodeURIComponent(name));
    if (!objects) throw new S3Refusal(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = decodeURIComponent(rest.join('/'));
    if (!key && req.method === 'GET') {
      if (url.searchParams.get('list-type') !== '2')
        throw new S3Refusal(400, 'NotImplemented', 'only ListObjectsV2 is served');
      const prefix = url.searchParams.get('prefix') ?? '';
      const after = url.searchParams.get('continuation-token') ?? '';
      const max = Math.min(Number(url.searchParams.get('max-keys') ?? 1000), pageSize);
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = all.slice(0, max);
      const truncated = all.length > page.length;
      const contents = page
        .map((k) => {
          const o = objects.get(k)!;
          return `<Contents><Key>${xml(k)}</Key><LastModified>${o.at.toISOString()}</LastModified><ETag>"${sha256(o.body).slice(0, 32)}"</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
        })
        .join('');
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xml(name)}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${truncated ? `<NextContinuationToken>${xml(page.at(-1)!)}</NextContinuationToken>` : ''}</ListBucketResult>`,
      );
      return;
    }
    if (!key) throw new S3Refusal(400, 'NotImplemented', 'bucket operations are not served');
    if (req.method === 'PUT') {
      const length = Number(req.headers['content-length']);
      if (length !== body.length)
        throw new S3Refusal(400, 'IncompleteBody', 'The body is shorter than Content-Length.');
      objects.set(key, {
        body,
        type: String(req.headers['content-type'] ?? 'binary/octet-stream'),
        at: new Date(),
      });
      res.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` });
      res.end();
      return;
    }
    if (req.method === 'DELETE') {
      objects.delete(key); // S3 answers 204 whether or not the key was there
      res.writeHead(204);
      res.end();
      return;
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const o = objects.get(key);
      if (!o) throw new S3Refusal(404, 'NoSuchKey', 'The specified key does not exist.');
      res.writeHead(200, {
        'content-type': o.type,
        'content-length': o.body.length,
        'last-modified': o.at.toUTCString(),
        etag: `"${sha256(o.body).slice(0, 32)}"`,
      });
      res.end(req.method === 'GET' ? o.body : undefined);
      return;
    }
    throw new S3Refusal(405, 'MethodNotAllowed', 'The method is not allowed.');
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        handle(req, Buffer.concat(chunks), res);
      } catch (error) {
        const e =
          error instanceof S3Refusal
            ? error
            : new S3Refusal(500, 'InternalError', (error as Error).message);
        if (e.status === 403) refused.push(e.code);
        res.writeHead(e.status, { 'content-type': 'application/xml' });
        res.end(
          req.method === 'HEAD'
            ? undefined
            : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${e.code}</Code><Message>${xml(e.message)}</Message></Error>`,
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region,
    accessKeyId,
    secretAccessKey,
    buckets,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
