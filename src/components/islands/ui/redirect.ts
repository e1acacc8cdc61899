// The login link and the after-login target (DESIGN.md §3 guards).
// TODO(security): src/lib/safe-redirect.ts is being written; when it lands, re-export its
// safeRedirect here and delete this copy (this is the only one in the web app).

/** The path and query of the page, for redirectTo. */
export const currentPath = (): string => location.pathname + location.search;

/** The login page, back to `path` afterwards; the path is encoded so its own query survives. */
export const loginHref = (path: string): string => `/access?redirectTo=${encodeURIComponent(path)}`;

/** Only same-site paths are followed after login (no open redirect). */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
}

/** Where ?redirectTo= of this page points, when it is safe; home otherwise. */
export const redirectTarget = (): string => safeRedirect(new URLSearchParams(location.search).get('redirectTo'));
