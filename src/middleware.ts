// Every request: language, church from the host (spec "App start"), module gate,
// redirecting routes, and the response headers every page carries.
import { defineMiddleware } from 'astro:middleware';
import { offerKnownChurch, setChurchForgetter } from '../contract/in-process.ts';
import { serverApi } from './lib/api.server.ts';
import { translator } from './lib/i18n.ts';
import { requestLanguage } from '../contract/language.ts';
import { moduleForPath, redirectFor, requiresLogin } from './lib/routes.ts';
import { settings } from './lib/settings.server.ts';
import { createTenancy } from './lib/tenancy.server.ts';
import { canonicalLocation } from './lib/canonical-host.server.ts';
import { loadHomeRedirect } from './loaders/redirects.server.ts';
import { safeRedirect } from './lib/safe-redirect.ts';
import { pixelIdOf } from './lib/analytics.ts';
import { applySecurityHeaders, originsOf, servedOverHttps } from './lib/security-headers.ts';

const tenancy = createTenancy({ providerDomain: settings.PROVIDER_DOMAIN, api: serverApi });
// A staff change to a church (server.ts's ChangeFeed listener) drops its cached host answers.
setChurchForgetter((churchId) => tenancy.forget(churchId));

/** Paths that work without a church (the bare host's church list and the error page). */
const CHURCHLESS = new Set(['/', '/churchs', '/error', '/language']);
/** The provider's console and the sign-up live on the bare provider domain only (docs/provider.md). */
const isProviderPath = (path: string) => path === '/provider' || path.startsWith('/provider/');

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const { locals, url, request } = context;
  // the browser's language (spec §1), unless the visitor chose one with the footer's switch
  locals.lang = requestLanguage(
    request.headers.get('cookie'),
    request.headers.get('accept-language'),
  );
  locals.t = translator(locals.lang);
  locals.church = null;

  const redirect = redirectFor(url.pathname);
  if (redirect) return context.redirect(safeRedirect(redirect + url.search), 302);

  let resolution;
  try {
    resolution = await tenancy.resolve(request.headers.get('host') ?? url.host);
  } catch (error) {
    console.error('[web] church bootstrap failed', error);
    return showError(locals.t('error.generic'), 503);
  }

  switch (resolution.kind) {
    case 'directory':
      if (!CHURCHLESS.has(url.pathname) && !isProviderPath(url.pathname))
        return context.redirect('/', 302);
      {
        const response = withHeaders(await next(), url.pathname, request);
        if (!response.headers.has('cache-control'))
          setCachePolicy(response.headers, request.method, response.status, url.pathname);
        return response;
      }
    case 'missing':
      return showError(locals.t('error.churchNotFound'), 404);
    case 'inactive':
      return showError(locals.t('error.churchInactive'), 403);
  }

  if (isProviderPath(url.pathname)) return context.redirect('/', 302);
  locals.church = resolution.context;
  const { church, modules } = resolution.context;
  // the church's other names go to its primary host (docs/deploy.md "Own domains and HTTPS")
  const canonical = canonicalLocation({
    method: request.method,
    hostHeader: request.headers.get('host') ?? url.host,
    url,
    https: servedOverHttps(
      new URL(request.url),
      request.headers.get('x-forwarded-proto'),
      settings.TRUST_PROXY,
    ),
    primaryHost: resolution.context.primaryHost,
  });
  if (canonical)
    return new Response(null, {
      status: 301,
      headers: { location: canonical, 'cache-control': 'private, max-age=300' },
    });
  const churchId = String(church.id);
  offerKnownChurch({
    id: church.id,
    slug: church.slug,
    code: church.codigo,
    name: church.nome,
    locale: church.idioma,
    country: church.endereco.pais,
    modules,
  });
  // spec §2: a route whose module the church lacks goes to the church home
  const module = moduleForPath(url.pathname);
  if (module && !resolution.context.modules.includes(module)) return context.redirect('/', 302);
  // an old WordPress address (`/?p=12`) leads to the imported post (docs/staff.md "Moving in");
  // a plain string test first, so the home without one costs nothing
  if (url.pathname === '/' && url.search) {
    const moved = await loadHomeRedirect(church.slug, url.search);
    if (moved) return context.redirect(moved, 301);
  }

  const response = withHeaders(
    await next(),
    url.pathname,
    request,
    !!pixelIdOf(church.facebookPixelCode),
  );
  if (response.headers.get('content-type')?.startsWith('text/html')) {
    response.headers.set('x-church-id', churchId); // lets the page cache purge this church's pages
    if (!response.headers.has('cache-control'))
      setCachePolicy(response.headers, request.method, response.status, url.pathname);
  }
  return response;

  async function showError(message: string, status: number): Promise<Response> {
    locals.errorMessage = message;
    locals.errorStatus = status;
    return withHeaders(await next('/error'), '/error', request);
  }
});

/**
 * Public pages are the same for every visitor of a host in a language (user state lives in
 * islands), so shared caches may keep them briefly; guarded routes are never shared. Serving a
 * stale page while it renders again is for shared caches only (`CDN-Cache-Control`, RFC 9213,
 * which the page cache reads): a browser always asks again, so a staff change shows on the next
 * load (docs/staff.md "Changes show on every node").
 */
function setCachePolicy(headers: Headers, method: string, status: number, pathname: string) {
  if (method !== 'GET' || status !== 200 || requiresLogin(pathname)) {
    headers.set('cache-control', 'private, no-cache');
    return;
  }
  headers.set('cache-control', 'public, max-age=0, s-maxage=30');
  headers.set('cdn-cache-control', 'max-age=30, stale-while-revalidate=300');
}

/** Origins the islands may call besides this site (src/lib/security-headers.ts). */
const connectOrigins = originsOf([
  settings.API_URL,
  settings.BR_POSTCODE_URL,
  settings.US_POSTCODE_URL,
  settings.COUNTRY_STATES_URL,
]);

/** `pixel`: the church has a pixel, which the CSP lets load after consent (src/lib/analytics.ts). */
function withHeaders(
  response: Response,
  pathname: string,
  request: Request,
  pixel = false,
): Response {
  const h = response.headers;
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('Vary', 'Accept-Language');
  // Embedded screens are meant to be framed by the church's other sites; nothing else is.
  if (!pathname.startsWith('/embed/')) h.set('X-Frame-Options', 'SAMEORIGIN');
  const type = h.get('content-type');
  if (type === 'text/html') h.set('content-type', 'text/html; charset=utf-8'); // Astro 7 omits the charset
  if (type?.startsWith('text/html')) {
    const https = servedOverHttps(
      new URL(request.url),
      request.headers.get('x-forwarded-proto'),
      settings.TRUST_PROXY,
    );
    applySecurityHeaders(h, { pathname, https, connectOrigins, pixel }); // CSP, frames, HSTS (docs/security.md)
  }
  return response;
}
