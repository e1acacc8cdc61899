// Every setting of the product, read once from the environment at start (docs/architecture.md "Programs and one port").
import { z } from 'zod';

const optionalUrl = z.string().trim().min(1).pipe(z.url()).optional();

export const configSchema = z.object({
  /** Unset is a demo (`npm start`): a missing JWT_SECRET is generated into DATA_DIR. `production` requires JWT_SECRET. */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Churches live on `<codigo>.<PROVIDER_DOMAIN>`; the bare domain lists them. */
  PROVIDER_DOMAIN: z.string().min(1).default('localhost'),
  /** Where PGlite keeps its files, and the outbox and uploads. */
  DATA_DIR: z.string().min(1).default('.data'),
  /** PostgreSQL instead of the embedded PGlite when set. */
  DATABASE_URL: optionalUrl,
  /** "false" runs PGlite on the main thread instead of its own (server/db/pglite-thread.ts). */
  PGLITE_THREAD: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The web app's main API; empty means the API in this same process. */
  API_URL: optionalUrl,
  /** An outside admin site that /admin leaves for (spec §2); unset, /admin is the staff area (docs/staff.md). */
  ADMIN_URL: optionalUrl,
  /** The Voluts volunteer-rosters app that /third-parts/voluts opens (spec §2 Other); unset, the page lists the ministries only. */
  VOLUTS_URL: optionalUrl,
  /** Signs access tokens: 32+ random bytes, required in production (server/auth/jwt-secret.ts). */
  JWT_SECRET: z.string().optional(),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  /** Brazilian postcode service ({cep}/json/); the default is the bundled one in this API. */
  BR_POSTCODE_URL: z.string().trim().min(1).default('/api/v1/postcode/br/'),
  /** US postcode service ({country}/{postcode}); the default is the bundled one in this API. */
  US_POSTCODE_URL: z.string().trim().min(1).default('/api/v1/postcode/us/'),
  /** Country/state list service ({country}/states/); the default is the bundled one in this API. */
  COUNTRY_STATES_URL: z.string().trim().min(1).default('/api/v1/postcode/countries/'),
  /** The country/state service's key, sent as X-CSCAPI-KEY when set. */
  COUNTRY_STATES_KEY: z.string().trim().min(1).optional(),
  /** Set to "false" to start on an empty database (no demo churches). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The in-process shared cache of public pages (server/http/page-cache.ts); "false" renders every request. */
  PAGE_CACHE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The page cache's memory budget in MB (compressed copies included). */
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(65536).default(64),
  /** How many reverse proxies stand in front of this server; their X-Forwarded-For entries name the client. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** DNS servers the host-name proofs are asked of (docs/deploy.md "Own domains and HTTPS"): `ip` or `ip:port`, comma-separated; unset: the system's. */
  DNS_SERVERS: z
    .string()
    .trim()
    .regex(
      /^(\s*(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?|[0-9a-fA-F:]+)\s*)(,\s*(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?|[0-9a-fA-F:]+)\s*)*$/,
      {
        error: 'Use IP addresses, optionally with :port, separated by commas.',
      },
    )
    .optional(),
  /** "false" keeps this process from running background jobs (server/jobs); others on the same database still do. */
  JOB_RUNNER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
  /** After SIGTERM, how long /readyz says 503 while the node still serves, so a load balancer stops sending (docs/deploy.md "Draining"); default 5 s in production, 0 otherwise. */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /** GET /metrics answers with `Authorization: Bearer <METRICS_TOKEN>` (docs/deploy.md "Metrics"); unset (and no METRICS_PORT) it is a 404. */
  METRICS_TOKEN: z.string().trim().min(16).optional(),
  /** A separate listener for /metrics without a token, on METRICS_HOST (default 127.0.0.1 only). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** A Sentry-compatible DSN: unhandled server errors are sent to its envelope endpoint (server/log.ts). */
  ERROR_REPORT_DSN: optionalUrl,
  /** Where uploads are kept (docs/deploy.md "Files"); unset: s3 with S3_BUCKET, postgres with DATABASE_URL, else local. */
  FILE_STORE: z.enum(['local', 'postgres', 's3']).optional(),
  /** Each church's share of the file store in MB: videos, staff uploads, import files (docs/deploy.md "Storage quotas"); 0 = unlimited. */
  STORAGE_QUOTA_MB: z.coerce.number().int().min(0).default(10240),
  /** An S3-compatible store (AWS, MinIO, R2…): its address when not AWS, region, bucket and keys. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /** "true" for MinIO and most self-hosted stores (bucket in the path, not the host name). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Encrypts churches' gateway credentials (AES-256-GCM, 32 bytes as 64 hex or base64); required in production (server/payments/secret-box.ts). */
  PAYMENT_KEY: z.string().optional(),
  /** Web push (docs/notifications.md "Push"): the VAPID key pair (base64url, `npx web-push generate-vapid-keys`); unset, a demo makes one in DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().trim().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().trim().min(1).optional(),
  /** Who the push services may contact about this server's pushes (a mailto: or https: URL). */
  VAPID_SUBJECT: z.string().trim().min(1).optional(),
  /** Late bounces and complaints (docs/notifications.md "Bounces"): the shared secret an MTA or provider sends as `Authorization: Bearer …` to POST /api/v1/email/retorno; unset, that endpoint is off (404). */
  EMAIL_WEBHOOK_SECRET: z.string().trim().min(16).optional(),
  /** Links sent outside a request (e-mails, pushes, jobs): `https` makes them https://<church>.<PROVIDER_DOMAIN> (TLS on 443 at a proxy; docs/deploy.md); unset: https with NODE_ENV=production, else http on PORT. */
  PUBLIC_URL_SCHEME: z.enum(['http', 'https']).optional(),
  /** TEST ONLY, off by default and refused in production: web push may reach a push service on this machine over plain http (a browser test runs its own). */
  PUSH_TEST_LOCAL_SERVICE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** A payment still pending this many minutes after its charge is asked of its gateway (docs/payments.md "Reconciliation"). */
  PAYMENT_RECONCILE_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** Scheduled backups (docs/deploy.md "Backups"): the folder they go to (or are staged in, with the s3 file store); unset, none are made. */
  BACKUP_DIR: z.string().trim().min(1).optional(),
  /** Encrypts backup archives (AES-256-GCM): 32 bytes as 64 hex characters or base64 (`openssl rand -hex 32`). */
  BACKUP_KEY: z
    .string()
    .trim()
    .refine(
      (v) => /^[0-9a-f]{64}$/i.test(v) || /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=?$/.test(v),
      'must be 32 bytes: 64 hex characters or base64 (openssl rand -hex 32)',
    )
    .optional(),
  /** The gateways' API addresses; unset is each provider's own (tests and staging point them elsewhere). */
  STRIPE_API_URL: optionalUrl,
  ZOOP_API_URL: optionalUrl,
  PICPAY_API_URL: optionalUrl,
  CARDCONNECT_API_URL: optionalUrl,
});

export type Config = z.infer<typeof configSchema>;

/** Parses the settings; throws an error that names every invalid variable. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset, as shells and .env files often leave them.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  // a push service on loopback would let members' browsers make the server call this machine
  if (result.data.PUSH_TEST_LOCAL_SERVICE && result.data.NODE_ENV === 'production')
    throw new ConfigError(
      'Invalid settings:\n  PUSH_TEST_LOCAL_SERVICE: a test-only setting, refused when NODE_ENV=production',
    );
  return result.data;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
