// The security calls of spec §7 "Auth and user": login, token refresh, password recovery,
// e-mail verification, password change and /me.
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
import { accountMessage } from '../../contract/messages/account.ts';
import type { Database } from '../db/client.ts';
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
import { ApiProblem, fieldProblem, langOf } from '../http/errors.ts';
import { secondStepBody } from '../../contract/two-factor.ts';
import { TWO_FACTOR_RULE, twoFactorKey } from './two-factor-limits.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';
import {
  challengeUser,
  checkSecondFactor,
  hasTwoFactor,
  issueChallenge,
} from './two-factor.service.ts';
import { validate } from '../http/validate.ts';
import { verifyPassword } from './passwords.ts';
import { changePassword, resetPassword, userById, verifyEmail } from './auth.service.ts';
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
  isStaffAccount,
  liftStaffWait,
  recordStaffFailure,
  rememberAddress,
  staffAccountWait,
} from './staff-login.ts';
import { issueTokenPair, rotateRefreshToken, signAccessToken } from './tokens.ts';
import { claimVisitorTickets } from '../events/visitor-tickets.ts';
import type { MemberDeps } from '../member/deps.ts';

/** Recovery and activation mails: per address and per e-mail, so nobody floods a mailbox. */
async function spendMail(db: Database, c: Context, email: string): Promise<void> {
  refuseIfWaiting(c, await spend(db, `mail:${addressKey(callerAddress(c))}`, MAIL_ADDRESS_RULE));
  refuseIfWaiting(c, await spend(db, `mail:${accountKey(email)}`, MAIL_ACCOUNT_RULE));
}

export function authRoutes({ db, mailer }: MemberDeps) {
  /** A completed sign-in (password, and the code when two-factor is on): a staff account's address becomes known. */
  const signIn = async (
    user: { id: number; email: string; emailVerified: boolean },
    address: string,
    staff: boolean,
  ) => {
    if (staff) await rememberAddress(db, user.id, address);
    // Tickets bought as a visitor under a verified address move here (docs/events.md "Visitors").
    if (user.emailVerified) await claimVisitorTickets(db, user.id, user.email);
    return issueTokenPair(db, user);
  };
  return new Hono({ strict: false })
    .post('/security/login_check', validate('json', loginBody), async (c) => {
      const { username, password } = c.req.valid('json');
      // Per account and address together: wrong guesses from elsewhere never lock the owner's own device out.
      const address = callerAddress(c);
      const pair = pairKey(username, address);
      refuseIfWaiting(c, await longestWait(db, [pair, addressKey(address)]));
      const user = await userByEmail(db, username);
      // A staff account's ceiling across every address; never for an address it signed in from before.
      const staff = !!user && (await isStaffAccount(db, user.id));
      if (staff) refuseIfWaiting(c, await staffAccountWait(db, user.id, address));
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
        await recordFailure(db, pair, PAIR_RULE);
        await recordFailure(db, addressKey(address), ADDRESS_RULE);
        if (staff && user) await recordStaffFailure(db, user.id);
        throw new ApiProblem(401, 'auth.invalidCredentials');
      }
      if (!user.active) throw new ApiProblem(403, 'auth.inactive');
      await clearFailures(db, pair);
      // Two-factor on: no token until the code (docs/security.md "Two-factor sign-in").
      if (await hasTwoFactor(db, user.id))
        return c.json({ segundoFator: true as const, desafio: issueChallenge(user.id) });
      return c.json(await signIn(user, address, staff));
    })
    .post('/security/login_check/codigo', validate('json', secondStepBody), async (c) => {
      const { desafio, codigo } = c.req.valid('json');
      const userId = challengeUser(desafio);
      if (userId === null) throw new ApiProblem(401, 'twoFactor.challengeExpired');
      const address = callerAddress(c);
      const key = twoFactorKey(userId);
      refuseIfWaiting(c, await longestWait(db, [key, addressKey(address)]));
      if (!(await checkSecondFactor(db, userId, codigo))) {
        await recordFailure(db, key, TWO_FACTOR_RULE);
        await recordFailure(db, addressKey(address), ADDRESS_RULE);
        throw fieldProblem(422, 'codigo', 'twoFactor.wrongCode');
      }
      await clearFailures(db, key);
      const user = await userById(db, userId);
      if (!user) throw new ApiProblem(401, 'twoFactor.challengeExpired');
      if (!user.active) throw new ApiProblem(403, 'auth.inactive');
      return c.json(await signIn(user, address, await isStaffAccount(db, user.id)));
    })
    .route('/', twoFactorRoutes(db))
    .post('/security/token/refresh', validate('json', refreshBody), async (c) => {
      const result = await rotateRefreshToken(db, c.req.valid('json').refreshToken);
      if (!result.ok) throw new ApiProblem(401, 'auth.refreshInvalid');
      const user = await userById(db, result.userId);
      if (!user || !user.active) throw new ApiProblem(401, 'auth.refreshInvalid');
      return c.json({
        token: await signAccessToken(user.id, user.email),
        refresh_token: result.refreshToken,
      });
    })
    .post('/security/recuperar-senha', validate('json', recoverPasswordBody), async (c) => {
      const { email, igreja } = c.req.valid('json');
      const church = await findChurch(db, igreja);
      if (!church) throw new ApiProblem(404, 'church.notFound');
      await spendMail(db, c, email);
      const user = await userByEmail(db, email);
      if (!user) throw new ApiProblem(404, 'recover.notFound'); // spec §8 'E-mail não encontrado.' (rate limited above)
      const sent = await sendAccountLink(db, mailer, c, 'recovery', user, church);
      if (!sent) throw new ApiProblem(502, 'recover.sendError');
      return c.json(ok(accountMessage(langOf(c), 'recover.sent')));
    })
    .post('/security/recuperar-senha/confirmar', validate('json', resetPasswordBody), async (c) => {
      const { token, senha } = c.req.valid('json');
      const user = await resetPassword(db, token, senha);
      if (user === false) throw new ApiProblem(400, 'auth.linkInvalid');
      if (user) {
        await clearFailures(db, pairKey(user.email, callerAddress(c)));
        await liftStaffWait(db, user.id); // the e-mailed link proves the owner
      }
      return c.json(ok(accountMessage(langOf(c), 'recover.done')));
    })
    .post(
      '/security/solicitar-verificacao-email',
      validate('query', verificationQuery),
      async (c) => {
        const { igreja, email } = c.req.valid('query');
        const church = await findChurch(db, igreja);
        if (!church) throw new ApiProblem(404, 'church.notFound');
        await spendMail(db, c, email);
        const user = await userByEmail(db, email);
        // The spec has no message for an unknown e-mail here: answer as if sent, so it reveals nothing.
        if (!user) return c.json(ok(accountMessage(langOf(c), 'verify.sent')));
        const sent = await sendAccountLink(db, mailer, c, 'activation', user, church);
        if (!sent) throw new ApiProblem(502, 'verify.sendError');
        return c.json(ok(accountMessage(langOf(c), 'verify.sent')));
      },
    )
    .post('/security/verificar-email', validate('json', verifyEmailBody), async (c) => {
      if (!(await verifyEmail(db, c.req.valid('json').token)))
        throw new ApiProblem(400, 'auth.linkInvalid');
      return c.json(ok(accountMessage(langOf(c), 'verify.done')));
    })
    .post('/user/alterar-senha', validate('json', changePasswordBody), async (c) => {
      const me = await requireUser(db, c);
      const { senhaAtual, novaSenha } = c.req.valid('json');
      const user = await changePassword(db, me.userId, senhaAtual, novaSenha);
      // Other devices must log in again; this one gets a new pair.
      return c.json({
        ...ok(accountMessage(langOf(c), 'user.passwordChanged')),
        ...(await issueTokenPair(db, user)),
      });
    })
    .get('/me', async (c) => {
      const me = await requireUser(db, c);
      const user = await userById(db, me.userId);
      if (!user) throw new ApiProblem(401, 'auth.loginRequired');
      return c.json({ user: toUser(user, await hasAddress(db, user.id)) });
    });
}
