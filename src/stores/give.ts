// The give checkout of spec §3 (motivos, flagUsuarioTaxa, salvarCartao, allowRecurrency,
// recorrenciaDias, total) with the defaults of spec §9, and its actions: quote (the fees of a
// method, asked to the server) and pay (one POST /pagamento/ of kind "doacao", with one
// idempotency key per attempt). Rules are the server's: this store only carries what was typed.
import { map } from 'nanostores';
import type { DonationBody } from '../../contract/giving.ts';
import { GIVE_DEFAULTS } from '../../contract/giving-rules.ts';
import type { FeeQuoteWire, PaymentMethodCode, PaymentResponse } from '../../contract/payments.ts';
import { giving } from '../lib/giving/api.ts';
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

const newKey = (): string => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const giveDefaults = (allowRecurrency: boolean = GIVE_DEFAULTS.allowRecurrency): GiveState => ({
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
  const normalised = /,\d{1,}$/.test(s) ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null;
  return Number(normalised);
}

const sum = (motivos: Record<number, string>) => Math.round(Object.values(motivos).reduce((s, v) => s + Math.max(0, parseAmount(v) ?? 0), 0) * 100) / 100;

export function setAmount(reasonId: number, text: string): void {
  const motivos = { ...$give.get().motivos, [reasonId]: text };
  $give.set({ ...$give.get(), motivos, total: sum(motivos) });
}

export function setOption<K extends 'flagUsuarioTaxa' | 'salvarCartao' | 'recorrencia' | 'recorrenciaDias'>(key: K, value: GiveState[K]): void {
  $give.set({ ...$give.get(), [key]: value });
}

/** spec §4: resetting the give checkout restores the defaults and sets the total to 0. */
export function resetGive(): void {
  $give.set(giveDefaults($give.get().allowRecurrency));
}

export function startGive(allowRecurrency: boolean): void {
  $give.set(giveDefaults(allowRecurrency));
}

/** The fees of the current total for a method (null when there is nothing to give yet). */
export async function quote(slug: string, method: PaymentMethodCode): Promise<FeeQuoteWire | null> {
  const state = $give.get();
  if (state.total <= 0) return null;
  return giving.fees(slug, state.total, method, state.flagUsuarioTaxa);
}

export interface PayInput {
  churchId: number;
  method: PaymentMethodCode;
  cartao?: { token?: string; idCartao?: number };
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
    metodoPagamento: input.method,
    salvarCartao: state.salvarCartao,
    ...(input.cartao ? { cartao: input.cartao } : {}),
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
    const answer = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.lastGift) ?? 'null') as PaymentResponse | null;
    return answer?.pagamento.codigo === code ? answer : null;
  } catch {
    return null;
  }
}

/** Gives: one POST /pagamento/. A refused attempt gets a new key, so the next one is a new gift. */
export async function pay(input: PayInput): Promise<PaymentResponse> {
  const key = $give.get().idempotencyKey;
  try {
    const answer = await giving.give(giftBody(input), key);
    if (answer.pagamento.status === 'nao_aprovado') $give.setKey('idempotencyKey', newKey());
    else rememberGift(answer);
    return answer;
  } catch (error) {
    $give.setKey('idempotencyKey', newKey());
    throw error;
  }
}
