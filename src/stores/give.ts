// The give checkout of spec §3 (motivos, flagUsuarioTaxa, salvarCartao, allowRecurrency,
// recorrenciaDias, total) with the defaults of spec §9, and its actions: giftFees (the payment
// step's fee call for the current total) and pay (one POST /pagamento/ of kind "doacao" with the
// payment step's part, one idempotency key per attempt). `$giveForm` and `submitGift` are the
// /give form's submit flow (visitor, captcha, busy, error, challenge, the inline result). Rules
// are the server's: this store only carries what was typed.
import { map } from 'nanostores';
import type { CaptchaWire, DonationBody } from '../../contract/giving.ts';
import { GIVE_DEFAULTS } from '../../contract/giving-rules.ts';
import type { PaymentResponse } from '../../contract/payments.ts';
import { readFailure } from '../lib/account/http.ts';
import { checkout, newKey, type FeeCall } from '../lib/checkout/api.ts';
import { afterPay, type PaymentPart } from '../lib/checkout/payment.ts';
import { giving } from '../lib/giving/api.ts';
import { STORAGE_KEYS } from './storage-keys.ts';
import { solveProofOfWork } from '../lib/giving/proof-of-work.ts';

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
  /** One key per attempt: a retry or a double click never gives twice (docs/api-foundation.md "Payments"). */
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

/** A visitor's part of the gift (name, e-mail, CPF where asked, the address's country). */
export interface VisitorData {
  nome: string;
  email: string;
  cpf: string;
  pais: string;
}

/** The /give form around the checkout: what the island shows besides the amounts. */
export interface GiveForm {
  visitor: VisitorData;
  captcha: CaptchaWire | null;
  captchaAnswer: string;
  busy: boolean;
  error: { message: string; errors: Record<string, string[]> } | null;
  /** The card challenge to answer before the gift is made. */
  challenge: { code: string; key: string | null } | null;
  /** The gift made, shown in place (the inline /live form). */
  done: PaymentResponse | null;
}

const formDefaults = (pais: string): GiveForm => ({
  visitor: { nome: '', email: '', cpf: '', pais },
  captcha: null,
  captchaAnswer: '',
  busy: false,
  error: null,
  challenge: null,
  done: null,
});

export const $giveForm = map<GiveForm>(formDefaults('BR'));

/** A new /give form: the checkout's defaults and an empty visitor in the church's country. */
export function startGiveForm(allowRecurrency: boolean, pais: string): void {
  startGive(allowRecurrency);
  $giveForm.set(formDefaults(pais));
}

export const setVisitor = (visitor: VisitorData): void => $giveForm.setKey('visitor', visitor);

let solving: { promise: Promise<void>; abort: AbortController } | null = null;

/**
 * A new challenge, solved in the background by the browser (a proof of work: no picture to read,
 * docs/security.md "Visitor gifts and card testing"); the spent one goes at once, so the answer
 * sent always belongs to the token sent.
 */
export function newCaptcha(slug: string): Promise<void> {
  solving?.abort.abort();
  $giveForm.set({ ...$giveForm.get(), captchaAnswer: '', captcha: null });
  const abort = new AbortController();
  const promise = (async () => {
    const captcha = await giving.captcha(slug).catch(() => null);
    if (abort.signal.aborted) return;
    $giveForm.setKey('captcha', captcha);
    if (!captcha) return;
    const answer = await solveProofOfWork(captcha, abort.signal).catch(() => null);
    if (!abort.signal.aborted && answer !== null && $giveForm.get().captcha === captcha)
      $giveForm.setKey('captchaAnswer', String(answer));
  })();
  solving = { promise, abort };
  return promise;
}

/** Waits for the challenge in progress (the visitor may press Give before it is done). */
const challengeSolved = (): Promise<void> => solving?.promise ?? Promise.resolve();

/** Clears the amounts and options, and the message of the last attempt. */
export function resetGiveForm(): void {
  resetGive();
  $giveForm.setKey('error', null);
}

/** After the result shown in place: a fresh gift. */
export function giveAgain(allowRecurrency: boolean): void {
  $giveForm.setKey('done', null);
  startGive(allowRecurrency);
}

export interface SubmitGift {
  churchId: number;
  slug: string;
  asVisitor: boolean;
  askCpf: boolean;
  /** The payment step's part (a new card is tokenised there). */
  prepare(): Promise<PaymentPart>;
  /** On /live: the result shows in place so the stream keeps playing. */
  inline: boolean;
  /** The page's texts for "nothing to give" and the generic failure. */
  texts: { nothing: string; generic: string };
}

/** Where a gift's answer leads: declined (message), challenge, the result in place, or away. */
function afterGift(response: PaymentResponse, input: Pick<SubmitGift, 'inline' | 'texts'>): void {
  const key = response.chaveRecibo ?? null;
  const thanks = `/give/thank-you?pedido=${encodeURIComponent(response.pagamento.codigo)}${key ? `&chave=${encodeURIComponent(key)}` : ''}`;
  const then = afterPay(response, thanks);
  if (then.kind === 'declined')
    return $giveForm.setKey('error', { message: then.message ?? input.texts.generic, errors: {} });
  if (then.kind === 'challenge') return $giveForm.setKey('challenge', { code: then.code, key });
  rememberGift(response);
  if (input.inline && then.url === thanks) {
    resetGive(); // spec §4: the give checkout is reset once the gift is made
    return $giveForm.setKey('done', response);
  }
  location.assign(then.url);
}

/** The card challenge was answered: the gift goes on with its receipt key. */
export function answerChallenge(
  answer: PaymentResponse,
  input: Pick<SubmitGift, 'inline' | 'texts'>,
): void {
  const key = $giveForm.get().challenge?.key ?? null;
  $giveForm.setKey('challenge', null);
  afterGift({ ...answer, chaveRecibo: key }, input);
}

/** The /give submit: checks there is something to give, pays, and follows the answer. */
export async function submitGift(input: SubmitGift): Promise<void> {
  const form = $giveForm.get();
  if (form.busy) return;
  $giveForm.setKey('error', null);
  const state = $give.get();
  if (state.total <= 0 && !Object.values(state.motivos).some((v) => v.trim()))
    return $giveForm.setKey('error', { message: input.texts.nothing, errors: {} });
  $giveForm.setKey('busy', true);
  let sent = false; // whether the captcha went to the server (and may have been spent)
  try {
    const payment = await input.prepare();
    if (input.asVisitor) await challengeSolved();
    const { visitor, captcha, captchaAnswer } = $giveForm.get();
    const who = input.asVisitor
      ? {
          pais: visitor.pais,
          visitante: {
            nome: visitor.nome,
            email: visitor.email,
            ...(input.askCpf ? { cpf: visitor.cpf } : {}),
          },
          captcha: { token: captcha?.token ?? '', resposta: captchaAnswer },
        }
      : {};
    sent = true;
    const answer = await pay({ churchId: input.churchId, payment, ...who });
    // A declined card spent the captcha: the next try needs a new one.
    if (input.asVisitor && answer.pagamento.status === 'nao_aprovado') void newCaptcha(input.slug);
    afterGift(answer, input);
  } catch (error) {
    const failure = await readFailure(error);
    $giveForm.setKey('error', {
      message: failure.message || input.texts.generic,
      errors: failure.errors,
    });
    // A captcha answers once, right or wrong; but the card's own check (before sending) and bad
    // input (400: the server checks every field before it looks at the captcha) leave it unspent.
    if (input.asVisitor && sent && failure.status !== 400) void newCaptcha(input.slug);
  } finally {
    $giveForm.setKey('busy', false);
  }
}
