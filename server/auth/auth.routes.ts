// The security calls of spec §7 "Auth and user": login, token refresh, password recovery,
// e-mail verification, password change and /me.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  changePasswordBody,
  loginBody,
  recoverPasswordBody,
  refreshBody,
  resetPasswordBody,
  verificationQuery,
  verifyEmailBody,
} from '../../contract/auth.ts';
import { accountMessage } from '../../contract/account-messages.ts';
import type { Database } from '../db/client.ts';
import { churchUsers, users, userTokens } from '../db/schema/index.ts';
import type { Mailer } from '../mail/outbox.ts';
import { toUser } from '../users/user.serializers.ts';
import { requireUser } from './authenticate.ts';
import { findChurch } from './church-link.ts';
import {
  callerAddress,
  hasAddress,
  ok,
  refuseIfWaiting,
  sendAccountLink,
  userByEmail,
} from './accounts.ts';
import { check, langOf, problem } from './errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  accountKey,
  ADDRESS_RULE,
  addressKey,
  clearFailures,
  longestWait,
  MAIL_ACCOUNT_RULE,
  MAIL_ADDRESS_RULE,
  PAIR_RULE,
  pairKey,
  recordFailure,
  spend,
} from './rate-limit.ts';
import {
  issueTokenPair,
  revokeUserTokens,
  rotateRefreshToken,
  sha256,
  signAccessToken,
} from './tokens.ts';

/** Shared with the user routes; they live in a plain module so no routes file imports another (issue 17). */
export {
  callerAddress,
  hasAddress,
  ok,
  refuseIfWaiting,
  sendAccountLink,
  userByEmail,
} from './accounts.ts';

/** Recovery and activation mails: per address and per e-mail, so nobody floods a mailbox. */
async function spendMail(db: Database, c: Context, email: string): Promise<void> {
  refuseIfWaiting(c, await spend(db, `mail:${addressKey(callerAddress(c))}`, MAIL_ADDRESS_RULE));
  refuseIfWaiting(c, await spend(db, `mail:${accountKey(email)}`, MAIL_ACCOUNT_RULE));
}

/** Spends a one-time token of the given purpose; null when unknown, used or expired. */
async function spendToken(db: Database, token: string, purpose: 'activation' | 'recovery') {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, sha256(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

export function authRoutes(db: Database, mailer: Mailer) {
  return new Hono({ strict: false })
    .post('/security/login_check', check('json', loginBody), async (c) => {
      const { username, password } = c.req.valid('json');
      // Per account and address together: wrong guesses from elsewhere never lock the owner's own device out.
      const address = callerAddress(c);
      const pair = pairKey(username, address);
      refuseIfWaiting(c, await longestWait(db, [pair, addressKey(address)]));
      const user = await userByEmail(db, username);
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
        await recordFailure(db, pair, PAIR_RULE);
        await recordFailure(db, addressKey(address), ADDRESS_RULE);
        throw problem(c, 401, 'auth.invalidCredentials');
      }
      if (!user.active) throw problem(c, 403, 'auth.inactive');
      await clearFailures(db, pair);
      return c.json(await issueTokenPair(db, user));
    })
    .post('/security/token/refresh', check('json', refreshBody), async (c) => {
      const result = await rotateRefreshToken(db, c.req.valid('json').refreshToken);
      if (!result.ok) throw problem(c, 401, 'auth.refreshInvalid');
      const [user] = await db.select().from(users).where(eq(users.id, result.userId));
      if (!user || !user.active) throw problem(c, 401, 'auth.refreshInvalid');
      return c.json({
        token: await signAccessToken(user.id, user.email),
        refresh_token: result.refreshToken,
      });
    })
    .post('/security/recuperar-senha', check('json', recoverPasswordBody), async (c) => {
      const { email, igreja } = c.req.valid('json');
      const church = await findChurch(db, igreja);
      if (!church) throw problem(c, 404, 'church.notFound');
      await spendMail(db, c, email);
      const user = await userByEmail(db, email);
      if (!user) throw problem(c, 404, 'recover.notFound'); // spec §8 'E-mail não encontrado.' (rate limited above)
      const sent = await sendAccountLink(db, mailer, c, 'recovery', user, church);
      if (!sent) throw problem(c, 502, 'recover.sendError');
      return c.json(ok(accountMessage(langOf(c), 'recover.sent')));
    })
    .post('/security/recuperar-senha/confirmar', check('json', resetPasswordBody), async (c) => {
      const { token, senha } = c.req.valid('json');
      const row = await spendToken(db, token, 'recovery');
      if (!row) throw problem(c, 400, 'auth.linkInvalid');
      const [user] = await db
        .update(users)
        .set({ passwordHash: await hashPassword(senha), updatedAt: new Date() })
        .where(eq(users.id, row.userId))
        .returning();
      await revokeUserTokens(db, row.userId);
      if (user) await clearFailures(db, pairKey(user.email, callerAddress(c)));
      return c.json(ok(accountMessage(langOf(c), 'recover.done')));
    })
    .post('/security/solicitar-verificacao-email', check('query', verificationQuery), async (c) => {
      const { igreja, email } = c.req.valid('query');
      const church = await findChurch(db, igreja);
      if (!church) throw problem(c, 404, 'church.notFound');
      await spendMail(db, c, email);
      const user = await userByEmail(db, email);
      // The spec has no message for an unknown e-mail here: answer as if sent, so it reveals nothing.
      if (!user) return c.json(ok(accountMessage(langOf(c), 'verify.sent')));
      const sent = await sendAccountLink(db, mailer, c, 'activation', user, church);
      if (!sent) throw problem(c, 502, 'verify.sendError');
      return c.json(ok(accountMessage(langOf(c), 'verify.sent')));
    })
    .post('/security/verificar-email', check('json', verifyEmailBody), async (c) => {
      const row = await spendToken(db, c.req.valid('json').token, 'activation');
      if (!row) throw problem(c, 400, 'auth.linkInvalid');
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ active: true, emailVerified: true, updatedAt: new Date() })
          .where(eq(users.id, row.userId));
        await tx
          .update(churchUsers)
          .set({ active: true })
          .where(and(eq(churchUsers.userId, row.userId), eq(churchUsers.churchId, row.churchId)));
      });
      return c.json(ok(accountMessage(langOf(c), 'verify.done')));
    })
    .post('/user/alterar-senha', check('json', changePasswordBody), async (c) => {
      const me = await requireUser(db, c);
      const { senhaAtual, novaSenha } = c.req.valid('json');
      const [user] = await db.select().from(users).where(eq(users.id, me.userId));
      // 422, not 401: a wrong current password must not end the session (spec §8 global 401 rule)
      if (!user || !(await verifyPassword(user.passwordHash, senhaAtual))) {
        const message = accountMessage(langOf(c), 'auth.wrongPassword');
        return c.json({ status: false, message, errors: { senhaAtual: [message] } }, 422);
      }
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(novaSenha), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await revokeUserTokens(db, user.id); // other devices must log in again; this one gets a new pair
      return c.json({
        ...ok(accountMessage(langOf(c), 'user.passwordChanged')),
        ...(await issueTokenPair(db, user)),
      });
    })
    .get('/me', async (c) => {
      const me = await requireUser(db, c);
      const [user] = await db.select().from(users).where(eq(users.id, me.userId));
      if (!user) throw problem(c, 401, 'auth.loginRequired');
      return c.json({ user: toUser(user, await hasAddress(db, user.id)) });
    });
}
