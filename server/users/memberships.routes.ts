// The churches that hold a user's account (spec §7 "Auth and user"): its accounts and roles per
// church, whether an e-mail has an account in a church, the deletion request and the change of
// church. A member reads and changes only their own data.
import { Hono } from 'hono';
import {
  changeChurchBody,
  changeChurchEffectsQuery,
  switchCodeBody,
  churchQuery,
  clientOrOrganizationQuery,
  clientParams,
  deletionBody,
  emailQuery,
  userIdParams,
} from '../../contract/user.ts';
import { callerAddress, ok, refuseIfWaiting, userByEmail } from '../auth/accounts.ts';
import { membershipOf, requireSelf, requireUser } from '../auth/authenticate.ts';
import { addressKey, LOOKUP_RULE, spend } from '../auth/rate-limit.ts';
import { revokeUserTokens } from '../auth/tokens.ts';
import { exchangeSwitchCode, issueSwitchCode } from '../auth/switch-code.ts';
import { ApiProblem } from '../http/errors.ts';
import { membersScopeOfChurch } from '../member/scope.ts';
import { langOf } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { accountMessage } from '../../contract/messages/index.ts';
import {
  changeChurch,
  churchAccountsOf,
  requestDeletion,
  rolesOf,
  scopeChurchIds,
} from './memberships.service.ts';
import { moneyRunningAt } from './leaving.ts';
import type { MemberDeps } from '../member/deps.ts';

export function membershipRoutes({ db, mailer }: MemberDeps) {
  return (
    new Hono({ strict: false })
      .get(
        '/user/:id/usuario',
        validate('param', userIdParams),
        validate('query', clientOrOrganizationQuery),
        async (c) => {
          const me = await requireUser(db, c);
          requireSelf(me, c.req.valid('param').id);
          const churchIds = await scopeChurchIds(db, c.req.valid('query'));
          return c.json({ usuarios: await churchAccountsOf(db, me.userId, churchIds) });
        },
      )
      .get(
        '/user/:id/role',
        validate('param', userIdParams),
        validate('query', clientOrOrganizationQuery),
        async (c) => {
          const me = await requireUser(db, c);
          requireSelf(me, c.req.valid('param').id);
          const churchIds = await scopeChurchIds(db, c.req.valid('query'));
          return c.json({ userIgrejaRoles: await rolesOf(db, me.userId, churchIds) });
        },
      )
      // Public: whether the e-mail has an account in this church, and whether it is active.
      .get(
        '/igreja/:client/usuario',
        validate('param', clientParams),
        validate('query', emailQuery),
        async (c) => {
          refuseIfWaiting(
            c,
            await spend(db, `lookup:${addressKey(callerAddress(c))}`, LOOKUP_RULE),
          );
          const user = await userByEmail(db, c.req.valid('query').email);
          const membership = user
            ? await membershipOf(db, user.id, c.req.valid('param').client)
            : null;
          return c.json({
            usuarios:
              user && membership
                ? [{ email: user.email, flagAtivo: user.active && membership.active }]
                : [],
          });
        },
      )
      .post(
        '/user/:id/pedido-exclusao',
        validate('param', userIdParams),
        validate('query', churchQuery),
        validate('json', deletionBody),
        async (c) => {
          const { igreja } = c.req.valid('query');
          const { user: me } = await membersScopeOfChurch(db, c, igreja);
          requireSelf(me, c.req.valid('param').id);
          await requestDeletion(db, me.userId, igreja, c.req.valid('json').senha);
          await revokeUserTokens(db, me.userId);
          return c.json(ok(accountMessage(langOf(c), 'user.deleted')));
        },
      )
      // What the move would stop at the church left, shown in the confirmation (docs/accounts.md).
      .get(
        '/usuario/troca-igreja/efeitos',
        validate('query', changeChurchEffectsQuery),
        async (c) => {
          const { igreja } = c.req.valid('query');
          const { membership } = await membersScopeOfChurch(db, c, igreja);
          return c.json(await moneyRunningAt(db, igreja, membership.userId));
        },
      )
      .post('/usuario/troca-igreja', validate('json', changeChurchBody), async (c) => {
        const { igreja, novaIgreja } = c.req.valid('json');
        const { membership } = await membersScopeOfChurch(db, c, igreja);
        const to = await changeChurch(db, mailer, membership, igreja, novaIgreja);
        return c.json({
          status: true as const,
          igreja: { id: to.id, codigo: to.code, nome: to.name },
          codigoAcesso: await issueSwitchCode(db, membership.userId, to.id),
        });
      })
      // The new church's landing trades the one-time code for a session (docs/security.md "Login carried by a link").
      .post('/usuario/troca-igreja/codigo', validate('json', switchCodeBody), async (c) => {
        const { codigo, igreja } = c.req.valid('json');
        const pair = await exchangeSwitchCode(db, codigo, igreja);
        if (!pair) throw new ApiProblem(401, 'church.switchCode');
        return c.json(pair);
      })
  );
}
