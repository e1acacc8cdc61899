// The one judgement of "an address of this site" (docs/security.md "Redirects"), for redirects
// (src/lib/safe-redirect.ts) and for links staff write into pages (a home banner's link,
// contract/church-staff.ts), so the browser and the API refuse the same things. The target is
// parsed with the WHATWG URL parser exactly as the browser will read it (tabs and newlines
// dropped, backslashes as slashes, `/./` folded), so `/\evil.example`, `/%09/evil.example`'s
// raw-tab twin or `javascript:` cannot land elsewhere.

/** A host no real site has, standing in for "this site" while parsing. */
const HERE = 'https://here.invalid';
export const MAX_SITE_PATH = 2048;

/**
 * `target` as a same-site path (`/path?query#hash`, normalised as the browser would), or null
 * when it is empty, too long, or would leave this site (other host, other scheme,
 * protocol-relative, `javascript:`, `data:`…).
 */
export function sameSitePath(target: string | null | undefined): string | null {
  if (typeof target !== 'string' || target === '' || target.length > MAX_SITE_PATH) return null;
  // Only paths: an absolute URL, even to this site, is not a path the site writes.
  if (!/^[\u0000-\u0020]*[/\\]/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE || url.username || url.password) return null;
  const path = url.pathname + url.search + url.hash;
  // A path the browser would itself read as protocol-relative (`//host`, `/\host`) is refused.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}
