// Fee quotes → the wire shape of contract/payments.ts (the fee calls, Play's checkout quote).
import type { FeeQuoteWire } from '../../contract/payments.ts';
import type { FeeQuote } from './fees.ts';
import { toMoney } from './money.ts';

export function toFeeQuote(q: FeeQuote): FeeQuoteWire {
  return {
    valor: toMoney(q.valueCents),
    taxaServico: toMoney(q.serviceFeeCents),
    taxaProcessamento: toMoney(q.processingFeeCents),
    valorTaxas: toMoney(q.feesCents),
    valorTotal: toMoney(q.totalCents),
    flagAssumirTaxasServico: q.churchPaysFees,
  };
}
