// The login link and the after-login target (DESIGN.md §3 guards). Where a redirect may go is
// judged by the one helper of the site, src/lib/safe-redirect.ts (issue 16 item 2).
import { loginPath, redirectToParam, safeRedirect } from '../../../lib/safe-redirect.ts';

export { safeRedirect };

/** The path and query of the page, for redirectTo. */
export const currentPath = (): string => location.pathname + location.search;

/** The login page, back to `path` afterwards; the path is encoded so its own query survives. */
export const loginHref = (path: string): string => loginPath(path);

/** Where ?redirectTo= of this page points, when it is safe; home otherwise. */
export const redirectTarget = (): string => redirectToParam(location.search);
