// The route rules of spec §2 and shared/spec/routes.tsv that apply before any page renders:
// the module gate, the redirecting routes, and which routes need (or refuse) a login.

/** First path segment → module code (routes.tsv "module" column). */
const MODULE_BY_SECTION: Record<string, string> = {
  live: 'MOD_CULTO',
  event: 'MOD_EVENTO',
  give: 'MOD_DOACAO',
  doacoes: 'MOD_DOACAO',
  groups: 'MOD_CELULA',
  studies: 'MOD_CELULA',
  devotionals: 'MOD_DEVOCIONAL',
  news: 'MOD_NOTICIA',
  ebds: 'MOD_EBD',
  'publication-types': 'MOD_PUBLICACAO',
  publications: 'MOD_PUBLICACAO',
  prayer: 'MOD_MURAL_ORACAO',
  play: 'MOD_ASSINATURA',
  subscription: 'MOD_ASSINATURA',
};

function firstSegment(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

/** The module a path belongs to, or null when it needs none. */
export function moduleForPath(pathname: string): string | null {
  return MODULE_BY_SECTION[firstSegment(pathname)] ?? null;
}

/** Routes that only send the user elsewhere (routes.tsv layout "-"). Query strings are kept. */
export function redirectFor(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  switch (path) {
    case '/register':
    case '/login':
    case '/reset-password':
      return '/access';
    case '/doacoes':
      return '/give';
    case '/louvor': // the Portuguese name of the team's songbook (docs/praise.md)
      return '/praise';
    case '/user/update':
      return '/user/data';
    case '/user/payment':
      return '/';
  }
  if (path === '/subscription' || path.startsWith('/subscription/')) return '/play';
  return null;
}

/** Auth-required route prefixes (routes.tsv access "auth"); guarded on the client (docs/architecture.md "The client shape"). */
const AUTH_PATTERNS: RegExp[] = [
  /^\/event\/[^/]+\/tickets\/?$/,
  /^\/checkout(\/|$)/,
  /^\/groups\/[^/]+\/meetings(\/|$)/,
  /^\/groups\/[^/]+\/requests\/?$/,
  /^\/prayer\/new(\/|$)/,
  /^\/praise(\/|$)/, // the team's songbook (not in routes.tsv; docs/praise.md)
  /^\/prayer\/[^/]+\/delete\/?$/,
  /^\/prayer\/delete\/success\/?$/,
  /^\/play\/(watch|my-list|my-plan|checkout)(\/|$)/,
  /^\/reading-plans(\/|$)/,
  /^\/user(\/|$)/,
  /^\/third-parts(\/|$)/,
  /^\/admin(\/?$|\/(?!recover-password\/?$))/, // the staff area (docs/staff.md), not its password hand-off
];

export function requiresLogin(pathname: string): boolean {
  return AUTH_PATTERNS.some((re) => re.test(pathname));
}

/** Visitors-only routes (routes.tsv access "visitors"): a logged-in user goes home. */
export function visitorsOnly(pathname: string): boolean {
  return /^\/(access|login|reset-password)\/?$/.test(pathname);
}

/** Layout of a path (routes.tsv "layout"). */
export type LayoutName = 'HOME' | 'DEFAULT' | 'INPC_PLAY' | 'EMBED';
export function layoutForPath(pathname: string): LayoutName {
  if (pathname === '/') return 'HOME';
  const section = firstSegment(pathname);
  if (section === 'play') return 'INPC_PLAY';
  if (section === 'embed') return 'EMBED';
  return 'DEFAULT';
}

/**
 * Routes of routes.tsv whose pages later issues will build. Menus, home blocks, account links and
 * the sitemap leave them out, so no link leads to the error page; routes.test.ts fails as soon as
 * a page is added for one of them (remove it here) or a spec route has neither a page nor an entry.
 */
const NOT_BUILT_YET: RegExp[] = [
  // Empty: every route of routes.tsv has its page. A route added to the spec before its page goes here.
];

/** Whether the web app has a page for this internal path (false only for routes still to build). */
export function isBuilt(pathname: string): boolean {
  return !NOT_BUILT_YET.some((re) => re.test(pathname));
}
