// Shared bits for browser tests: church URLs on the test server's port.
export const port = Number(process.env.E2E_PORT ?? 4391);

/** `http://<code>.localhost:<port><path>`: a church by its subdomain. */
export function churchUrl(code: string, path = '/'): string {
  return `http://${code}.localhost:${port}${path}`;
}

/** The same server through any host name (custom hostnames resolve to 127.0.0.1). */
export function hostUrl(host: string, path = '/'): string {
  return `http://${host}:${port}${path}`;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * A plain HTTP request to the test server as if sent to `host` (Node cannot resolve
 * `*.localhost`; the browser can). Redirects are not followed.
 */
export async function hostGet(host: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `${host}:${port}`, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
