// Transport and cache headers of every API answer (docs/security.md "Headers of API answers").
import type { MiddlewareHandler } from 'hono';
import { servedOverHttps } from '../../common/served-over-https.ts';

export const HSTS = 'max-age=31536000; includeSubDomains';
export const PRIVATE = 'private, no-store';

/**
 * HSTS only over HTTPS (a browser that got it over plain HTTP ignores it, and a proxy test
 * must not see it there); `private, no-store` on every answer to a logged-in request (it may
 * carry personal data: /me, notes, gifts, statements) and on any answer whose route named no
 * cache policy of its own.
 */
export function answerHeaders(trustedProxies: () => number): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Cheap on purpose: every in-process call of a page render passes here (docs/performance.md).
    const forwarded = c.req.header('x-forwarded-proto') ?? null;
    if (servedOverHttps(c.req.url, forwarded, forwarded ? trustedProxies() : 0))
      c.res.headers.set('strict-transport-security', HSTS);
    const headers = c.res.headers;
    if (!headers.has('cache-control') || c.req.header('authorization'))
      headers.set('cache-control', PRIVATE);
  };
}
