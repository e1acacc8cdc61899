// The checkout state of spec §3 (type, method, paymentData, unregisteredUserData,
// installments, finalValueInstallments, challenge, challengeComplete) plus the event checkout
// (event, tickets, value), kept in session storage so a reload or buyingStep resumes it.
import { map } from 'nanostores';
import type { HolderQuestionWire } from '../../contract/events.ts';
import type { Payment, PaymentMethodCode } from '../../contract/payments.ts';

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
  /** One key per purchase attempt: a retry or a double click never charges twice (DESIGN.md §4). */
  idempotencyKey: string | null;
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
    if (saved) $checkout.set({ ...EMPTY_CHECKOUT, ...(JSON.parse(saved) as Partial<CheckoutState>) });
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

export function newKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** spec §4: the checkout can be reset. */
export function resetCheckout(): void {
  $checkout.set({ ...EMPTY_CHECKOUT });
}

/**
 * Starts (or resumes) the checkout of an event with chosen quantities. Holders already filled
 * for the same tickets are kept, so coming back to the event page loses nothing.
 */
export function startEventCheckout(event: CheckoutEvent, tickets: { id: number; nome: string; valor: number; perguntas: HolderQuestionWire[]; quantity: number }[], firstHolderName: string): EventCheckout {
  const previous = $checkout.get().eventCheckout;
  const kept = previous?.event.id === event.id ? previous.tickets : [];
  const chosen = tickets
    .filter((x) => x.quantity > 0)
    .map((x, i): CheckoutTicket => {
      const old = kept.find((k) => k.ingresso === x.id)?.titulares ?? [];
      const titulares = Array.from({ length: x.quantity }, (_, seat) => old[seat] ?? { nome: i === 0 && seat === 0 ? firstHolderName : '', email: '', respostas: {} });
      return { ingresso: x.id, nome: x.nome, valor: x.valor, perguntas: x.perguntas, titulares };
    });
  const eventCheckout: EventCheckout = { event, tickets: chosen, value: Math.round(chosen.reduce((s, x) => s + x.valor * x.titulares.length, 0) * 100) / 100 };
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
  return checkout.tickets.flatMap((ticket, ticketIndex) => ticket.titulares.map((holder, seatIndex) => ({ ticketIndex, seatIndex, ticket, holder })));
}

export function setHolder(ticketIndex: number, seatIndex: number, holder: CheckoutHolder): void {
  const state = $checkout.get();
  if (!state.eventCheckout) return;
  const tickets = state.eventCheckout.tickets.map((t, i) =>
    i === ticketIndex ? { ...t, titulares: t.titulares.map((h, s) => (s === seatIndex ? holder : h)) } : t,
  );
  $checkout.setKey('eventCheckout', { ...state.eventCheckout, tickets });
}

export type HolderErrors = Partial<Record<'nome' | 'email' | string, 'required' | 'email' | 'option'>>;

/** A holder's missing or invalid fields: name, e-mail format, required answers, select options. */
export function holderErrors(ticket: CheckoutTicket, holder: CheckoutHolder): HolderErrors {
  const errors: HolderErrors = {};
  if (!holder.nome.trim()) errors.nome = 'required';
  if (holder.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(holder.email.trim())) errors.email = 'email';
  for (const q of ticket.perguntas) {
    const answer = holder.respostas[q.id]?.trim() ?? '';
    if (q.obrigatorio && !answer) errors[q.id] = 'required';
    else if (answer && q.tipo === 'select' && !q.opcoes.includes(answer)) errors[q.id] = 'option';
  }
  return errors;
}

/** The first seat whose holder still has errors, or -1 when all are complete. */
export function firstIncompleteSeat(checkout: EventCheckout | null): number {
  return seatsOf(checkout).findIndex((s) => Object.keys(holderErrors(s.ticket, s.holder)).length > 0);
}

/** The body of the purchase (contract/payments.ts paymentBodySchema) without the payment part. */
export function ticketsBody(checkout: EventCheckout) {
  return checkout.tickets.map((t) => ({
    ingresso: t.ingresso,
    titulares: t.titulares.map((h) => ({ nome: h.nome.trim(), ...(h.email.trim() ? { email: h.email.trim() } : {}), respostas: h.respostas })),
  }));
}
