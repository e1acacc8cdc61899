// A volunteer's rotas (docs/volunteers.md): their next assignments and answers, swaps, the plan's
// QR check-in, blockout dates, requests to join a team, a team plan on a phone (logged-in
// members), and the answer link of
// the e-mail (no login: the signed token is the key; reading it is a GET, answering a POST).
import { Hono, type Context } from 'hono';
import {
  answerInput,
  blockoutInput,
  checkInQrInput,
  blockoutParams,
  joinParams,
  linkAnswerInput,
  linkQuery,
  myAssignmentParams,
  rotaChurchParams,
  swapAskInput,
  swapParams,
} from '../../contract/rotas.ts';
import { idParam, slugParam } from '../../contract/common.ts';
import { z } from 'zod';
import { churchOrigin } from '../auth/church-link.ts';
import { validate } from '../http/validate.ts';
import { memberOf, memberScope, membersOf } from '../member/scope.ts';
import { checkInByQr } from './rota-checkin.ts';
import * as rotas from './rotas.service.ts';
import * as swaps from './swaps.service.ts';
import type { MemberDeps } from '../member/deps.ts';

const planViewParams = z.object({ slug: slugParam, planId: idParam });

export function rotaRoutes({ db, mailer }: MemberDeps) {
  const origin = (c: Context, church: { id: number; code: string; name: string }) =>
    churchOrigin(db, c, { ...church, active: true });
  const asMember = memberScope(db, { caller: 'member' });
  const deps = { db };
  const member = (c: Context) => {
    const { church, user } = membersOf(c);
    return { church, userId: user.userId };
  };

  return new Hono({ strict: false })
    .get('/igreja/:slug/escalas', validate('param', rotaChurchParams), asMember, async (c) => {
      const { church, userId } = member(c);
      return c.json({
        ...(await rotas.myRotas(db, church.id, userId)),
        ...(await swaps.mySwaps(db, church.id, userId)),
      });
    })
    .post(
      '/igreja/:slug/escalas/:assignmentId/troca',
      validate('param', myAssignmentParams),
      validate('json', swapAskInput),
      asMember,
      async (c) => {
        const { assignmentId } = c.req.valid('param');
        const { church, userId } = member(c);
        const made = await swaps.askSwap(
          db,
          mailer,
          church.id,
          userId,
          assignmentId,
          c.req.valid('json').idPara,
          await origin(c, church),
        );
        return c.json(made, 201);
      },
    )
    .post(
      '/igreja/:slug/trocas/:swapId/aceitar',
      validate('param', swapParams),
      asMember,
      async (c) => {
        const { swapId } = c.req.valid('param');
        const { church, userId } = member(c);
        return c.json(
          await swaps.takeSwap(db, mailer, church.id, userId, swapId, await origin(c, church)),
        );
      },
    )
    .delete('/igreja/:slug/trocas/:swapId', validate('param', swapParams), asMember, async (c) => {
      const { swapId } = c.req.valid('param');
      const { church, userId } = member(c);
      await swaps.cancelSwap(db, church.id, userId, swapId);
      return c.body(null, 204);
    })
    .post(
      '/igreja/:slug/escala-presenca',
      validate('param', rotaChurchParams),
      validate('json', checkInQrInput),
      asMember,
      async (c) => {
        const { church, userId } = member(c);
        return c.json(await checkInByQr(db, church.id, userId, c.req.valid('json').t));
      },
    )
    .post(
      '/igreja/:slug/escalas/:assignmentId/resposta',
      validate('param', myAssignmentParams),
      validate('json', answerInput),
      asMember,
      async (c) => {
        const { assignmentId } = c.req.valid('param');
        const { church, userId } = member(c);
        return c.json(
          await rotas.answerAsMember(
            db,
            mailer,
            church.id,
            userId,
            assignmentId,
            c.req.valid('json').resposta,
            await origin(c, church),
          ),
        );
      },
    )
    .post(
      '/igreja/:slug/escalas/:assignmentId/presenca',
      validate('param', myAssignmentParams),
      asMember,
      async (c) => {
        const { assignmentId } = c.req.valid('param');
        await rotas.checkInSelf(deps, membersOf(c), assignmentId);
        return c.body(null, 204);
      },
    )
    .get('/igreja/:slug/escala/:planId', validate('param', planViewParams), asMember, async (c) => {
      const { planId } = c.req.valid('param');
      const { church, userId } = member(c);
      return c.json(await rotas.teamPlanView(db, church.id, userId, planId));
    })
    .post(
      '/igreja/:slug/bloqueios',
      validate('param', rotaChurchParams),
      validate('json', blockoutInput),
      asMember,
      async (c) => {
        return c.json(await rotas.addBlockout(deps, membersOf(c), c.req.valid('json')), 201);
      },
    )
    .delete(
      '/igreja/:slug/bloqueios/:blockoutId',
      validate('param', blockoutParams),
      asMember,
      async (c) => {
        const { blockoutId } = c.req.valid('param');
        await rotas.removeBlockout(deps, membersOf(c), blockoutId);
        return c.body(null, 204);
      },
    )
    .post(
      '/igreja/:slug/equipes/:teamId/pedido',
      validate('param', joinParams),
      asMember,
      async (c) => {
        const { teamId } = c.req.valid('param');
        await rotas.requestToJoin(deps, membersOf(c), teamId);
        return c.body(null, 204);
      },
    )
    .get(
      '/igreja/:slug/escala-resposta',
      validate('param', rotaChurchParams),
      validate('query', linkQuery),
      memberScope(db),
      async (c) => {
        const { church } = memberOf(c);
        c.header('cache-control', 'private, no-store');
        return c.json(await rotas.linkView(db, church.id, c.req.valid('query').t));
      },
    )
    .post(
      '/igreja/:slug/escala-resposta',
      validate('param', rotaChurchParams),
      validate('json', linkAnswerInput),
      memberScope(db),
      async (c) => {
        const { church } = memberOf(c);
        const { t: token, resposta } = c.req.valid('json');
        return c.json(
          await rotas.answerByLink(db, mailer, church.id, token, resposta, await origin(c, church)),
        );
      },
    );
}
