// The v1 API: every resource's routes under /api/v1, with security headers and the
// error format of docs/api-foundation.md.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { importUploadLimit } from './imports/imports.routes.ts';
import { secureHeaders } from 'hono/secure-headers';
import { brandingRoutes } from './branding/branding.routes.ts';
import { bibleRoutes } from './bible/bible.routes.ts';
import { churchRoutes } from './church/church.routes.ts';
import { sitemapRoutes } from './sitemap/sitemap.routes.ts';
import { accountRoutes } from './account-routes.ts';
import { eventRoutes } from './events/events.routes.ts';
import { feeRoutes } from './payments/fees.routes.ts';
import { paymentRoutes } from './payments/payments.routes.ts';
import { webhookRoutes } from './payments/webhooks.routes.ts';
import { givingRoutes } from './giving/giving.routes.ts';
import { registrationRoutes } from './events/registrations.routes.ts';
import { scheduleRoutes } from './schedule/schedule.routes.ts';
import { contentRoutes } from './content/content.routes.ts';
import { prayerRoutes } from './prayer/prayer.routes.ts';
import { praiseRoutes } from './praise/praise.routes.ts';
import { praiseTeamRoutes } from './praise/praise-team.routes.ts';
import { groupRoutes } from './groups/groups.routes.ts';
import { notesRoutes } from './notes/notes.routes.ts';
import { readingPlanRoutes } from './reading-plans/reading-plans.routes.ts';
import { playRoutes } from './play/play.routes.ts';
import { playWatchRoutes } from './play/watch.routes.ts';
import { playPosterRoutes } from './play/play-staff.routes.ts';
import { liveRoutes } from './live/live.routes.ts';
import { pushRoutes } from './notifications/push.routes.ts';
import { clientErrorRoutes } from './client-errors/client-errors.routes.ts';
import { createChangeFeed, type ChangeFeed } from './changes.ts';
import { staffApi } from './staff-routes.ts';
import { storableText } from './http/storable-text.ts';
import { answerHeaders } from './http/answer-headers.ts';
import { inProcessAnswers, outsideOnly } from './http/in-process-answers.ts';
import { apiRouteLabel } from './http/route-label.ts';
import { RememberedRoutes } from './http/remembered-routes.ts';
import type { Database } from './db/client.ts';
import { errorAnswer, handleError } from './http/errors.ts';
import { accountSettings, useSettings } from './auth/settings.ts';
import type { FileStore } from './files/file-store.ts';
import type { MemberDeps } from './member/deps.ts';
import { localFileStoreIn } from './files/local.ts';
import { createPdfStore } from './images/pdf-store.ts';
import { createImageStore } from './images/store.ts';
import { mailerFromSettings } from './mail/outbox.ts';
import { redirectRoutes } from './imports/redirects.routes.ts';
import { invitationRoutes } from './invitations/invitations.routes.ts';
import { domainRoutes } from './domains/domains.routes.ts';
import { providerRoutes } from './provider/provider.routes.ts';
import { exportDownloadRoutes } from './exports/exports.routes.ts';
import { unsubscribeRoutes } from './notifications/unsubscribe.routes.ts';
import { rotaRoutes } from './teams/rotas.routes.ts';
import { parseConfig, type Config } from '../common/config.ts';

export const API_BASE = '/api/v1';

export interface ApiDeps {
  db: Database;
  /** Where write routes announce that a church's data changed (purges cached pages). */
  changes?: ChangeFeed;
  /** The settings (common/config.ts) the routes use; tests may leave them out (read from the environment). */
  settings?: Config;
  /** The one file store (docs/deploy.md "Files"); tests may leave it out (a local one under DATA_DIR/files). */
  files?: FileStore;
}

export function createApi({ db, changes = createChangeFeed(), settings, files: given }: ApiDeps) {
  if (settings) useSettings(settings); // the modules that still read settings get these ones
  const files = given ?? localFileStoreIn(() => (settings ?? accountSettings()).DATA_DIR);
  // Uploads are checked and shaped by these stores, kept by the file store (every node sees them).
  const images = createImageStore(files);
  const pdfs = createPdfStore(files);
  // One mailer for every route that sends mail, from these settings (tests: the environment's).
  const mailer = mailerFromSettings(() => settings ?? parseConfig());
  // what member-side route factories are given (server/member/deps.ts), as staffApi gets StaffDeps
  const member: MemberDeps = { db, changes, mailer, images, files, pdfs };
  const api = new Hono({ strict: false, router: new RememberedRoutes() }).basePath(API_BASE);
  api.use(inProcessAnswers()); // a page render's reads in this process take values, not JSON text
  api.use(apiRouteLabel()); // the route pattern for logs and metrics (docs/deploy.md "Metrics")
  // a browser's headers: a page's read in this process never reaches a browser
  api.use(
    outsideOnly(
      secureHeaders({ crossOriginResourcePolicy: 'same-site', strictTransportSecurity: false }),
    ),
  );
  api.use(outsideOnly(answerHeaders(() => (settings ?? parseConfig()).TRUST_PROXY))); // HSTS on HTTPS only; private answers not stored
  const generalLimit = bodyLimit({
    maxSize: 10 * 1024 * 1024,
    onError: (c) => errorAnswer(c, 413, 'Request body too large.'),
  });
  // the import upload has its own, larger cap (server/imports/imports.routes.ts: 20 MB files)
  const importUpload = new RegExp(`^${API_BASE}/admin/[^/]+/importacao/?$`);
  const importLimit = importUploadLimit();
  api.use((c, next) =>
    c.req.method === 'POST' && importUpload.test(c.req.path)
      ? importLimit(c, next)
      : generalLimit(c, next),
  );
  api.use(storableText()); // NUL bytes and lone surrogates: a per-field 400, never a 500 (docs/security.md)
  api.route('/', churchRoutes(member));
  api.route('/', sitemapRoutes(member));
  api.route('/', accountRoutes(member));
  api.route('/', eventRoutes(member));
  api.route('/', feeRoutes(member));
  api.route('/', paymentRoutes(member));
  api.route('/', webhookRoutes(member));
  api.route('/', givingRoutes(member));
  api.route('/', registrationRoutes(member));
  api.route('/', bibleRoutes());
  api.route('/', scheduleRoutes(member));
  api.route('/', contentRoutes(member));
  api.route(
    '/',
    brandingRoutes(member, async (path) => api.request(path)),
  );
  api.route('/', prayerRoutes(member));
  api.route('/', praiseRoutes(member));
  api.route('/', praiseTeamRoutes(member));
  api.route('/', groupRoutes(member));
  api.route('/', notesRoutes(member));
  api.route('/', readingPlanRoutes(member));
  api.route('/', playRoutes(member));
  api.route('/', playWatchRoutes(member));
  api.route('/', playPosterRoutes(member));
  api.route('/', liveRoutes(member));
  api.route('/', pushRoutes(member));
  api.route('/', clientErrorRoutes());
  api.route('/', redirectRoutes(member));
  api.route('/', invitationRoutes(member));
  api.route('/', domainRoutes(member));
  api.route('/', providerRoutes({ db, changes, mailer, files }));
  api.route('/', exportDownloadRoutes(member));
  api.route('/', unsubscribeRoutes(member));
  api.route('/', rotaRoutes(member));
  api.route(
    '/',
    staffApi({
      db,
      changes,
      images,
      mailer,
      files,
    }),
  );
  api.notFound((c) => errorAnswer(c, 404, 'api.notFound'));
  api.onError(handleError);
  return api;
}

export type Api = ReturnType<typeof createApi>;
