// The give checkout of spec §3 (motivos, flagUsuarioTaxa, salvarCartao, allowRecurrency,
// recorrenciaDias, total) with the defaults of spec §9, and its actions: giftFees (the payment
// step's fee call for the current total) and pay (one POST /pagamento/ of kind "doacao" with the
// payment step's part, one idempotency key per attempt). Rules are the server's: this store only
// carries what was typed.
import { map } from 'nanostores';
import type { DonationBody } from '../../contract/giving.ts';
import { GIVE_DEFAULTS } from '../../contract/giving-rules.ts';
import type { PaymentResponse } from '../../contract/payments.ts';
import { checkout, newKey, type FeeCall } from '../lib/checkout/api.ts';
import type { PaymentPart } from '../lib/checkout/payment.ts';
import { STORAGE_KEYS } from './session.ts';

export interface GiveState {
  /** The amount typed per reason id, as typed ("50", "25,50"). */
  motivos: Record<number, string>;
  flagUsuarioTaxa: boolean;
  salvarCartao: boolean;
  allowRecurrency: boolean;
  /** The giver asked to repeat the gift. */
  recorrencia: boolean;
  recorrenciaDias: number;
  /** Sum of the amounts, before fees. */
  total: number;
  /** One key per attempt: a retry or a double click never gives twice (DESIGN.md §4). */
  idempotencyKey: string;
}

export const giveDefaults = (
  allowRecurrency: boolean = GIVE_DEFAULTS.allowRecurrency,
): GiveState => ({
  motivos: {},
  flagUsuarioTaxa: GIVE_DEFAULTS.flagUsuarioTaxa,
  salvarCartao: GIVE_DEFAULTS.salvarCartao,
  allowRecurrency,
  recorrencia: false,
  recorrenciaDias: GIVE_DEFAULTS.recorrenciaDias,
  total: 0,
  idempotencyKey: newKey(),
});

export const $give = map<GiveState>(giveDefaults());

/** "25,50", "25.50", "1.234,56" → 25.5 / 1234.56; null when it is not a number as typed. */
export function parseAmount(text: string): number | null {
  const s = text.trim().replace(/\s/g, '');
  if (!s) return null;
  const normalised = /,\d{1,}$/.test(s)
    ? s.replace(/\./g, '').replace(',', '.')
    : s.replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null;
  return Number(normalised);
}

const sum = (motivos: Record<number, string>) =>
  Math.round(
    Object.values(motivos).reduce((s, v) => s + Math.max(0, parseAmount(v) ?? 0), 0) * 100,
  ) / 100;

export function setAmount(reasonId: number, text: string): void {
  const motivos = { ...$give.get().motivos, [reasonId]: text };
  $give.set({ ...$give.get(), motivos, total: sum(motivos) });
}

export function setOption<
  K extends 'flagUsuarioTaxa' | 'salvarCartao' | 'recorrencia' | 'recorrenciaDias',
>(key: K, value: GiveState[K]): void {
  $give.set({ ...$give.get(), [key]: value });
}

/** spec §4: resetting the give checkout restores the defaults and sets the total to 0. */
export function resetGive(): void {
  $give.set(giveDefaults($give.get().allowRecurrency));
}

export function startGive(allowRecurrency: boolean): void {
  $give.set(giveDefaults(allowRecurrency));
}

/** The payment step's fee call for the current total (null while there is nothing to give yet). */
export function giftFees(slug: string, state: GiveState = $give.get()): FeeCall | null {
  if (state.total <= 0) return null;
  return (method) => checkout.giftFees(slug, state.total, method, state.flagUsuarioTaxa);
}

export interface PayInput {
  churchId: number;
  /** The payment step's part: method, card, installments, save card. */
  payment: PaymentPart;
  pais?: string;
  visitante?: { nome: string; email: string; cpf?: string };
  captcha?: { token: string; resposta: string };
}

/** The body of the gift: every reason with an amount typed (a typed text the server refuses stays text). */
export function giftBody(input: PayInput): DonationBody {
  const state = $give.get();
  const motivos = Object.entries(state.motivos)
    .filter(([, text]) => text.trim() !== '')
    .map(([id, text]) => ({ motivo: Number(id), valor: (parseAmount(text) ?? text) as number }));
  return {
    tipo: 'doacao',
    igreja: input.churchId,
    motivos,
    flagUsuarioTaxa: state.flagUsuarioTaxa,
    recorrencia: state.allowRecurrency && state.recorrencia,
    recorrenciaDias: state.recorrenciaDias,
    ...input.payment,
    ...(input.pais ? { pais: input.pais } : {}),
    ...(input.visitante ? { visitante: input.visitante } : {}),
    ...(input.captcha ? { captcha: input.captcha } : {}),
  };
}

/** Keeps the gift's answer for its thank-you page, which then shows it before any call. */
export function rememberGift(answer: PaymentResponse): void {
  try {
    sessionStorage.setItem(STORAGE_KEYS.lastGift, JSON.stringify(answer));
  } catch {
    /* private mode: the thank-you page loads it from the API */
  }
}

/** The answer kept for this order code, if any. */
export function rememberedGift(code: string): PaymentResponse | null {
  try {
    const answer = JSON.parse(
      sessionStorage.getItem(STORAGE_KEYS.lastGift) ?? 'null',
    ) as PaymentResponse | null;
    return answer?.pagamento.codigo === code ? answer : null;
  } catch {
    return null;
  }
}

/** Gives: one POST /pagamento/. A refused attempt gets a new key, so the next one is a new gift. */
export async function pay(input: PayInput): Promise<PaymentResponse> {
  const key = $give.get().idempotencyKey;
  try {
    const answer = await checkout.pay(giftBody(input), key);
    if (answer.pagamento.status === 'nao_aprovado') $give.setKey('idempotencyKey', newKey());
    else rememberGift(answer);
    return answer;
  } catch (error) {
    if ((error as { response?: unknown }).response) $give.setKey('idempotencyKey', newKey()); // refused: the next attempt is a new gift
    throw error;
  }
}
