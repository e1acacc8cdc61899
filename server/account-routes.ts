// Every account route (docs/accounts.md: auth, users, addresses, children, utilities, postcodes,
// images), mounted by server/app.ts with one line. It lives beside app.ts, not in a resource
// folder, so no resource imports another's routes file (docs/api-foundation.md "Imports between resources").
import { Hono } from 'hono';
import { addressRoutes } from './addresses/addresses.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { childRoutes } from './children/children.routes.ts';
import { kidsMemberRoutes } from './kids/kids-member.routes.ts';
import { imageRoutes } from './images/images.routes.ts';
import { memberRoutes } from './users/members.routes.ts';
import { membershipRoutes } from './users/memberships.routes.ts';
import { notificationRoutes } from './users/notifications.routes.ts';
import { utilRoutes } from './utils/utils.routes.ts';
import type { MemberDeps } from './member/deps.ts';

export function accountRoutes(deps: MemberDeps) {
  return new Hono({ strict: false })
    .route('/', authRoutes(deps))
    .route('/', memberRoutes(deps))
    .route('/', membershipRoutes(deps))
    .route('/', notificationRoutes(deps))
    .route('/', addressRoutes(deps))
    .route('/', childRoutes(deps))
    .route('/', kidsMemberRoutes(deps))
    .route('/', imageRoutes(deps))
    .route('/', utilRoutes());
}
