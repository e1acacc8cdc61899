// A Host header with user-info or anything else that is not a host answers 400, never the 500 the
// site's request object threw (docs/security.md "Host header").
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseBadHost, validHostHeader } from './host-header.ts';

describe('validHostHeader', () => {
  it('takes host names, IPv4 and bracketed IPv6, with or without a port', () => {
    for (const host of [
      'graca.localhost',
      'graca.localhost:4321',
      'www.igrejadagraca.org.',
      'GRACA.Localhost',
      '127.0.0.1:80',
      '[::1]:4321',
      '[2001:db8::1]',
      'localhost',
    ])
      expect(validHostHeader(host), host).toBe(true);
    expect(validHostHeader(undefined)).toBe(true);
  });

  it('refuses user-info, paths, spaces, encodings and bad ports', () => {
    for (const host of [
      'x@evil',
      'x@graca.localhost',
      'user:pass@graca.localhost:4321',
      'graca.localhost/x',
      'graca.localhost\\x',
      'a b',
      'gr%61ca.localhost',
      'graca.localhost:99999',
      'graca.localhost:abc',
      'graca..localhost',
      '[::1',
      '[evil]',
      '',
    ])
      expect(validHostHeader(host), host).toBe(false);
  });
});

describe('refuseBadHost in front of the site', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    // Builds the URL as the site's adapter does: a Request with credentials throws (the old 500).
    server = createServer((req, res) => {
      if (refuseBadHost(req, res)) return;
      try {
        new Request(`http://${req.headers.host}${req.url}`);
        res.end('page');
      } catch {
        res.writeHead(500).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (host: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/news', headers: { host }, agent: false },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end();
    });

  it('answers 400 to a Host with user-info, and the page to a plain host', async () => {
    expect(await get('x@evil')).toMatchObject({
      status: 400,
      text: expect.stringContaining('Host'),
    });
    expect((await get('x@graca.localhost')).status).toBe(400);
    expect(await get(`graca.localhost:${port}`)).toEqual({ status: 200, text: 'page' });
  });
});
