// Two-factor sign-in for an account (docs/security.md "Two-factor sign-in"): enrol with a TOTP
// secret (sealed at rest under PAYMENT_KEY, bound to the account), confirm it with a first code,
// ten single-use recovery codes kept only as SHA-256, turn it off with a code; and the login's
// second step: a signed challenge that issues no token until a code matches, codes never
// accepted twice (the last step kept, updated only forwards).
import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem } from '../http/errors.ts';
import { open, paymentKey, seal } from '../payments/secret-box.ts';
import { accountSettings } from './settings.ts';
import { signer } from './signing.ts';
import { sha256 } from './tokens.ts';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

export const RECOVERY_CODES = 10;
/** The second step must follow the password within this time. */
export const CHALLENGE_MS = 5 * 60_000;

const context = (userId: number) => `usuario:${userId}:totp`;
const key = () => paymentKey(accountSettings());
const challenges = signer('two-factor-login');

/** `xxxxx-xxxxx`, lower-case letters and digits without look-alikes. */
function recoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const recoveryHash = (code: string) => sha256(code.trim().toLowerCase().replace(/-/g, ''));

export async function twoFactorRow(db: Database, userId: number) {
  const [row] = await db.select().from(t.userTwoFactor).where(eq(t.userTwoFactor.userId, userId));
  return row ?? null;
}

export async function hasTwoFactor(db: Database, userId: number): Promise<boolean> {
  return (await twoFactorRow(db, userId))?.active ?? false;
}

export async function twoFactorStatus(db: Database, userId: number) {
  const row = await twoFactorRow(db, userId);
  const [left] = await db
    .select({ n: count() })
    .from(t.userRecoveryCodes)
    .where(and(eq(t.userRecoveryCodes.userId, userId), isNull(t.userRecoveryCodes.usedAt)));
  return { ativo: row?.active ?? false, codigosRestantes: row?.active ? (left?.n ?? 0) : 0 };
}

/** A new secret for the app (replacing an unconfirmed one); 409 when two-factor is already on. */
export async function startEnrolment(
  db: Database,
  user: { id: number; email: string },
  issuer: string,
) {
  const row = await twoFactorRow(db, user.id);
  if (row?.active) throw new ApiProblem(409, 'twoFactor.alreadyOn');
  const secret = newTotpSecret();
  const sealed = seal(key(), secret, context(user.id));
  await db
    .insert(t.userTwoFactor)
    .values({ userId: user.id, sealedSecret: sealed, active: false })
    .onConflictDoUpdate({
      target: t.userTwoFactor.userId,
      set: { sealedSecret: sealed, active: false, lastStep: null, createdAt: new Date() },
    });
  const uri = otpauthUri(secret, user.email, issuer);
  return { segredo: secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
}

/**
 * Checks a TOTP code of the account and spends its step (atomically: two requests with one code
 * cannot both pass). True when it matched.
 */
async function spendTotp(
  db: Database,
  row: { userId: number; sealedSecret: string; lastStep: number | null },
  code: string,
  now: number,
): Promise<boolean> {
  const secret = open(key(), row.sealedSecret, context(row.userId));
  const step = matchTotp(secret, code, now, row.lastStep);
  if (step === null) return false;
  const spent = await db
    .update(t.userTwoFactor)
    .set({ lastStep: step })
    .where(
      and(
        eq(t.userTwoFactor.userId, row.userId),
        or(isNull(t.userTwoFactor.lastStep), lt(t.userTwoFactor.lastStep, step)),
      ),
    )
    .returning({ userId: t.userTwoFactor.userId });
  return spent.length > 0;
}

/** Spends one unused recovery code of the account; true when it was one. */
async function spendRecoveryCode(db: Database, userId: number, code: string): Promise<boolean> {
  const used = await db
    .update(t.userRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(t.userRecoveryCodes.userId, userId),
        eq(t.userRecoveryCodes.codeHash, recoveryHash(code)),
        isNull(t.userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: t.userRecoveryCodes.id });
  return used.length > 0;
}

/** The first code from the app turns two-factor on; answers the ten recovery codes (shown once). */
export async function confirmEnrolment(
  db: Database,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<string[]> {
  const row = await twoFactorRow(db, userId);
  if (!row) throw new ApiProblem(409, 'twoFactor.notEnrolling');
  if (row.active) throw new ApiProblem(409, 'twoFactor.alreadyOn');
  if (/-|[a-z]/i.test(code) || !(await spendTotp(db, row, code, now)))
    throw fieldProblem(422, 'codigo', 'twoFactor.wrongCode');
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  await db.transaction(async (tx) => {
    await tx
      .update(t.userTwoFactor)
      .set({ active: true, activatedAt: new Date(now) })
      .where(eq(t.userTwoFactor.userId, userId));
    await tx.delete(t.userRecoveryCodes).where(eq(t.userRecoveryCodes.userId, userId));
    await tx
      .insert(t.userRecoveryCodes)
      .values(codes.map((c) => ({ userId, codeHash: recoveryHash(c) })));
  });
  return codes;
}

/** A code of the app or an unused recovery code of an account with two-factor on; true when it matched. */
export async function checkSecondFactor(
  db: Database,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const row = await twoFactorRow(db, userId);
  if (!row?.active) return false;
  if (/-|[a-z]/i.test(code)) return spendRecoveryCode(db, userId, code);
  return spendTotp(db, row, code, now);
}

/** Turns two-factor off with a code (of the app or a recovery code). */
export async function disableTwoFactor(db: Database, userId: number, code: string): Promise<void> {
  const row = await twoFactorRow(db, userId);
  if (!row?.active) throw new ApiProblem(409, 'twoFactor.notOn');
  if (!(await checkSecondFactor(db, userId, code)))
    throw fieldProblem(422, 'codigo', 'twoFactor.wrongCode');
  await db.transaction(async (tx) => {
    await tx.delete(t.userRecoveryCodes).where(eq(t.userRecoveryCodes.userId, userId));
    await tx.delete(t.userTwoFactor).where(eq(t.userTwoFactor.userId, userId));
  });
}

/** The challenge the password step answers: the account, an expiry, signed; no token in it. */
export function issueChallenge(userId: number, now = Date.now()): string {
  const body = `${userId}.${now + CHALLENGE_MS}.${randomBytes(9).toString('base64url')}`;
  return `${body}.${challenges.sign(body)}`;
}

/** The account of a valid, unexpired challenge, or null. */
export function challengeUser(challenge: string, now = Date.now()): number | null {
  const parts = challenge.split('.');
  if (parts.length !== 4) return null;
  const body = parts.slice(0, 3).join('.');
  if (!challenges.verify(parts[3]!, body)) return null;
  const [user, until] = parts.map(Number) as [number, number];
  if (!Number.isInteger(user) || !(until > now)) return null;
  return user;
}

/** Whether the church requires two-factor of its staff (staff site settings). */
export async function churchRequiresTwoFactor(db: Database, churchId: number): Promise<boolean> {
  const [row] = await db
    .select({ required: t.churchSecurity.requireTwoFactor })
    .from(t.churchSecurity)
    .where(eq(t.churchSecurity.churchId, churchId));
  return row?.required ?? false;
}

/** Sets the church's requirement (inside the staff write path's transaction). */
export async function setChurchRequiresTwoFactor(
  db: Database | Parameters<Parameters<Database['transaction']>[0]>[0],
  churchId: number,
  required: boolean,
): Promise<void> {
  await db
    .insert(t.churchSecurity)
    .values({ churchId, requireTwoFactor: required, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: t.churchSecurity.churchId,
      set: { requireTwoFactor: required, updatedAt: sql`now()` },
    });
}

/** A staff caller's two-factor state in a church: required there, and on for the account. */
export async function staffTwoFactor(db: Database, churchId: number, userId: number) {
  const [exigido, ativo] = await Promise.all([
    churchRequiresTwoFactor(db, churchId),
    hasTwoFactor(db, userId),
  ]);
  return { exigido, ativo };
}
