// Giving calls (MOD_DOACAO): the reasons of spec §7 (GET /igreja/{slug}/pagamento-motivo/?doacao=true),
// a gift's fees, the captcha, a visitor's receipt, and in the account: recurring gifts (change,
// pause, resume, cancel), history and the yearly statement. The gift itself is POST /pagamento/
// (server/payments/payments.routes.ts → ./give.ts).
import { Hono } from 'hono';
import {
  churchQuery,
  giftFeesQuery,
  historyQuery,
  reasonsParams,
  reasonsQuery,
  receiptQuery,
  recurringActionParams,
  recurringConfirmQuery,
  recurringParams,
  recurringUpdateSchema,
  statementQuery,
  userChurchParams,
} from '../../contract/giving.ts';
import { paymentCodeParams } from '../../contract/payments.ts';
import { requireSelf, requireUser } from '../auth/authenticate.ts';
import { accountSettings } from '../auth/settings.ts';
import { memberOf, memberScope, membersOf, scopeOfChurch } from '../member/scope.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { quoteFees } from '../payments/fees.ts';
import { toFeeQuote } from '../payments/fees.serializers.ts';
import { loadPaymentResponse, receiptKey } from '../payments/payment-view.ts';
import { ALGORITHM, createCaptcha } from './captcha.ts';
import {
  actOnRecurringGift,
  giftsOf,
  givingOptions,
  ownGift,
  receiptPaymentId,
  recurringGiftsOf,
  statementOf,
  updateRecurringGift,
} from './giving.service.ts';
import { confirmGiftCharge } from './recurring.ts';
import type { MemberDeps } from '../member/deps.ts';
import { churchZone } from '../church/church-clock.ts';

export function givingRoutes({ db, mailer }: MemberDeps) {
  return new Hono({ strict: false })
    .get(
      '/igreja/:slug/pagamento-motivo',
      validate('param', reasonsParams),
      validate('query', reasonsQuery),
      memberScope(db),
      async (c) => {
        const { church } = memberOf(c);
        return c.json(await givingOptions(db, church, c.req.valid('query').doacao));
      },
    )
    .get(
      '/igreja/:slug/doacao/calcular-taxas',
      validate('param', reasonsParams),
      validate('query', giftFeesQuery),
      memberScope(db, { module: 'MOD_DOACAO' }),
      async (c) => {
        const { valor, metodoPagamento, flagUsuarioTaxa } = c.req.valid('query');
        return c.json(
          toFeeQuote(quoteFees(Math.round(valor * 100), metodoPagamento, !flagUsuarioTaxa)),
        );
      },
    )
    .get(
      '/igreja/:slug/captcha',
      validate('param', reasonsParams),
      // a visitor's proof of work, for a gift or an event's tickets (docs/events.md "Visitors")
      memberScope(db, { module: ['MOD_DOACAO', 'MOD_EVENTO'] }),
      async (c) => {
        const { church } = memberOf(c);
        const captcha = createCaptcha(church.id);
        c.header('cache-control', 'no-store');
        return c.json({
          token: captcha.token,
          algoritmo: ALGORITHM,
          salt: captcha.salt,
          desafio: captcha.challenge,
          maxNumero: captcha.maxNumber,
          expiraEm: captcha.expiresAt.toISOString(),
        });
      },
    )
    .get(
      '/pagamento/:codigo/recibo',
      validate('param', paymentCodeParams),
      validate('query', receiptQuery),
      async (c) => {
        const code = c.req.valid('param').codigo;
        const id = await receiptPaymentId(db, code, c.req.valid('query').chave, receiptKey(code));
        if (id === null) throw notFound('pay.notFound');
        return c.json(await loadPaymentResponse(db, id));
      },
    )
    .get(
      '/usuario/:userId/doacao-recorrente',
      validate('param', userChurchParams),
      validate('query', churchQuery),
      memberScope(db, { from: 'query', caller: 'member', loginFirst: true }),
      async (c) => {
        const { userId } = c.req.valid('param');
        const { user, church } = membersOf(c);
        requireSelf(user, userId);
        return c.json({ doacoesRecorrentes: await recurringGiftsOf(db, church.id, userId) });
      },
    )
    .put(
      '/usuario/:userId/doacao-recorrente/:id',
      validate('param', recurringParams),
      validate('json', recurringUpdateSchema),
      async (c) => {
        const { userId, id } = c.req.valid('param');
        const user = await requireUser(db, c);
        requireSelf(user, userId);
        const gift = await ownGift(db, userId, id);
        await scopeOfChurch(db, c, gift.churchId, { caller: 'member', user });
        const body = c.req.valid('json');
        return c.json({ doacaoRecorrente: await updateRecurringGift(db, gift, userId, body) });
      },
    )
    .post(
      // before …/:acao: the donor confirms the gift's declined charge with the bank, on-session
      '/usuario/:userId/doacao-recorrente/:id/confirmar',
      validate('param', recurringParams),
      validate('query', recurringConfirmQuery),
      async (c) => {
        const { userId, id } = c.req.valid('param');
        const user = await requireUser(db, c);
        requireSelf(user, userId);
        const gift = await ownGift(db, userId, id);
        if (gift.churchId !== c.req.valid('query').igreja) throw notFound('give.recurringNotFound');
        await scopeOfChurch(db, c, gift.churchId, { caller: 'member', user });
        const { paymentId, created } = await confirmGiftCharge(db, gift.id, new Date(), {
          mailer,
          settings: accountSettings(),
        });
        return c.json(await loadPaymentResponse(db, paymentId), created ? 201 : 200);
      },
    )
    .post(
      '/usuario/:userId/doacao-recorrente/:id/:acao',
      validate('param', recurringActionParams),
      async (c) => {
        const { userId, id, acao } = c.req.valid('param');
        const user = await requireUser(db, c);
        requireSelf(user, userId);
        const gift = await ownGift(db, userId, id);
        await scopeOfChurch(db, c, gift.churchId, { caller: 'member', user });
        return c.json({ doacaoRecorrente: await actOnRecurringGift(db, gift, acao) });
      },
    )
    .get(
      '/usuario/:userId/doacao/extrato',
      validate('param', userChurchParams),
      validate('query', statementQuery),
      memberScope(db, { from: 'query', caller: 'member', loginFirst: true }),
      async (c) => {
        const { userId } = c.req.valid('param');
        const { ano } = c.req.valid('query');
        const { user, church } = membersOf(c);
        requireSelf(user, userId);
        return c.json(await statementOf(db, church.id, userId, ano));
      },
    )
    .get(
      '/usuario/:userId/doacao',
      validate('param', userChurchParams),
      validate('query', historyQuery),
      memberScope(db, { from: 'query', caller: 'member', loginFirst: true }),
      async (c) => {
        const { userId } = c.req.valid('param');
        const { ano } = c.req.valid('query');
        const { user, church } = membersOf(c);
        requireSelf(user, userId);
        return c.json({
          doacoes: await giftsOf(db, church.id, userId, ano),
          fusoHorario: await churchZone(db, church.id),
        });
      },
    );
}
