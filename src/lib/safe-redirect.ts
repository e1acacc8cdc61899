// The one judge of where the site may send a browser after login or any other redirect
// (docs/security.md "Redirects"): only a path on this same site. The target is parsed with the WHATWG URL
// parser, exactly as the browser will read it (tabs and newlines dropped, backslashes as
// slashes, `/./` folded), so `/%09/evil.example`, `/\evil.example` or `javascript:` cannot
// land elsewhere. Pure: no DOM, no server imports; islands and server code both use it.
import { sameSitePath } from '../../common/same-site-path.ts';

/**
 * `target` as a same-site path (`/path?query#hash`, normalised as the browser would), or
 * `fallback` when it is empty, too long, or would leave this site (other host, other scheme,
 * protocol-relative, `javascript:`, `data:`…). The judgement is `sameSitePath` of common/, which
 * the staff's banner links use too.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  return sameSitePath(target) ?? fallback;
}

/** `safeRedirect` of the `redirectTo` parameter of a query string (`location.search` or a URL's search). */
export function redirectToParam(search: string | URLSearchParams, fallback = '/'): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeRedirect(params.get('redirectTo'), fallback);
}

/** The access page that comes back to `path` after login; an unsafe path comes back home. */
export function loginPath(path: string): string {
  return `/access?redirectTo=${encodeURIComponent(safeRedirect(path))}`;
}
