// The checkout state of spec §3 (type, method, paymentData, unregisteredUserData,
// installments, finalValueInstallments, challenge, challengeComplete) plus the event checkout
// (event, tickets, value), kept in session storage so a reload or buyingStep resumes it; and
// /checkout's form around it (`$checkoutForm`, `submitCheckout`: the visitor, the captcha, busy,
// the error, the visitor's result), which is not kept.
import { atom, map } from 'nanostores';
import type { HolderQuestionWire } from '../../contract/events.ts';
import type { Payment, PaymentMethodCode, PaymentResponse } from '../../contract/payments.ts';
import type { CaptchaWire } from '../../contract/giving.ts';
import { readFailure } from '../lib/account/http.ts';
import { checkout, newKey, type FeeCall } from '../lib/checkout/api.ts';
import { afterPay, type PaymentPart } from '../lib/checkout/payment.ts';
import { churchEvent } from '../lib/events/api.ts';
import { visitorErrors, type VisitorFields } from '../lib/events/visitor-form.ts';
import { giving } from '../lib/giving/api.ts';
import { solveProofOfWork } from '../lib/giving/proof-of-work.ts';

export const CHECKOUT_STORAGE_KEY = 'church:checkout';

export interface CheckoutHolder {
  nome: string;
  email: string;
  respostas: Record<string, string>;
}

export interface CheckoutTicket {
  ingresso: number;
  nome: string;
  valor: number;
  perguntas: HolderQuestionWire[];
  titulares: CheckoutHolder[];
}

export interface CheckoutEvent {
  id: number;
  titulo: string;
  moeda: string;
  fusoHorario: string;
  dataInicio: string;
  local: string | null;
  flagJuros: boolean;
  flagAssumirTaxasServico: boolean;
  qtdeMaxParcelas: number;
  /** Visitors may buy without an account (docs/events.md "Visitors"). */
  flagVisitante?: boolean;
  /** The methods the event accepts; null or absent: every method of the church. */
  metodosPagamento?: string[] | null;
}

/** Who buys without an account, and the solved captcha (docs/events.md "Visitors"). */
export interface VisitorPart {
  visitante: { nome: string; email: string; cpf?: string };
  captcha: { token: string; resposta: string };
  pais?: string;
}

export interface EventCheckout {
  event: CheckoutEvent;
  tickets: CheckoutTicket[];
  /** Sum of the tickets' prices, before fees. */
  value: number;
}

export interface CheckoutState {
  type: 'evento' | null;
  method: PaymentMethodCode | null;
  paymentData: Payment | null;
  unregisteredUserData: Record<string, string> | null;
  installments: number;
  finalValueInstallments: number | null;
  challenge: boolean;
  challengeComplete: boolean;
  eventCheckout: EventCheckout | null;
  /** One key per purchase attempt: a retry or a double click never charges twice (docs/api-foundation.md "Payments"). */
  idempotencyKey: string | null;
  /** A visitor's receipt key of the last order (its card challenge is answered with it). */
  visitorKey?: string | null;
}

export const EMPTY_CHECKOUT: CheckoutState = {
  type: null,
  method: null,
  paymentData: null,
  unregisteredUserData: null,
  installments: 1,
  finalValueInstallments: null,
  challenge: false,
  challengeComplete: false,
  eventCheckout: null,
  idempotencyKey: null,
};

export const $checkout = map<CheckoutState>({ ...EMPTY_CHECKOUT });

type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
let storage: KeyStore | null = null;

/** Restores the saved checkout and saves every change (call once per page, in the browser). */
export function bindCheckoutStorage(store: KeyStore): void {
  if (storage) return;
  storage = store;
  try {
    const saved = store.getItem(CHECKOUT_STORAGE_KEY);
    if (saved)
      $checkout.set({ ...EMPTY_CHECKOUT, ...(JSON.parse(saved) as Partial<CheckoutState>) });
  } catch {
    /* a broken entry starts a fresh checkout */
  }
  $checkout.listen((state) => {
    try {
      store.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(state));
    } catch {
      /* private mode: the checkout still works for this page */
    }
  });
}

/** spec §3: a checkout is unregistered when the user is not logged in and unregistered data exists. */
export function isUnregistered(state: CheckoutState, loggedIn: boolean): boolean {
  return !loggedIn && !!state.unregisteredUserData;
}

export { newKey };

/** spec §4: the checkout can be reset. */
export function resetCheckout(): void {
  $checkout.set({ ...EMPTY_CHECKOUT });
}

/**
 * Starts (or resumes) the checkout of an event with chosen quantities. Holders already filled
 * for the same tickets are kept, so coming back to the event page loses nothing.
 */
export function startEventCheckout(
  event: CheckoutEvent,
  tickets: {
    id: number;
    nome: string;
    valor: number;
    perguntas: HolderQuestionWire[];
    quantity: number;
  }[],
  firstHolderName: string,
): EventCheckout {
  const previous = $checkout.get().eventCheckout;
  const kept = previous?.event.id === event.id ? previous.tickets : [];
  const chosen = tickets
    .filter((x) => x.quantity > 0)
    .map((x, i): CheckoutTicket => {
      const old = kept.find((k) => k.ingresso === x.id)?.titulares ?? [];
      const titulares = Array.from(
        { length: x.quantity },
        (_, seat) =>
          old[seat] ?? {
            nome: i === 0 && seat === 0 ? firstHolderName : '',
            email: '',
            respostas: {},
          },
      );
      return { ingresso: x.id, nome: x.nome, valor: x.valor, perguntas: x.perguntas, titulares };
    });
  const eventCheckout: EventCheckout = {
    event,
    tickets: chosen,
    value: Math.round(chosen.reduce((s, x) => s + x.valor * x.titulares.length, 0) * 100) / 100,
  };
  $checkout.set({ ...EMPTY_CHECKOUT, type: 'evento', eventCheckout, idempotencyKey: newKey() });
  return eventCheckout;
}

export interface Seat {
  ticketIndex: number;
  seatIndex: number;
  ticket: CheckoutTicket;
  holder: CheckoutHolder;
}

/** Every seat in order: the "ticket x of n" steps of spec §2. */
export function seatsOf(checkout: EventCheckout | null): Seat[] {
  if (!checkout) return [];
  return checkout.tickets.flatMap((ticket, ticketIndex) =>
    ticket.titulares.map((holder, seatIndex) => ({ ticketIndex, seatIndex, ticket, holder })),
  );
}

export function setHolder(ticketIndex: number, seatIndex: number, holder: CheckoutHolder): void {
  const state = $checkout.get();
  if (!state.eventCheckout) return;
  const tickets = state.eventCheckout.tickets.map((t, i) =>
    i === ticketIndex
      ? { ...t, titulares: t.titulares.map((h, s) => (s === seatIndex ? holder : h)) }
      : t,
  );
  $checkout.setKey('eventCheckout', { ...state.eventCheckout, tickets });
}

export type HolderErrors = Partial<
  Record<'nome' | 'email' | string, 'required' | 'email' | 'option'>
>;

/** A holder's missing or invalid fields: name, e-mail format, required answers, select options. */
export function holderErrors(ticket: CheckoutTicket, holder: CheckoutHolder): HolderErrors {
  const errors: HolderErrors = {};
  if (!holder.nome.trim()) errors.nome = 'required';
  if (holder.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(holder.email.trim()))
    errors.email = 'email';
  for (const q of ticket.perguntas) {
    const answer = holder.respostas[q.id]?.trim() ?? '';
    if (q.obrigatorio && !answer) errors[q.id] = 'required';
    else if (answer && q.tipo === 'select' && !q.opcoes.includes(answer)) errors[q.id] = 'option';
  }
  return errors;
}

/** The first seat whose holder still has errors, or -1 when all are complete. */
export function firstIncompleteSeat(checkout: EventCheckout | null): number {
  return seatsOf(checkout).findIndex(
    (s) => Object.keys(holderErrors(s.ticket, s.holder)).length > 0,
  );
}

/** The body of the purchase (contract/payments.ts paymentBodySchema) without the payment part. */
export function ticketsBody(checkout: EventCheckout) {
  return checkout.tickets.map((t) => ({
    ingresso: t.ingresso,
    titulares: t.titulares.map((h) => ({
      nome: h.nome.trim(),
      ...(h.email.trim() ? { email: h.email.trim() } : {}),
      respostas: h.respostas,
    })),
  }));
}

/**
 * Pays the event checkout: one POST /pagamento/ of kind "evento" with the payment step's part, or
 * the free registration when `part` is null. The purchase carries the checkout's idempotency key
 * (a retry or a double click never charges twice); a refused attempt gets a new one.
 */
export async function payEvent(
  userId: number | null,
  part: PaymentPart | null,
  visitor?: VisitorPart,
): Promise<PaymentResponse> {
  const state = $checkout.get();
  const order = state.eventCheckout;
  if (!order) throw new Error('no event checkout');
  const key = state.idempotencyKey ?? newKey();
  $checkout.setKey('idempotencyKey', key);
  try {
    const ingressos = ticketsBody(order);
    // A visitor's order (free or paid) is one POST /pagamento/ with who buys and the captcha.
    const answer = visitor
      ? await checkout.pay(
          {
            tipo: 'evento',
            evento: order.event.id,
            ingressos,
            ...(part ?? { metodoPagamento: 'gratuito', parcelas: 1 }),
            ...visitor,
          },
          key,
        )
      : part
        ? await checkout.pay({ tipo: 'evento', evento: order.event.id, ingressos, ...part }, key)
        : await checkout.freeRegistration(userId!, order.event.id, ingressos, key);
    const p = answer.pagamento;
    $checkout.set({
      ...$checkout.get(),
      paymentData: p,
      method: p.metodoPagamento,
      installments: p.parcelas,
      finalValueInstallments: p.valorTotal,
      challenge: p.desafio && p.status === 'em_aberto',
      visitorKey: answer.chaveRecibo ?? null,
    });
    if (p.status === 'nao_aprovado') $checkout.setKey('idempotencyKey', newKey());
    return answer;
  } catch (error) {
    if ((error as { response?: unknown }).response) $checkout.setKey('idempotencyKey', newKey()); // refused: the next attempt is a new purchase
    throw error;
  }
}

/** The fee quote of the event order (the payment step asks it per method); null for a free one. */
export function eventFeeQuote(order: EventCheckout | null): FeeCall | null {
  if (!order || order.value <= 0) return null;
  return (method) => checkout.eventFees(order.event.id, order.value, method);
}

/** The days the event gives to pay in cash (the payment step's cash deadline); undefined: none said. */
export const $cashDays = atom<number | undefined>(undefined);

export const loadCashDays = (slug: string, eventId: number): Promise<void> =>
  churchEvent(slug, eventId).then((e) => $cashDays.set(e?.diasPagamentoDinheiro ?? undefined));

/** The card challenge was answered (spec §3 challengeComplete). */
export function challengeAnswered(answer: PaymentResponse): void {
  $checkout.set({
    ...$checkout.get(),
    paymentData: answer.pagamento,
    challenge: false,
    challengeComplete: true,
  });
  if (answer.pagamento.status === 'nao_aprovado') $checkout.setKey('idempotencyKey', newKey());
}

/** Who buys without an account, as typed (docs/events.md "Visitors"). */
export type VisitorForm = VisitorFields & { pais: string };

/** The /checkout form around the order: the visitor, the solved captcha, busy, the error, the visitor's result. */
export interface CheckoutForm {
  buyer: VisitorForm;
  /** The challenge once the browser has solved it (null while it is being solved). */
  captcha: { wire: CaptchaWire; answer: string } | null;
  busy: boolean;
  error: { message: string; errors: Record<string, string[]> } | null;
  /** A visitor's order made: shown in place (the tickets go to their e-mail). */
  visitorAnswer: PaymentResponse | null;
}

const checkoutFormDefaults = (pais: string): CheckoutForm => ({
  buyer: { nome: '', email: '', cpf: '', pais },
  captcha: null,
  busy: false,
  error: null,
  visitorAnswer: null,
});

/** Not kept in session storage: a reload starts the form again, never with a spent captcha. */
export const $checkoutForm = map<CheckoutForm>(checkoutFormDefaults('BR'));

export const startCheckoutForm = (pais: string): void =>
  $checkoutForm.set(checkoutFormDefaults(pais));

export const setBuyer = (buyer: VisitorForm): void => $checkoutForm.setKey('buyer', buyer);

let solving: AbortController | null = null;

/** Stops solving the challenge (the visitor logged in, or left). */
export function stopCheckoutCaptcha(): void {
  solving?.abort();
  solving = null;
}

/**
 * A new challenge, solved by the browser in the background (a proof of work, docs/security.md
 * "Visitor gifts and card testing"); the spent one goes at once.
 */
export function newCheckoutCaptcha(slug: string): Promise<void> {
  stopCheckoutCaptcha();
  const abort = new AbortController();
  solving = abort;
  $checkoutForm.setKey('captcha', null);
  return giving
    .captcha(slug)
    .then(async (wire) => {
      const answer = await solveProofOfWork(wire, abort.signal);
      if (!abort.signal.aborted && answer !== null)
        $checkoutForm.setKey('captcha', { wire, answer: String(answer) });
    })
    .catch(() => undefined);
}

export interface SubmitCheckout {
  slug: string;
  userId: number | null;
  /** Buying without an account (the event lets visitors buy). */
  visitor: boolean;
  /** CPF is asked of visitors at Brazilian churches. */
  askCpf: boolean;
  /** The payment step's part; null for a free order. */
  prepare: (() => Promise<PaymentPart>) | null;
  /** The page's texts: the checks' keys translated, "fix the errors", the generic failure. */
  texts: { field: (key: string) => string; fixErrors: string; generic: string };
}

/** Where an answer leads: declined (the message shows), else the page the payment names. */
function afterOrder(answer: PaymentResponse, generic: string): void {
  const then = afterPay(
    answer,
    `/checkout/thank-you?pedido=${encodeURIComponent(answer.pagamento.codigo)}`,
  );
  if (then.kind === 'declined')
    $checkoutForm.setKey('error', { message: then.message ?? generic, errors: {} });
  else if (then.kind === 'leave') location.assign(then.url);
}

/** The /checkout submit: a visitor's fields checked first, then one order, and where it leads. */
export async function submitCheckout(input: SubmitCheckout): Promise<void> {
  const { busy, captcha, buyer } = $checkoutForm.get();
  const { visitor, texts } = input;
  if (busy || (!input.userId && !visitor)) return;
  if (visitor && !captcha) return; // the check is still being solved
  if (visitor) {
    const wrong = visitorErrors(buyer, input.askCpf);
    if (Object.keys(wrong).length) {
      $checkoutForm.setKey('error', {
        message: texts.fixErrors,
        errors: Object.fromEntries(
          Object.entries(wrong).map(([f, key]) => [f, [texts.field(key)]]),
        ),
      });
      return;
    }
  }
  $checkoutForm.set({ ...$checkoutForm.get(), busy: true, error: null });
  let spent = false;
  try {
    const part = input.prepare ? await input.prepare() : null;
    if (visitor && captcha) {
      spent = true;
      const answer = await payEvent(null, part, {
        visitante: {
          nome: buyer.nome,
          email: buyer.email,
          ...(buyer.cpf ? { cpf: buyer.cpf } : {}),
        },
        captcha: { token: captcha.wire.token, resposta: captcha.answer },
        pais: buyer.pais,
      });
      if (answer.pagamento.status === 'nao_aprovado') {
        void newCheckoutCaptcha(input.slug);
        afterOrder(answer, texts.generic);
      } else if (!(answer.pagamento.desafio && answer.pagamento.status === 'em_aberto'))
        $checkoutForm.setKey('visitorAnswer', answer);
      return;
    }
    afterOrder(await payEvent(input.userId, part), texts.generic);
  } catch (error) {
    const failure = await readFailure(error);
    // a 400 leaves the captcha unspent; any later refusal spent it (docs/giving.md)
    if (spent && failure.status !== 400) void newCheckoutCaptcha(input.slug);
    $checkoutForm.setKey('error', {
      message: failure.message || texts.generic,
      errors: failure.errors,
    });
  } finally {
    $checkoutForm.setKey('busy', false);
  }
}

/** The card challenge was answered: a visitor's order shows in place, else it leads on. */
export function answerCheckoutChallenge(
  answer: PaymentResponse,
  visitor: boolean,
  generic: string,
): void {
  challengeAnswered(answer);
  if (visitor && answer.pagamento.status !== 'nao_aprovado')
    $checkoutForm.setKey('visitorAnswer', answer);
  else afterOrder(answer, generic);
}
