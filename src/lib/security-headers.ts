// The headers every HTML answer carries (docs/security.md "Headers of HTML answers"): Astro writes the
// CSP's script-src/style-src with the page's hashes; this completes the policy around them
// (default-src 'self', object-src 'none', base-uri, form-action, frame-ancestors…), and adds
// HSTS only when the page was served over HTTPS. /embed/* pages are the only ones other sites
// may frame. Pure: the middleware passes in what it knows about the request.

import { memoByText } from '../../common/memo.ts';
import { PIXEL_CONNECT_ORIGINS, PIXEL_SCRIPT_ORIGINS } from './analytics.ts';

const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityContext {
  pathname: string;
  /** The browser reached us over HTTPS (directly, or per a trusted proxy's X-Forwarded-Proto). */
  https: boolean;
  /** Origins the islands call besides this site (postcode services, an external API_URL). */
  connectOrigins?: string[];
  /** The church has a pixel: its script may load and report, once the visitor consents (src/lib/analytics.ts). */
  pixel?: boolean;
}

/** Pages where a payer enters a card: only these may load a gateway's script (docs/payments.md "Stripe"). */
export const PAYING_PAGES = [
  '/give',
  '/checkout',
  '/play/checkout',
  '/user/addcard',
  '/user/giving',
];
/** Stripe.js and the calls it makes (Stripe's CSP guide); its 3-D Secure frames are covered by frame-src https:. */
export const GATEWAY_SCRIPT_ORIGINS = ['https://js.stripe.com'];
export const GATEWAY_CONNECT_ORIGINS = ['https://api.stripe.com'];

export const isPayingPage = (pathname: string): boolean =>
  PAYING_PAGES.some((p) => pathname === p || pathname === `${p}/`);

export const isEmbed = (pathname: string): boolean =>
  pathname === '/embed' || pathname.startsWith('/embed/');

/** The directives this site adds to Astro's; Astro's own (script-src, style-src) are kept as they are. */
export function siteDirectives({
  pathname,
  https,
  connectOrigins = [],
  pixel = false,
}: SecurityContext): Array<[string, string]> {
  const directives: Array<[string, string]> = [
    ['default-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', isEmbed(pathname) ? '*' : "'self'"],
    // Players the site frames (YouTube, Vimeo, Facebook, a church's own live embed): any HTTPS page, each in its own origin.
    ['frame-src', "'self' https:"],
    // Church content (banners, covers, podcasts, live streams) comes from the provider's CDNs.
    ['img-src', "'self' data: blob: https:"],
    ['media-src', "'self' blob: https:"],
    ['font-src', "'self' data:"],
    [
      'connect-src',
      [
        "'self'",
        ...new Set([
          ...connectOrigins,
          ...(pixel ? PIXEL_CONNECT_ORIGINS : []),
          ...(isPayingPage(pathname) ? GATEWAY_CONNECT_ORIGINS : []),
        ]),
      ].join(' '),
    ],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
  ];
  if (https) directives.push(['upgrade-insecure-requests', '']);
  return directives;
}

/** `script-src a b; style-src c` → ordered [name, value] pairs. */
export function parsePolicy(policy: string | null): Array<[string, string]> {
  if (!policy) return [];
  return policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const space = part.indexOf(' ');
      return space === -1
        ? [part.toLowerCase(), '']
        : [part.slice(0, space).toLowerCase(), part.slice(space + 1).trim()];
    });
}

/** Astro's policy completed with the site's directives (Astro's win where both name one). */
export function completePolicy(astroPolicy: string | null, context: SecurityContext): string {
  const merged = new Map(parsePolicy(astroPolicy));
  // Without Astro's hashes (a page it did not render) scripts and styles stay on this site.
  if (!merged.has('script-src')) merged.set('script-src', "'self'");
  if (!merged.has('style-src')) merged.set('style-src', "'self'");
  for (const [name, value] of siteDirectives(context))
    if (!merged.has(name)) merged.set(name, value);
  // Astro's script-src lists this site and the page's hashes; the pixel's script host joins them.
  if (context.pixel)
    merged.set('script-src', [merged.get('script-src'), ...PIXEL_SCRIPT_ORIGINS].join(' '));
  if (isPayingPage(context.pathname))
    merged.set('script-src', [merged.get('script-src'), ...GATEWAY_SCRIPT_ORIGINS].join(' '));
  return [...merged].map(([name, value]) => (value ? `${name} ${value}` : name)).join('; ');
}

/**
 * `completePolicy` kept by what it reads: a page's policy (its hashes) and the few facts of the request
 * the site's directives depend on, so each page's header is built once, not on every render.
 */
const keptPolicy = memoByText((key) => {
  const [facts = '', astroPolicy = ''] = (key ?? '').split('\n');
  const [kind, https, pixel, ...connectOrigins] = facts.split(' ');
  const pathname = kind === 'embed' ? '/embed' : kind === 'paying' ? PAYING_PAGES[0]! : '/';
  return completePolicy(astroPolicy || null, {
    pathname,
    https: https === '1',
    pixel: pixel === '1',
    connectOrigins,
  });
}, 512);

/** The policy of `context` around Astro's, through `keptPolicy`. */
function policyOf(astroPolicy: string | null, context: SecurityContext): string {
  const { pathname } = context;
  const kind = isEmbed(pathname) ? 'embed' : isPayingPage(pathname) ? 'paying' : 'page';
  const flag = (on: boolean | undefined) => (on ? '1' : '0');
  const facts = [kind, flag(context.https), flag(context.pixel), ...(context.connectOrigins ?? [])];
  return keptPolicy(`${facts.join(' ')}\n${astroPolicy ?? ''}`);
}

/** Sets the CSP, frame and transport headers of an HTML answer. */
export function applySecurityHeaders(headers: Headers, context: SecurityContext): void {
  headers.set('content-security-policy', policyOf(headers.get('content-security-policy'), context));
  if (isEmbed(context.pathname)) headers.delete('x-frame-options');
  else headers.set('x-frame-options', 'SAMEORIGIN');
  headers.set('x-content-type-options', 'nosniff');
  if (context.https) headers.set('strict-transport-security', HSTS);
}

/** Origins of the absolute URLs among the settings (relative ones are this site). */
export function originsOf(urls: Array<string | undefined>): string[] {
  const out: string[] = [];
  for (const url of urls) {
    if (!url || !/^https?:\/\//i.test(url)) continue;
    try {
      out.push(new URL(url).origin);
    } catch {
      /* not a URL: nothing to allow */
    }
  }
  return out;
}

export { servedOverHttps } from '../../common/served-over-https.ts';
