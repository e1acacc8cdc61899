// Whether a request came over HTTPS, shared by the pages' and the API's HSTS (docs/security.md).
/** Whether the request reached the site over HTTPS; X-Forwarded-Proto counts only behind a trusted proxy. */
export function servedOverHttps(
  url: URL | string,
  forwardedProto: string | null,
  trustedProxies: number,
): boolean {
  // A string is checked by its scheme alone: parsing a URL per API call cost ~5 % of a page render.
  if (typeof url === 'string' ? url.startsWith('https:') : url.protocol === 'https:') return true;
  if (trustedProxies <= 0 || !forwardedProto) return false;
  // The nearest proxy's value is the last one in the list.
  const protos = forwardedProto.split(',').map((p) => p.trim().toLowerCase());
  return protos[Math.max(0, protos.length - trustedProxies)] === 'https';
}
