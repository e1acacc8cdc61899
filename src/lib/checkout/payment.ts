// The payment step's plain logic (no React), shared by every order kind: which installment plan
// is chosen, the payment part of a POST /pagamento/ body, and what to do with the answer. No rule
// of the server is repeated here: methods, countries, minimums and card checks come back as its
// per-field messages.
import { accountMessage } from '../../../contract/messages/account.ts';
import { parseLocalDate } from '../../../contract/account-rules.ts';
import type { Lang } from '../../../contract/language.ts';
import type {
  FeeQuoteWire,
  InstallmentWire,
  PaymentMethodCode,
  PaymentResponse,
} from '../../../contract/payments.ts';

/** One method the server offers for this order (church methods, or the visitor's list). */
export interface PaymentMethodOption {
  codigo: PaymentMethodCode;
  nome: string;
  /** The gateway behind it (spec §9 ids); decides whether the card asks for the holder's CPF and birth date. */
  idGatewayPagamento?: number | null | undefined;
  /** The live Stripe account's publishable key: the card is then typed in Stripe.js (lib/checkout/stripe.ts). */
  chavePublicavel?: string | null | undefined;
}

/** The payment part every order kind's body shares (contract/payments.ts, contract/giving.ts). */
export interface PaymentPart {
  metodoPagamento: PaymentMethodCode;
  parcelas: number;
  cartao?: { token?: string; idCartao?: number };
  salvarCartao: boolean;
  ach?: { numeroConta: string; numeroRoteamento: string; tipoConta: 'corrente' | 'poupanca' };
}

/** The amounts the summary and the installments select both show: one source, so they agree. */
export interface PaymentQuote {
  fees: FeeQuoteWire;
  plans: InstallmentWire[];
  /** The chosen plan (the first when the chosen count is not offered). */
  plan: InstallmentWire;
  /** What the payer pays in all: the chosen plan's total. */
  total: number;
}

/** A single payment plan from a fee quote, when the order takes no installments. */
export const singlePlan = (fees: FeeQuoteWire): InstallmentWire => ({
  parcela: 1,
  valorParcela: fees.valorTotal,
  valorTotal: fees.valorTotal,
  juros: 0,
  flagJuros: false,
});

export function quoteOf(
  fees: FeeQuoteWire,
  plans: InstallmentWire[],
  installments: number,
): PaymentQuote {
  const offered = plans.length ? plans : [singlePlan(fees)];
  const plan = offered.find((p) => p.parcela === installments) ?? offered[0]!;
  return { fees, plans: offered, plan, total: plan.valorTotal };
}

/**
 * What an installment plan really charges, as text: the regular installment, the last one when it
 * carries the leftover cents (the server splits that way), and the total — interest included.
 * `3x de R$ 116,66` for R$ 350,00 would read as R$ 349,98: it reads "2x de R$ 116,66 e 1x de
 * R$ 116,68 (total R$ 350,00)".
 */
export function installmentText(
  plan: Pick<InstallmentWire, 'parcela' | 'valorParcela' | 'valorTotal' | 'flagJuros'>,
  t: (key: string, values: Record<string, string | number>) => string,
  format: (value: number) => string,
): string {
  const n = plan.parcela;
  const regular = Math.round(plan.valorParcela * 100);
  const last = Math.round(plan.valorTotal * 100) - regular * (n - 1);
  const values = { n, value: format(regular / 100), total: format(plan.valorTotal) };
  if (n < 2) return t('pay.installmentSingle', { value: format(plan.valorTotal) });
  if (last === regular)
    return t(plan.flagJuros ? 'pay.installmentPlanInterest' : 'pay.installmentPlan', values);
  return t(plan.flagJuros ? 'pay.installmentPlanLastInterest' : 'pay.installmentPlanLast', {
    ...values,
    first: n - 1,
    last: format(last / 100),
  });
}

/** The holder's birth date as the API takes it (yyyy-mm-dd); what was typed when it does not parse, so the API names the field. */
export function holderBirthDate(typed: string, lang: Lang): string {
  const text = typed.trim();
  if (!text) return '';
  return parseLocalDate(text, lang) ?? text;
}

/**
 * The form's own message for a birth date typed in a shape it cannot read, naming the format the
 * form shows (dd/mm/aaaa, mm/dd/yyyy); null when it reads (or is blank: the API says it is required).
 * The API is sent ISO only, and its own message names ISO.
 */
export function holderBirthProblem(typed: string, lang: Lang): string | null {
  const text = typed.trim();
  return text && !parseLocalDate(text, lang) ? accountMessage(lang, 'v.date') : null;
}

export type AfterPay =
  | { kind: 'declined'; message: string | null }
  | { kind: 'challenge'; code: string }
  /** Leave the page: PicPay's payment page (spec: urlPagamento), or the order's thank-you page. */
  | { kind: 'leave'; url: string };

/** What the page does with a payment's answer. */
export function afterPay(response: PaymentResponse, thanksUrl: string): AfterPay {
  const p = response.pagamento;
  if (p.status === 'nao_aprovado') return { kind: 'declined', message: p.mensagem };
  // A live gateway's 3-D Secure happens on the bank's page, which sends the payer back (docs/payments.md).
  if (p.desafio && p.status === 'em_aberto' && p.urlPagamento)
    return { kind: 'leave', url: p.urlPagamento };
  if (p.desafio && p.status === 'em_aberto') return { kind: 'challenge', code: p.codigo };
  if (p.metodoPagamento === 'picpay' && p.urlPagamento)
    return { kind: 'leave', url: p.urlPagamento };
  return { kind: 'leave', url: thanksUrl };
}

/** Statuses a result view waits on (and polls): the payer still has something to do or the bank has. */
export const isWaiting = (status: PaymentResponse['pagamento']['status']): boolean =>
  ['pendente', 'aguardando', 'em_aberto', 'em_analise'].includes(status);
/** Statuses in which the payer can still pay (Pix, slip, PicPay, cash). */
export const isOpen = (status: PaymentResponse['pagamento']['status']): boolean =>
  ['pendente', 'aguardando', 'em_aberto'].includes(status);
