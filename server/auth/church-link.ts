// Links in e-mails go back to the church's own host (docs/accounts.md). The request's host is
// used only when it is one of the church's hosts, so a forged Host header cannot redirect them.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '../db/client.ts';
import type { Config } from '../../common/config.ts';
import { churches, churchHostnames } from '../db/schema/index.ts';
import { accountSettings } from './settings.ts';

export interface LinkChurch {
  id: number;
  code: string;
  name: string;
  active: boolean;
}

export async function findChurch(db: Database, churchId: number): Promise<LinkChurch | null> {
  const [row] = await db
    .select({ id: churches.id, code: churches.code, name: churches.name, active: churches.active })
    .from(churches)
    .where(eq(churches.id, churchId));
  return row ?? null;
}

/**
 * The church's own address on the provider's domain, for links sent outside a request (jobs,
 * e-mails, pushes): `https://graca.igrejas.example` with PUBLIC_URL_SCHEME=https (the default in
 * production: TLS at a proxy on 443, so RFC 8058 one-click unsubscribe is honoured), else
 * `http://graca.localhost:4321` on PORT (a demo).
 */
export function churchHomeUrl(
  code: string,
  settings: Pick<Config, 'PROVIDER_DOMAIN' | 'PORT'> &
    Partial<Pick<Config, 'PUBLIC_URL_SCHEME' | 'NODE_ENV'>>,
  scheme?: string,
): string {
  const publicScheme =
    settings.PUBLIC_URL_SCHEME ?? (settings.NODE_ENV === 'production' ? 'https' : undefined);
  if (publicScheme === 'https') return `https://${code}.${settings.PROVIDER_DOMAIN}`;
  const port =
    settings.PORT === 80 || settings.PORT === 443 || settings.PORT === 0 ? '' : `:${settings.PORT}`;
  return `${scheme ?? 'http'}://${code}.${settings.PROVIDER_DOMAIN}${port}`;
}

/** `http://graca.localhost:4321` for the church, preferring the host the request came to. */
export async function churchOrigin(db: Database, c: Context, church: LinkChurch): Promise<string> {
  const settings = accountSettings();
  const { PROVIDER_DOMAIN } = settings;
  const hostHeader = (c.req.header('x-forwarded-host') ?? c.req.header('host') ?? '')
    .split(',')[0]!
    .trim()
    .toLowerCase();
  const host = hostHeader.replace(/:\d+$/, '');
  const proto = (c.req.header('x-forwarded-proto') ?? new URL(c.req.url).protocol.replace(':', ''))
    .split(',')[0]!
    .trim();
  const scheme = proto === 'https' ? 'https' : 'http';
  if (host === `${church.code}.${PROVIDER_DOMAIN}`) return `${scheme}://${hostHeader}`;
  if (host) {
    const custom = await db
      .select({ hostname: churchHostnames.hostname })
      .from(churchHostnames)
      .where(and(eq(churchHostnames.churchId, church.id), isNotNull(churchHostnames.verifiedAt))); // proven names only
    if (custom.some((h) => h.hostname === host)) return `${scheme}://${hostHeader}`;
  }
  return churchHomeUrl(church.code, settings, scheme);
}
