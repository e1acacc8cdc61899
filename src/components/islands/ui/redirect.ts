// The login link and the after-login target (docs/architecture.md "The client shape": login guards). Where a redirect may go is
// judged by the one helper of the site, src/lib/safe-redirect.ts (docs/security.md "Redirects").
import { redirectToParam } from '../../../lib/safe-redirect.ts';

// `loginHref(path)` is the site's one login link, `loginPath` (the access page, back to `path`
// afterwards, encoded so its own query survives; an unsafe path comes back home).
export { loginPath as loginHref, safeRedirect } from '../../../lib/safe-redirect.ts';

/** The path and query of the page, for redirectTo. */
export const currentPath = (): string => location.pathname + location.search;

/** Where ?redirectTo= of this page points, when it is safe; home otherwise. */
export const redirectTarget = (): string => redirectToParam(location.search);
