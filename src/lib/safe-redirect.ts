// The one judge of where the site may send a browser after login or any other redirect
// (docs/security.md "Redirects"): only a path on this same site. The target is parsed with the WHATWG URL
// parser, exactly as the browser will read it (tabs and newlines dropped, backslashes as
// slashes, `/./` folded), so `/%09/evil.example`, `/\evil.example` or `javascript:` cannot
// land elsewhere. Pure: no DOM, no server imports; islands and server code both use it.

/** A host no real site has, standing in for "this site" while parsing. */
const HERE = 'https://here.invalid';
const MAX_LENGTH = 2048;

/**
 * `target` as a same-site path (`/path?query#hash`, normalised as the browser would), or
 * `fallback` when it is empty, too long, or would leave this site (other host, other scheme,
 * protocol-relative, `javascript:`, `data:`…).
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (typeof target !== 'string' || target === '' || target.length > MAX_LENGTH) return fallback;
  // Only paths: an absolute URL, even to this site, is not a redirectTo the site writes.
  if (!/^[\u0000-\u0020]*[/\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE || url.username || url.password) return fallback;
  const path = url.pathname + url.search + url.hash;
  // A path the browser would itself read as protocol-relative (`//host`, `/\host`) is refused.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  return path;
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
