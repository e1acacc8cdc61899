// Access tokens (JWT, HS256, short-lived) and opaque refresh tokens stored hashed, rotated on
// every use; presenting a spent refresh token revokes its whole family (docs/api-foundation.md "Sign-in").
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { TokenPair } from '../../contract/auth.ts';
import type { Database } from '../db/client.ts';
import { refreshTokens } from '../db/schema/index.ts';
import { jwtSecret } from './jwt-secret.ts';
import { accountSettings } from './settings.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;
const ISSUER = 'church-web';

let key: { settings: object; bytes: Uint8Array } | undefined;
/** The signing key, read again only when the settings were reset (tests). */
function secretKey(): Uint8Array {
  const settings = accountSettings();
  if (key?.settings !== settings)
    key = { settings, bytes: new TextEncoder().encode(jwtSecret(settings)) };
  return key.bytes;
}

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A random URL-safe token for links and refresh tokens. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

export async function signAccessToken(userId: number, email: string): Promise<string> {
  return new SignJWT({ email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(secretKey());
}

/** The user of a valid access token, or null (expired, forged, malformed). */
export async function verifyAccessToken(
  token: string,
): Promise<{ userId: number; email: string } | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(), {
      issuer: ISSUER,
      algorithms: ['HS256'],
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0 || typeof payload.email !== 'string') return null;
    return { userId, email: payload.email };
  } catch {
    return null;
  }
}

async function insertRefreshToken(db: Database, userId: number, family: string): Promise<string> {
  const token = randomToken();
  await db.insert(refreshTokens).values({
    userId,
    family,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000),
  });
  return token;
}

/** A new session: access token plus the first refresh token of a new family. */
export async function issueTokenPair(
  db: Database,
  user: { id: number; email: string },
): Promise<TokenPair> {
  return {
    token: await signAccessToken(user.id, user.email),
    refresh_token: await insertRefreshToken(db, user.id, randomUUID()),
  };
}

export type RotateResult =
  | { ok: true; userId: number; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

/** Spends a refresh token and returns its successor in the same family. */
export async function rotateRefreshToken(db: Database, token: string): Promise<RotateResult> {
  const hash = sha256(token);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash))
      .for('update');
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.usedAt || row.revokedAt) {
      // A spent token came back: someone holds a copy. End every session of this family.
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.family, row.family), isNull(refreshTokens.revokedAt)));
      return { ok: false, reason: 'reused' } as const;
    }
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;
    // Only the first of two concurrent uses wins the update.
    const spent = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (!spent.length) return { ok: false, reason: 'reused' } as const;
    const next = randomToken();
    await tx.insert(refreshTokens).values({
      userId: row.userId,
      family: row.family,
      tokenHash: sha256(next),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000),
    });
    return { ok: true, userId: row.userId, refreshToken: next } as const;
  });
}

/** Ends every session of a user (password change, account deletion). */
export async function revokeUserTokens(db: Database, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
