// The fee calls of spec §7 "Fees, payment and giving": fee rules per method, an event's fees
// for a value, installments with or without interest, and the default gateway.
import { Hono } from 'hono';
import {
  eventFeesParams,
  eventFeesQuery,
  feeRulesQuery,
  installmentsParams,
  installmentsQuery,
  type InstallmentWire,
} from '../../contract/payments.ts';
import { toMoney } from './money.ts';
import { memberScope, scopeOfChurch } from '../member/scope.ts';
import { validate } from '../http/validate.ts';
import { FEE_RULES, installmentOptions, quoteFees } from './fees.ts';
import { toFeeQuote } from './fees.serializers.ts';
import { activeEventFees } from './payments.service.ts';
import { DEFAULT_GATEWAY_ID, GATEWAYS } from './gateways.ts';
import type { MemberDeps } from '../member/deps.ts';

const toCents = (units: number) => Math.round(units * 100);

export function feeRoutes({ db }: MemberDeps) {
  return new Hono({ strict: false })
    .get('/pagamento/calcular-taxas', validate('query', feeRulesQuery), (c) => {
      const { metodoPagamento } = c.req.valid('query');
      const rule = FEE_RULES[metodoPagamento];
      return c.json({
        metodoPagamento,
        percentualTaxaServico: rule.serviceBps / 100,
        percentualTaxaProcessamento: rule.processingBps / 100,
        valorFixoTaxaProcessamento: toMoney(rule.processingFixedCents),
        valorMaximoTaxaProcessamento:
          rule.processingCapCents === null ? null : toMoney(rule.processingCapCents),
      });
    })
    .get(
      '/evento/:id/calcular-taxas',
      validate('param', eventFeesParams),
      validate('query', eventFeesQuery),
      async (c) => {
        const { id } = c.req.valid('param');
        const { valor, metodoPagamento } = c.req.valid('query');
        const event = await activeEventFees(db, id);
        // an inactive church's event is gone too
        await scopeOfChurch(db, c, event.churchId, { notFoundMessage: 'api.eventNotFound' });
        return c.json(toFeeQuote(quoteFees(toCents(valor), metodoPagamento, event.churchPaysFees)));
      },
    )
    .get(
      '/igreja/:slug/calcula-taxas-parcelamento-juros',
      validate('param', installmentsParams),
      validate('query', installmentsQuery),
      memberScope(db), // giving uses it too: no module
      async (c) => {
        const q = c.req.valid('query');
        const base = toCents(q.valor) + (q.flagTaxasAdministrativas ? toCents(q.valorTaxas) : 0);
        const data: InstallmentWire[] = installmentOptions(base, q.maxParcelas, q.flagJuros).map(
          (o) => ({
            parcela: o.installments,
            valorParcela: toMoney(o.installmentCents),
            valorTotal: toMoney(o.totalCents),
            juros: toMoney(o.interestCents),
            flagJuros: o.withInterest,
          }),
        );
        return c.json({ data });
      },
    )
    .get('/global-settings/default-payment-gateway', (c) =>
      c.json({ idGatewayPagamento: DEFAULT_GATEWAY_ID, nome: GATEWAYS[DEFAULT_GATEWAY_ID].name }),
    );
}
