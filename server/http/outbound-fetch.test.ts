import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isPublicAddress,
  outboundFetch,
  OutboundError,
  type OutboundOptions,
} from './outbound-fetch.ts';

let server: Server;
let port: number;
/** Requests the test server received, by path. */
const seen: string[] = [];
/** Bytes the test server managed to send on /huge before the client hung up. */
let hugeSent = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/ok') return res.end('hello');
    if (req.url === '/hop') {
      res.writeHead(302, { location: '/ok' });
      return res.end();
    }
    if (req.url === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return res.end();
    }
    if (req.url === '/to-mapped') {
      res.writeHead(302, { location: `http://[::ffff:127.0.0.1]:${port}/ok` });
      return res.end();
    }
    if (req.url === '/to-private') {
      res.writeHead(301, { location: 'http://10.0.0.1/secret' });
      return res.end();
    }
    if (req.url === '/declared') {
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      return res.write(Buffer.alloc(1024));
    }
    if (req.url === '/huge') {
      // 50 MB announced by nothing: the client must stop reading at its cap
      const chunk = Buffer.alloc(64 * 1024, 1);
      let left = 800;
      const pump = () => {
        while (left > 0) {
          left--;
          hugeSent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (left = 0));
      return pump();
    }
    res.statusCode = 404;
    return res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The test server is on 127.0.0.1: taken as public for these calls only. */
const local: OutboundOptions = {
  maxBytes: 1024 * 1024,
  allowHttp: true,
  testAddresses: ['127.0.0.1'],
  timeoutMs: 3000,
};

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(OutboundError);
    return (e as OutboundError).reason;
  }
  throw new Error('the fetch was not refused');
}

describe('isPublicAddress', () => {
  it('refuses every non-public range and the forms that hide one', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1', // CGNAT
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.10', // documentation
      '198.51.100.1',
      '203.0.113.5',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      'fe80::1',
      'fd00::1',
      'fc00::1',
      'ff02::1',
      '2001:db8::1', // documentation
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      'not an address',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
    for (const ip of ['8.8.8.8', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(ip), ip).toBe(true);
  });
});

describe('outboundFetch', () => {
  it('fetches a public address, following a redirect', async () => {
    const res = await outboundFetch(`http://127.0.0.1:${port}/hop`, local);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('hello');
    expect(res.url).toBe(`http://127.0.0.1:${port}/ok`);
  });

  it('refuses http unless asked to allow it, and other schemes always', async () => {
    expect(
      await refusal(outboundFetch(`http://127.0.0.1:${port}/ok`, { ...local, allowHttp: false })),
    ).toBe('url');
    expect(await refusal(outboundFetch('file:///etc/passwd', local))).toBe('url');
    expect(await refusal(outboundFetch('not a url', local))).toBe('url');
  });

  it('refuses addresses written in the URL: loopback, IPv4-mapped, unspecified, link-local', async () => {
    const before = seen.length;
    for (const host of [
      `[::ffff:127.0.0.1]:${port}`,
      `[::ffff:7f00:1]:${port}`,
      `[::]:${port}`,
      `0.0.0.0:${port}`,
      `[::1]:${port}`,
      `127.0.0.2:${port}`,
      '169.254.169.254',
      '[fd00::1]',
      '100.64.0.1',
    ])
      expect(await refusal(outboundFetch(`https://${host}/ok`, local)), host).toBe('address');
    expect(seen.length).toBe(before); // nothing reached the server
  });

  it('refuses a name that resolves to a private address (mapped too)', async () => {
    const before = seen.length;
    for (const address of ['127.0.0.2', '::ffff:127.0.0.1', '::', '10.0.0.5']) {
      const lookup: OutboundOptions['lookup'] = (_h, _o, cb) =>
        cb(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
      expect(
        await refusal(outboundFetch(`http://images.example:${port}/ok`, { ...local, lookup })),
        address,
      ).toBe('address');
    }
    expect(seen.length).toBe(before);
  });

  it('connects to the address it checked: a name answering public first, private next, never reaches the private one', async () => {
    const before = seen.length;
    let calls = 0;
    // the rebinding trick: the check sees a public address, a second resolution a private one
    const lookup: OutboundOptions['lookup'] = (_h, _o, cb) =>
      cb(null, [
        calls++ === 0 ? { address: '8.8.8.8', family: 4 } : { address: '127.0.0.1', family: 4 },
      ]);
    const reason = await refusal(
      outboundFetch(`http://rebind.example:${port}/ok`, {
        ...local,
        testAddresses: [], // 127.0.0.1 is private here
        lookup,
        timeoutMs: 500,
      }),
    );
    expect(['network', 'timeout']).toContain(reason); // it tried 8.8.8.8, which this machine cannot reach
    expect(calls).toBe(1);
    expect(seen.length).toBe(before);
  });

  it('checks every redirect target again', async () => {
    expect(await refusal(outboundFetch(`http://127.0.0.1:${port}/to-private`, local))).toBe(
      'address',
    );
    const before = seen.filter((p) => p === '/ok').length;
    expect(await refusal(outboundFetch(`http://127.0.0.1:${port}/to-mapped`, local))).toBe(
      'address',
    );
    expect(seen.filter((p) => p === '/ok').length).toBe(before);
  });

  it('follows at most three redirects', async () => {
    const before = seen.length;
    expect(await refusal(outboundFetch(`http://127.0.0.1:${port}/loop`, local))).toBe('redirects');
    expect(seen.length - before).toBe(4); // the first request and three redirects
  });

  it('aborts an oversize body early, announced or not', async () => {
    expect(await refusal(outboundFetch(`http://127.0.0.1:${port}/declared`, local))).toBe('size');
    hugeSent = 0;
    expect(
      await refusal(
        outboundFetch(`http://127.0.0.1:${port}/huge`, { ...local, maxBytes: 256 * 1024 }),
      ),
    ).toBe('size');
    await new Promise((r) => setTimeout(r, 100));
    // the server could push a few socket buffers before it saw the hang-up, not 50 MB
    expect(hugeSent).toBeLessThan(10 * 1024 * 1024);
  });
});
