// A member's own account (spec §7 "Auth and user"): the public e-mail lookup, registration or
// joining a church, the profile update, documents, custom fields and the member card.
import { Hono } from 'hono';
import {
  churchIdParams,
  churchQuery,
  clientOrOrganizationQuery,
  emailQuery,
  memberCardQuery,
  newAccountBody,
  registerBody,
  updateUserBody,
  userIdParams,
} from '../../contract/user.ts';
import {
  callerAddress,
  hasAddress,
  refuseIfWaiting,
  sendAccountLink,
  userByEmail,
} from '../auth/accounts.ts';
import { requireSelf, requireUser } from '../auth/authenticate.ts';
import { spendMemberWrite } from '../auth/member-quotas.ts';
import { findChurch } from '../auth/church-link.ts';
import {
  addressKey,
  LOOKUP_RULE,
  lockedFor,
  pairKey,
  SIGNUP_RULE,
  spend,
} from '../auth/rate-limit.ts';
import { issueTokenPair } from '../auth/tokens.ts';
import { membersScopeOfChurch } from '../member/scope.ts';
import { ApiProblem } from '../http/errors.ts';
import { invalidInput, validate } from '../http/validate.ts';
import {
  createAccount,
  customFieldsOf,
  documentsOf,
  joinWithAccount,
  memberCardsOf,
  updateMember,
} from './members.service.ts';
import { toUser } from './user.serializers.ts';
import type { MemberDeps } from '../member/deps.ts';

export function memberRoutes({ db, mailer }: MemberDeps) {
  return (
    new Hono({ strict: false })
      .get(
        '/user/:id/documento',
        validate('param', userIdParams),
        validate('query', clientOrOrganizationQuery),
        async (c) => {
          const me = await requireUser(db, c);
          requireSelf(me, c.req.valid('param').id);
          return c.json({ documentos: await documentsOf(db, me.userId) });
        },
      )
      // Public: whether an account of the provider exists for an e-mail (the access screen's first step).
      .get('/user', validate('query', emailQuery), async (c) => {
        // spec §2 needs the answer (log in or register), so it is limited per address instead.
        refuseIfWaiting(c, await spend(db, `lookup:${addressKey(callerAddress(c))}`, LOOKUP_RULE));
        const user = await userByEmail(db, c.req.valid('query').email);
        return c.json({ usuarios: user ? [{ email: user.email, flagAtivo: user.active }] : [] });
      })
      .post(
        '/igreja/:id/usuario',
        validate('param', churchIdParams),
        validate('json', registerBody),
        async (c) => {
          const churchId = c.req.valid('param').id;
          const church = await findChurch(db, churchId);
          if (!church || !church.active) throw new ApiProblem(404, 'church.notFound');
          const body = c.req.valid('json');
          const address = callerAddress(c);
          const existing = await userByEmail(db, body.email);
          if (existing) {
            // Guesses of an existing account's password count like logins, per account and address.
            const key = pairKey(existing.email, address);
            refuseIfWaiting(c, await lockedFor(db, key));
            if ((await joinWithAccount(db, existing, churchId, body.senha, key)) === 'inactive') {
              // spec §4: registering with an existing inactive account sends an activation e-mail
              const sent = await sendAccountLink(db, mailer, c, 'activation', existing, church);
              throw new ApiProblem(403, sent ? 'verify.sent' : 'verify.sendError');
            }
            return c.json(
              {
                ...(await issueTokenPair(db, existing)),
                usuario: toUser(existing, await hasAddress(db, existing.id)),
                novo: false,
              },
              200,
            );
          }
          const raw: unknown = await c.req.json();
          const parsed = newAccountBody.safeParse(raw);
          if (!parsed.success) return invalidInput(c, parsed.error, raw);
          refuseIfWaiting(c, await spend(db, `signup:${addressKey(address)}`, SIGNUP_RULE));
          const user = await createAccount(db, churchId, parsed.data);
          // A welcome link that confirms the e-mail; the account works before it is used.
          await sendAccountLink(db, mailer, c, 'activation', user, church);
          return c.json(
            { ...(await issueTokenPair(db, user)), usuario: toUser(user, false), novo: true },
            201,
          );
        },
      )
      .put('/usuario', validate('json', updateUserBody), async (c) => {
        const b = c.req.valid('json');
        const { user: me, membership } = await membersScopeOfChurch(db, c, b.igreja);
        await spendMemberWrite(db, c, me.userId, 'profile'); // per-member quotas (docs/security.md)
        const user = await updateMember(db, me.userId, membership, b);
        return c.json({ user: toUser(user, await hasAddress(db, me.userId)) });
      })
      .get(
        '/user/:id/campo-personalizado',
        validate('param', userIdParams),
        validate('query', churchQuery),
        async (c) => {
          const { igreja } = c.req.valid('query');
          const { user: me } = await membersScopeOfChurch(db, c, igreja);
          requireSelf(me, c.req.valid('param').id);
          return c.json({ camposPersonalizados: await customFieldsOf(db, me.userId, igreja) });
        },
      )
      .get('/usuario-carteirinha', validate('query', memberCardQuery), async (c) => {
        const { usuario_email: email, usuario_igreja: churchId } = c.req.valid('query');
        const me = await requireUser(db, c);
        return c.json({ usuarioCarteirinhas: await memberCardsOf(db, me, email, churchId) });
      })
  );
}
