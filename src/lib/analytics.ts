// The church's page-view analytics (spec §1; docs/security.md "Analytics and consent"): its
// Facebook pixel, loaded only after the visitor consents. Shared by the layout (the banner), the
// middleware (the CSP allows the pixel's origins only on churches that have one) and the script.

/** Where the pixel's script comes from, and where it reports page views. */
export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';
export const PIXEL_SCRIPT_ORIGINS = ['https://connect.facebook.net'];
export const PIXEL_CONNECT_ORIGINS = ['https://connect.facebook.net', 'https://www.facebook.com'];

/**
 * The pixel id in the church's `facebookPixelCode`: a bare id, or the id inside the snippet a
 * church pasted (`fbq('init', '123…')`); null otherwise. Only digits ever reach the page, so a
 * pasted script never runs as it was written.
 */
export function pixelIdOf(code: string | null | undefined): string | null {
  const text = (code ?? '').trim();
  if (/^\d{6,20}$/.test(text)) return text;
  const init = /fbq\(\s*['"]init['"]\s*,\s*['"](\d{6,20})['"]/.exec(text);
  return init ? init[1]! : null;
}
