import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';

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
