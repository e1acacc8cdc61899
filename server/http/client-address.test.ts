import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, forwardedClient, limitAddress } from './client-address.ts';

/** Answers with the address clientAddress sees; the socket is given as Node's env binding. */
async function seen(
  trustedProxies: number,
  forwardedFor?: string,
  socket = '10.0.0.2',
): Promise<string> {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, trustedProxies)));
  const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined;
  const env = {
    incoming: { socket: { remoteAddress: socket, remotePort: 5000, remoteFamily: 'IPv4' } },
  };
  return (await app.request('/', { headers }, env)).text();
}

describe('clientAddress', () => {
  it('uses the socket and ignores X-Forwarded-For when no proxy is trusted', async () => {
    expect(await seen(0, '203.0.113.9')).toBe('10.0.0.2');
  });

  it('takes the address the trusted proxy saw, not what the client wrote before it', async () => {
    expect(await seen(1, '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await seen(2, '198.51.100.1, 203.0.113.9, 10.0.0.1')).toBe('203.0.113.9');
  });

  it('falls back to the furthest address when the chain is shorter than the trusted hops', async () => {
    expect(await seen(3, '203.0.113.9')).toBe('203.0.113.9');
    expect(await seen(1)).toBe('10.0.0.2');
  });

  it('in-process calls without a socket share one key', async () => {
    const app = new Hono().get('/', (c) => c.text(clientAddress(c, 0)));
    expect(await (await app.request('/')).text()).toBe('local');
  });
});

describe('limitAddress: what a per-address limit counts', () => {
  it('counts IPv6 by its /64, however the address is written', () => {
    expect(limitAddress('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(limitAddress('2001:0DB8:0000:0001:ffff:1:2:3')).toBe('2001:db8:0:1::/64');
    expect(limitAddress('2001:db8:0:1:a:b:c:d%eth0')).toBe('2001:db8:0:1::/64');
    expect(limitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitAddress('2001:db8:0:2::5')).not.toBe(limitAddress('2001:db8:0:1::5'));
  });

  it('keeps IPv4 and IPv4-mapped IPv6 per address', () => {
    expect(limitAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(limitAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(limitAddress('::ffff:cb00:7109')).toBe('203.0.113.9');
    expect(limitAddress('::ffff:203.0.113.10')).not.toBe(limitAddress('::ffff:203.0.113.9'));
  });

  it('leaves what is not an address, and an already counted /64, as it is', () => {
    expect(limitAddress('local')).toBe('local');
    expect(limitAddress('unknown')).toBe('unknown');
    expect(limitAddress('2001:db8:0:1::/64')).toBe('2001:db8:0:1::/64');
  });

  it('reads X-Forwarded-For the same way for the API and the chat', () => {
    expect(forwardedClient('10.0.0.2', '198.51.100.1, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(forwardedClient('10.0.0.2', ['198.51.100.1', '203.0.113.9'], 2)).toBe('198.51.100.1');
    expect(forwardedClient('10.0.0.2', '203.0.113.9', 0)).toBe('10.0.0.2');
  });
});
