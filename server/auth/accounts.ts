// Account helpers the auth and user routes share: the caller's address, rate-limit refusals,
// lookups by e-mail and the one-time links sent by e-mail. A plain module, so neither routes
// file imports the other (docs/api-foundation.md "Imports between resources").
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '../db/client.ts';
import { userAddresses, users, userTokens } from '../db/schema/index.ts';
import { clientAddress, limitAddress } from '../http/client-address.ts';
import type { Mailer } from '../mail/outbox.ts';
import { accountMail } from '../mail/templates.ts';
import { churchOrigin, type LinkChurch } from './church-link.ts';
import { ApiProblem, langOf } from '../http/errors.ts';
import { accountSettings } from './settings.ts';
import { randomToken, sha256 } from './tokens.ts';
import { log } from '../log.ts';

const RECOVERY_MS = 60 * 60_000;
const ACTIVATION_MS = 48 * 60 * 60_000;

export const ok = (message: string) => ({ status: true as const, message });

/** A 429 with Retry-After when a limit says wait (docs/security.md "Login and account limits"). */
export function refuseIfWaiting(c: Context, wait: number): void {
  if (wait <= 0) return;
  c.header('Retry-After', String(Math.ceil(wait / 1000)));
  throw new ApiProblem(429, 'auth.tooManyAttempts', undefined, {
    minutes: Math.max(1, Math.ceil(wait / 60_000)),
  });
}

/**
 * The caller's address as per-address limits count it (TRUST_PROXY decides how X-Forwarded-For
 * is read; an IPv6 client counts by its /64, `limitAddress`). Every limiter keyed by address uses it.
 */
export const callerAddress = (c: Context): string =>
  limitAddress(clientAddress(c, accountSettings().TRUST_PROXY));

export async function userByEmail(db: Database, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row ?? null;
}

export async function hasAddress(db: Database, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: userAddresses.id })
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** Creates a one-time token, e-mails its link to the church's host, and says whether it went out. */
export async function sendAccountLink(
  db: Database,
  mailer: Mailer,
  c: Context,
  kind: 'activation' | 'recovery',
  user: { id: number; email: string; firstName: string },
  church: LinkChurch,
): Promise<boolean> {
  const token = randomToken();
  await db.insert(userTokens).values({
    userId: user.id,
    churchId: church.id,
    purpose: kind,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + (kind === 'recovery' ? RECOVERY_MS : ACTIVATION_MS)),
  });
  const origin = await churchOrigin(db, c, church);
  const param = kind === 'recovery' ? 'resetToken' : 'activationToken';
  const link = `${origin}/access?${param}=${encodeURIComponent(token)}`;
  try {
    await mailer.send(
      accountMail(kind, langOf(c), user.email, { name: user.firstName, church: church.name, link }),
    );
    return true;
  } catch (error) {
    log.error({ err: error, kind }, '[mail] could not send');
    return false;
  }
}
