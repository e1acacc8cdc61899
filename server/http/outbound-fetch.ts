// The one way the server fetches a URL on a user's behalf (docs/security.md "Outbound requests"):
// https only, the address checked when the socket connects (our own lookup answers the connect,
// so the address checked is the address connected to: no DNS rebinding), only public unicast
// addresses (ipaddr.js's range(): loopback, private, link-local, ULA, CGNAT, multicast,
// unspecified, documentation, IPv4-mapped and the other special ranges refused), redirects
// followed by hand and each target checked again, the body streamed under a byte cap, and one
// deadline for the whole exchange. The payment gateways call their fixed hosts and do not use it.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export type OutboundRefusal =
  | 'url' // not a URL, or a scheme other than https (http only when allowed)
  | 'address' // the host is, or resolves to, an address that is not public
  | 'redirects' // more than the redirects allowed, or a redirect without a target
  | 'size' // the body is larger than the cap
  | 'timeout'
  | 'network';

/** Why a fetch was refused or failed; `reason` is what a caller or a test tells apart. */
export class OutboundError extends Error {
  readonly reason: OutboundRefusal;
  constructor(reason: OutboundRefusal, message: string) {
    super(message);
    this.name = 'OutboundError';
    this.reason = reason;
  }
}

type Lookup = (
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export interface OutboundOptions {
  /** The largest body accepted; a bigger one is aborted as soon as it is seen. */
  maxBytes: number;
  /** Deadline of the whole exchange, redirects and body included (default 10 s). */
  timeoutMs?: number;
  /** Redirects followed (default 3). */
  maxRedirects?: number;
  /** Plain http too: tests only (their servers have no certificate). */
  allowHttp?: boolean;
  /** Addresses taken as public although they are not: tests only (their server is on 127.0.0.1). */
  testAddresses?: readonly string[];
  /** The name resolver (default the system's); tests hand one that answers what they need. */
  lookup?: Lookup;
  headers?: Record<string, string>;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The URL finally answered (after redirects). */
  url: string;
  body: Buffer;
}

/** Whether an address may be connected to: public unicast only (an IPv4-mapped one as its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
}

const systemLookup: Lookup = (hostname, options, callback) =>
  dns.lookup(hostname, { ...options, all: true }, callback);

/**
 * The lookup the socket connects with: the resolver's answers, the ones that are not public
 * dropped; none left is a refusal. Node calls it with `all: true` (connecting to each address in
 * turn) or without (one address), and either way only the addresses it answers are connected to.
 */
function checkedLookup(resolve: Lookup, allowed: (address: string) => boolean) {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const usable = (addresses ?? []).filter((a) => allowed(a.address));
      if (!usable.length)
        return callback(
          new OutboundError('address', `${hostname} has no public address`) as never,
          [],
        );
      if (options.all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/** Fetches `url` (GET) under every rule above; throws OutboundError when it cannot. */
export async function outboundFetch(
  url: string | URL,
  options: OutboundOptions,
): Promise<OutboundResponse> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRedirects = options.maxRedirects ?? 3;
  const testAddresses = new Set(options.testAddresses ?? []);
  const allowed = (address: string) => testAddresses.has(address) || isPublicAddress(address);
  const lookup = checkedLookup(options.lookup ?? systemLookup, allowed);
  const deadline = AbortSignal.timeout(timeoutMs);
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new OutboundError('url', 'not a URL');
  }
  for (let hop = 0; ; hop++) {
    const answer = await once(current, options, { lookup, allowed, signal: deadline });
    if (answer.redirect === undefined) return { ...answer, url: current.href };
    if (hop >= maxRedirects) throw new OutboundError('redirects', 'too many redirects');
    try {
      current = new URL(answer.redirect, current);
    } catch {
      throw new OutboundError('redirects', 'a redirect to no URL');
    }
  }
}

interface Hop {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The Location of a redirect (the body is then empty). */
  redirect?: string;
}

function once(
  url: URL,
  options: OutboundOptions,
  checks: {
    lookup: ReturnType<typeof checkedLookup>;
    allowed: (address: string) => boolean;
    signal: AbortSignal;
  },
): Promise<Hop> {
  const o = { ...options, ...checks };
  if (url.protocol !== 'https:' && !(o.allowHttp && url.protocol === 'http:'))
    return Promise.reject(new OutboundError('url', `${url.protocol} is not allowed`));
  if (url.username || url.password)
    return Promise.reject(new OutboundError('url', 'credentials in the URL'));
  // An address written in the URL is connected to without a lookup: it is checked here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !o.allowed(host))
    return Promise.reject(new OutboundError('address', `${host} is not a public address`));
  if (o.signal.aborted) return Promise.reject(new OutboundError('timeout', 'timed out'));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      request.destroy();
      reject(
        error instanceof OutboundError
          ? error
          : o.signal.aborted
            ? new OutboundError('timeout', 'timed out')
            : new OutboundError('network', String((error as Error)?.message ?? error)),
      );
    };
    const request = client.get(
      url,
      {
        lookup: o.lookup as never,
        agent: false, // a fresh socket each time: a kept one could point at an address from before
        headers: { 'user-agent': 'church-web import', ...o.headers },
        signal: o.signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && status !== 304) {
          res.resume();
          settled = true;
          const location = res.headers.location;
          if (!location) return reject(new OutboundError('redirects', 'a redirect to no URL'));
          return resolve({
            status,
            headers: res.headers,
            body: Buffer.alloc(0),
            redirect: location,
          });
        }
        const declared = Number(res.headers['content-length'] ?? NaN);
        if (declared > o.maxBytes) return fail(new OutboundError('size', 'the body is too large'));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > o.maxBytes) return fail(new OutboundError('size', 'the body is too large'));
          chunks.push(chunk);
        });
        res.on('error', fail);
        res.on('end', () => {
          if (settled) return;
          settled = true;
          resolve({ status, headers: res.headers, body: Buffer.concat(chunks) });
        });
      },
    );
    request.on('error', fail);
  });
}
