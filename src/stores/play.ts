// A member's Play pages other than the player (docs/play.md "Watching", "Subscribing, cancelling,
// renewals"): my list (a video added from the zero-JS "+ My list" form first, removing one), my plan
// (the subscriptions, cancelling with its question, changing the renewal card or the next plan)
// and the plan checkout (the quote, already subscribed, paying with one key per attempt, the
// challenge, the result). The player keeps its own store (play-player.ts) for the watch page's
// JavaScript budget. Calls in src/lib/play/; no DOM here.
import { atom, map } from 'nanostores';
import type { PaymentMethodCode, PaymentResponse } from '../../contract/payments.ts';
import type { PlayMyListItem, PlayPlan, PlaySubscription } from '../../contract/play.ts';
import { readFailure } from '../lib/account/http.ts';
import { checkout, newKey } from '../lib/checkout/api.ts';
import { afterPay, type PaymentPart } from '../lib/checkout/payment.ts';
import { addToMyList, loadMyList, removeFromMyList } from '../lib/play/api.ts';
import {
  cancelSubscription,
  changeSubscriptionCard,
  changeSubscriptionPlan,
  loadMySubscriptions,
  planFees,
} from '../lib/play/subscriptions.ts';
import { attempt, loadInto, type Loadable } from './loadable.ts';

/** My list, newest first. */
export const $myList = atom<Loadable<PlayMyListItem[]>>({ state: 'idle' });
/** An add or a remove failed (the list shows what is saved). */
export const $myListFailed = atom(false);

/** Loads my list, adding `add` first (a failed add is told; the list still loads). */
export const openMyList = (churchId: number, userId: number, add: number | null): Promise<void> =>
  loadInto(
    $myList,
    async () => {
      if (add) await addToMyList(add, churchId, userId).catch(() => $myListFailed.set(true));
      return loadMyList(churchId, userId);
    },
    false,
  );

export async function removeListItem(itemId: number): Promise<void> {
  $myListFailed.set(false);
  try {
    await removeFromMyList(itemId);
    const shown = $myList.get();
    if (shown.state === 'ready')
      $myList.set({ state: 'ready', data: shown.data.filter((i) => i.id !== itemId) });
  } catch {
    $myListFailed.set(true);
  }
}

/** The member's subscriptions, newest first (my plan; the checkout's "already subscribed"). */
export const $subscriptions = atom<Loadable<PlaySubscription[]>>({ state: 'idle' });

export const loadSubscriptions = (churchId: number, userId: number | null): Promise<void> =>
  loadInto(
    $subscriptions,
    () => (userId === null ? Promise.resolve([]) : loadMySubscriptions(churchId, userId)),
    false,
  );

/** A subscription the API answered replaces the one shown. */
function replaceSubscription(updated: PlaySubscription): void {
  const shown = $subscriptions.get();
  if (shown.state === 'ready')
    $subscriptions.set({
      state: 'ready',
      data: shown.data.map((s) => (s.id === updated.id ? updated : s)),
    });
}

export type PlayNotice = { kind: 'ok' | 'error'; text: string };

/** My plan's cancel question, the call running, and the page's one message. */
export const $myPlan = map<{ confirming: boolean; busy: boolean; message: PlayNotice | null }>({
  confirming: false,
  busy: false,
  message: null,
});

export const askCancelPlan = (confirming: boolean): void =>
  $myPlan.setKey('confirming', confirming);

/** A change the page made (the renewal card, the next plan): it shows, with its message. */
export function subscriptionChanged(updated: PlaySubscription, text: string): void {
  replaceSubscription(updated);
  $myPlan.setKey('message', { kind: 'ok', text });
}

/** Cancels renewals: the answer's message by what the subscription is now, or why not. */
export async function cancelMyPlan(
  subscriptionId: number,
  churchId: number,
  texts: { cancelled: (updated: PlaySubscription) => string; failed: string },
): Promise<void> {
  $myPlan.set({ ...$myPlan.get(), busy: true, message: null });
  try {
    const updated = await cancelSubscription(subscriptionId, churchId);
    replaceSubscription(updated);
    $myPlan.setKey('message', { kind: 'ok', text: texts.cancelled(updated) });
  } catch (error) {
    const failure = await readFailure(error);
    $myPlan.setKey('message', { kind: 'error', text: failure.message || texts.failed });
  }
  $myPlan.set({ ...$myPlan.get(), busy: false, confirming: false });
}

/** A failed call as the form shows it: the API's message (or the page's) and per field. */
export type PlayFailure = { message: string; errors: Record<string, string[]> };

/** The renewal card's and the next plan's forms: which one is saving, and which failed why. */
export const $planChanges = map<{
  busy: 'card' | 'plan' | null;
  failure: (PlayFailure & { part: 'card' | 'plan' }) | null;
}>({ busy: null, failure: null });

async function change(
  part: 'card' | 'plan',
  run: () => Promise<PlaySubscription>,
  failed: string,
): Promise<PlaySubscription | null> {
  if ($planChanges.get().busy) return null;
  $planChanges.set({ busy: part, failure: null });
  let updated = null as PlaySubscription | null;
  const failure = await attempt(async () => {
    updated = await run();
  });
  $planChanges.set({
    busy: null,
    failure: failure && { part, message: failure.message || failed, errors: failure.errors },
  });
  return updated;
}

/** The card renewals charge: the payment step's saved card, or a new card's token. */
export const changeRenewalCard = (
  subscriptionId: number,
  churchId: number,
  prepare: () => Promise<PaymentPart>,
  failed: string,
): Promise<PlaySubscription | null> =>
  change(
    'card',
    async () => changeSubscriptionCard(subscriptionId, churchId, (await prepare()).cartao ?? {}),
    failed,
  );

/** The plan charged from the next renewal on. */
export const changeNextPlan = (
  subscriptionId: number,
  churchId: number,
  planId: number,
  failed: string,
): Promise<PlaySubscription | null> =>
  change('plan', () => changeSubscriptionPlan(subscriptionId, churchId, planId), failed);

/** The plan checkout's first charge quote (the payment step asks it per method). */
export const planFeeQuote = (slug: string, planId: number) => (method: PaymentMethodCode) =>
  planFees(slug, planId, method);

/** The plan checkout: the form, the card challenge, or done (with the payment's answer). */
export type PlayCheckoutPhase =
  | { kind: 'form' }
  | { kind: 'challenge'; code: string }
  | { kind: 'done'; answer: PaymentResponse };

export interface PlayCheckout {
  phase: PlayCheckoutPhase;
  busy: boolean;
  failure: PlayFailure | null;
  /** One key per attempt: a repeated click or a lost answer charges once. */
  key: string;
}

export const $playCheckout = map<PlayCheckout>({
  phase: { kind: 'form' },
  busy: false,
  failure: null,
  key: newKey(),
});

/** What a payment's answer means here: declined (stays, with why), the challenge, PicPay's page, or done. */
export function playPaymentAnswered(answer: PaymentResponse, declined: string): void {
  $playCheckout.setKey('key', newKey());
  const next = afterPay(answer, '/play/my-plan');
  if (next.kind === 'declined')
    $playCheckout.setKey('failure', { message: next.message ?? declined, errors: {} });
  else if (next.kind === 'challenge')
    $playCheckout.setKey('phase', { kind: 'challenge', code: next.code });
  else if (answer.pagamento.metodoPagamento === 'picpay' && answer.pagamento.urlPagamento)
    location.assign(next.url);
  else $playCheckout.setKey('phase', { kind: 'done', answer });
}

/** Pays the plan's first charge (`tipo: "assinatura"`) with the payment step's part. */
export async function payPlan(
  churchId: number,
  plan: Pick<PlayPlan, 'id' | 'valor' | 'taxaAdesao'>,
  prepare: () => Promise<PaymentPart>,
  texts: { failed: string; declined: string },
): Promise<void> {
  if ($playCheckout.get().busy) return;
  $playCheckout.set({ ...$playCheckout.get(), busy: true, failure: null });
  let answer = null as PaymentResponse | null;
  const failure = await attempt(async () => {
    const part = await prepare();
    answer = await checkout.pay(
      {
        tipo: 'assinatura',
        igreja: churchId,
        planoAssinatura: plan.id,
        valor: firstCharge(plan),
        ...part,
      },
      $playCheckout.get().key,
    );
  });
  if (failure)
    $playCheckout.setKey('failure', {
      message: failure.message || texts.failed,
      errors: failure.errors,
    });
  if (answer) playPaymentAnswered(answer, texts.declined);
  $playCheckout.setKey('busy', false);
}

/** The first charge: the price and the contracting fee. */
export const firstCharge = (plan: Pick<PlayPlan, 'valor' | 'taxaAdesao'>): number =>
  Math.round((plan.valor + plan.taxaAdesao) * 100) / 100;
