// The payment kit's flows (src/components/islands/ui/README.md; docs/payments.md), for every order
// kind: the saved cards the step offers, a method's quote (fees, then installments), a new card's
// token (our fields, or Stripe.js's PaymentMethod), the card challenge's form, a payment's answer
// (the member's, or a visitor's receipt) and the sandbox's controls. The kit's hooks keep what
// each step shows; the calls and what their answers mean are here. Calls in
// src/lib/checkout/api.ts; no DOM here.
import { map } from 'nanostores';
import type {
  CardToken,
  PaymentMethodCode,
  PaymentResponse,
  SavedCard,
} from '../../contract/payments.ts';
import { checkout, type CardInput, type FeeCall } from '../lib/checkout/api.ts';
import {
  holderBirthDate,
  holderBirthProblem,
  quoteOf,
  type PaymentQuote,
} from '../lib/checkout/payment.ts';
import { cardFormFailure } from '../lib/checkout/stripe.ts';
import type { Lang } from '../../common/format.ts';
import { attempt } from './loadable.ts';

/** The member's saved cards at the church; a failed load offers none. */
export const savedCardsFor = (slug: string, userId: number): Promise<SavedCard[]> =>
  checkout.savedCards(slug, userId).then(
    (list) => list,
    () => [],
  );

/** A method's quote at one installment: the order kind's fees, then the installments of that total (up to `max`). */
export async function quoteFor(
  slug: string,
  fees: FeeCall,
  method: PaymentMethodCode,
  max: number,
  interest: boolean,
): Promise<PaymentQuote> {
  const f = await fees(method);
  const plans =
    max > 1
      ? await checkout.installments(slug, {
          valor: f.valor,
          flagJuros: interest,
          valorTaxas: f.valorTaxas,
          maxParcelas: max,
        })
      : [];
  return quoteOf(f, plans, 1);
}

/** How a new card is tokenised: Stripe.js's field at a live Stripe church, else our fields. */
export interface NewCardToken {
  churchId: number;
  lang: Lang;
  card: Required<CardInput>;
  /** The holder's CPF and birth date, where the gateway needs them. */
  holderFields: boolean;
  /** Stripe.js's PaymentMethod id of the card typed in its field; absent: our fields. */
  stripe?: (holder: string) => Promise<string>;
}

/** The card token of our API; a refusal (ours or Stripe's) is a 422 naming the card's fields. */
export async function newCardToken(o: NewCardToken): Promise<CardToken> {
  if (o.stripe) return checkout.gatewayToken(o.churchId, await o.stripe(o.card.titular));
  const { cpfTitular, dataNascimentoTitular, ...rest } = o.card;
  // a date the form cannot read is named in the form's format here, never sent as typed
  const birthProblem = o.holderFields && holderBirthProblem(dataNascimentoTitular, o.lang);
  if (birthProblem) throw cardFormFailure(birthProblem, 'dataNascimentoTitular');
  const holder = o.holderFields
    ? { cpfTitular, dataNascimentoTitular: holderBirthDate(dataNascimentoTitular, o.lang) }
    : {};
  return checkout.tokenize(o.churchId, { ...rest, ...holder });
}

/** A failed call as the form shows it: the API's message (or the page's) and per field. */
export type PaymentFailure = { message: string; errors: Record<string, string[]> };

export interface ChallengeState {
  /** The bank's code as typed. */
  value: string;
  busy: boolean;
  error: PaymentFailure | null;
}

/** The card challenge's form (spec §3 Checkout state `challenge`), by payment code. */
export const $challenges = map<Record<string, ChallengeState>>({});

export const challengeOf = (
  code: string,
  all: Record<string, ChallengeState> = $challenges.get(),
): ChallengeState => all[code] ?? { value: '', busy: false, error: null };

export const setChallengeCode = (code: string, value: string): void =>
  $challenges.setKey(code, { ...challengeOf(code), value });

/** Sends the bank's code: the payment's new answer, or null with why it was refused (the code stays). */
export async function answerChallenge(
  code: string,
  receiptKey: string | undefined,
  failed: string,
): Promise<PaymentResponse | null> {
  const { value, busy } = challengeOf(code);
  if (busy) return null;
  $challenges.setKey(code, { value, busy: true, error: null });
  let answer = null as PaymentResponse | null;
  const failure = await attempt(async () => {
    answer = await checkout.challenge(code, value, receiptKey);
  });
  $challenges.setKey(code, {
    value,
    busy: false,
    error: failure && { message: failure.message || failed, errors: failure.errors },
  });
  return answer;
}

/** A payment's answer: the member's own (by order code), or a visitor's with the receipt key. */
export const paymentAnswer = (
  code: string,
  who: { userId: number } | { receiptKey: string },
): Promise<PaymentResponse> =>
  'receiptKey' in who ? checkout.receipt(code, who.receiptKey) : checkout.status(who.userId, code);

export type SandboxAction = Parameters<typeof checkout.sandbox>[1];

/** The sandbox's controls on a payment's page (README "Test payments"): busy, and why it refused. */
export const $sandbox = map<{ busy: boolean; error: string | null }>({ busy: false, error: null });

/** Pays, expires, refunds or reviews the payment in the sandbox: its new answer, or null. */
export async function runSandbox(
  code: string,
  action: SandboxAction,
  failed: string,
): Promise<PaymentResponse | null> {
  $sandbox.set({ busy: true, error: null });
  let answer = null as PaymentResponse | null;
  const failure = await attempt(async () => {
    answer = await checkout.sandbox(code, action);
  });
  $sandbox.set({ busy: false, error: failure && (failure.message || failed) });
  return answer;
}
