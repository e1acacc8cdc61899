// The caller's address, for limits kept per address (login attempts). X-Forwarded-For is read
// only for the TRUST_PROXY proxies next to this server: anything further left is what a client
// wrote, and trusting it would let anyone pick a fresh address per attempt.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** In-process calls (SSR, tests) have no socket and share one key, "local". */
function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}

export function clientAddress(c: Context, trustedProxies: number): string {
  const socket = socketAddress(c);
  if (trustedProxies <= 0) return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // nearest first: the socket is the last proxy, then each address it and its peers added
  const chain = [socket, ...forwarded.reverse()];
  return chain[Math.min(trustedProxies, chain.length - 1)]!;
}
