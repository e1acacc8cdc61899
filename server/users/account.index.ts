// Every account route of issue 4 (auth, users, addresses, children, utilities, postcodes,
// images), mounted by server/app.ts with one line.
import { Hono } from 'hono';
import { addressRoutes } from '../addresses/addresses.routes.ts';
import { authRoutes } from '../auth/auth.routes.ts';
import { accountSettings } from '../auth/settings.ts';
import { childRoutes } from '../children/children.routes.ts';
import type { Database } from '../db/client.ts';
import { imageRoutes } from '../images/images.routes.ts';
import { createMailer, type Mailer } from '../mail/outbox.ts';
import { utilRoutes } from '../utils/utils.routes.ts';
import { userRoutes } from './users.routes.ts';

export function accountRoutes(db: Database, options: { mailer?: Mailer } = {}) {
  const settings = accountSettings();
  const mailer = options.mailer ?? createMailer({ dataDir: settings.DATA_DIR, smtpUrl: settings.SMTP_URL });
  return new Hono({ strict: false })
    .route('/', authRoutes(db, mailer))
    .route('/', userRoutes(db, mailer))
    .route('/', addressRoutes(db))
    .route('/', childRoutes(db))
    .route('/', imageRoutes(db))
    .route('/', utilRoutes());
}
