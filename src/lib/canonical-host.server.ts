// A church that chose a primary host sends page requests for its other names there, same path
// and query, with a 301 (docs/deploy.md "Own domains and HTTPS"). No primary: no redirect.
import { normalizeHost } from './tenancy.server.ts';

export interface CanonicalRequest {
  method: string;
  /** The Host header as sent (a port is kept on the way to the primary: a dev or test server). */
  hostHeader: string;
  /** Path and query of the request. */
  url: URL;
  https: boolean;
  primaryHost: string | null;
}

/** The primary host's address of this request, or null when it is already there (or none is chosen). */
export function canonicalLocation({
  method,
  hostHeader,
  url,
  https,
  primaryHost,
}: CanonicalRequest): string | null {
  if (!primaryHost) return null;
  if (method !== 'GET' && method !== 'HEAD') return null; // a form post is never bounced
  if (normalizeHost(hostHeader) === primaryHost) return null;
  const port = /:(\d+)$/.exec(hostHeader.trim())?.[1];
  const defaultPort = https ? '443' : '80';
  const withPort = port && port !== defaultPort ? `:${port}` : '';
  return `${https ? 'https' : 'http'}://${primaryHost}${withPort}${url.pathname}${url.search}`;
}
