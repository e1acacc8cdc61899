// The caller's address, for limits kept per address (login attempts). X-Forwarded-For is read
// only for the TRUST_PROXY proxies next to this server: anything further left is what a client
// wrote, and trusting it would let anyone pick a fresh address per attempt.
// Limits count an IPv6 client by its /64 (docs/security.md "Login and account limits"): one host
// is handed a whole /64 and can use a new address of it for every request.
import { isIPv4, isIPv6 } from 'node:net';
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

/**
 * The client among the socket's address and an X-Forwarded-For header, trusting `trustedProxies`
 * hops nearest to this server (the socket is the nearest). Shared by the API and the chat.
 */
export function forwardedClient(
  socket: string,
  forwardedFor: string | string[] | undefined,
  trustedProxies: number,
): string {
  if (trustedProxies <= 0) return socket;
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // nearest first: the socket is the last proxy, then each address it and its peers added
  const chain = [socket, ...forwarded.reverse()];
  return chain[Math.min(trustedProxies, chain.length - 1)]!;
}

export function clientAddress(c: Context, trustedProxies: number): string {
  return forwardedClient(socketAddress(c), c.req.header('x-forwarded-for'), trustedProxies);
}

/** The eight 16-bit groups of an IPv6 address (zone dropped), or null for anything else. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.split('%')[0]!;
  if (!isIPv6(text)) return null;
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => parseInt(group, 16));
}

/**
 * An address as every per-address limit counts it: IPv4 (and IPv4-mapped IPv6, `::ffff:a.b.c.d`)
 * per address, any other IPv6 by its /64 (`2001:db8:0:1::/64`). Anything that is not an address
 * ("local", "unknown", an already counted /64) is returned as it is.
 */
export function limitAddress(ip: string): string {
  const text = ip.trim();
  if (isIPv4(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return text;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
