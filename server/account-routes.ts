// Every account route (docs/accounts.md: auth, users, addresses, children, utilities, postcodes,
// images), mounted by server/app.ts with one line. It lives beside app.ts, not in a resource
// folder, so no resource imports another's routes file (docs/api-foundation.md "Imports between resources").
import { Hono } from 'hono';
import { addressRoutes } from './addresses/addresses.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { accountSettings } from './auth/settings.ts';
import { childRoutes } from './children/children.routes.ts';
import { kidsMemberRoutes } from './kids/kids-member.routes.ts';
import type { Config } from '../common/config.ts';
import type { Database } from './db/client.ts';
import { imageRoutes } from './images/images.routes.ts';
import { createImageStore, type ImageStore } from './images/store.ts';
import { localFileStoreIn } from './files/local.ts';
import type { Mailer } from './mail/outbox.ts';
import { memberRoutes } from './users/members.routes.ts';
import { membershipRoutes } from './users/memberships.routes.ts';
import { notificationRoutes } from './users/notifications.routes.ts';
import { utilRoutes } from './utils/utils.routes.ts';

export interface AccountRouteOptions {
  /** createApi's mailer, from its settings. */
  mailer: Mailer;
  /** The API's settings (createApi's); read from the environment when absent (tests). */
  settings?: Config;
  images?: ImageStore;
}

export function accountRoutes(db: Database, options: AccountRouteOptions) {
  const { mailer } = options;
  const images =
    options.images ??
    createImageStore(localFileStoreIn(() => (options.settings ?? accountSettings()).DATA_DIR));
  return new Hono({ strict: false })
    .route('/', authRoutes(db, mailer))
    .route('/', memberRoutes(db, mailer))
    .route('/', membershipRoutes(db, mailer))
    .route('/', notificationRoutes(db))
    .route('/', addressRoutes(db))
    .route('/', childRoutes(db))
    .route('/', kidsMemberRoutes(db))
    .route('/', imageRoutes(db, images))
    .route('/', utilRoutes());
}
