// /user/giving's flow (docs/giving.md): the member's recurring gifts, saved cards and gifts by
// year, the page's one message, and each recurring gift's own state (its edit form with the
// API's per-field errors, the cancel question, busy) with its writes: pause, resume, cancel, save
// the changes, confirm a charge with the bank (docs/payments.md "Recurring gifts at a live
// gateway"). And the yearly statement's load. Calls in src/lib/giving/api.ts and
// src/lib/checkout/api.ts; no DOM here.
import { atom, map } from 'nanostores';
import type { Gift, RecurringGift, Statement } from '../../contract/giving.ts';
import type { SavedCard } from '../../contract/payments.ts';
import { readFailure } from '../lib/account/http.ts';
import { checkout } from '../lib/checkout/api.ts';
import { confirmGift } from '../lib/giving/confirm.ts';
import { giving } from '../lib/giving/api.ts';

export type AccountMessage = { kind: 'ok' | 'error'; text: string };

export interface GivingAccount {
  /** null while loading. */
  recurring: RecurringGift[] | null;
  cards: SavedCard[];
  /** The year shown ('' for every year). */
  year: string;
  /** null while loading. */
  gifts: Gift[] | null;
  /** The church's clock the gifts' days are written in (docs/giving.md "Which clock"). */
  zone: string | undefined;
  message: AccountMessage | null;
}

export const $givingAccount = map<GivingAccount>({
  recurring: null,
  cards: [],
  year: '',
  gifts: null,
  zone: undefined,
  message: null,
});

/** The recurring gifts and saved cards; a failed load shows none. */
export function loadRecurring(slug: string, userId: number, churchId: number): Promise<unknown> {
  return Promise.all([
    giving.recurring(userId, churchId).then(
      (r) => $givingAccount.setKey('recurring', r.doacoesRecorrentes),
      () => $givingAccount.setKey('recurring', []),
    ),
    checkout.savedCards(slug, userId).then(
      (cards) => $givingAccount.setKey('cards', cards),
      () => $givingAccount.setKey('cards', []),
    ),
  ]);
}

/** The gifts of the year chosen; a failed load shows none. */
export function loadHistory(userId: number, churchId: number, year: string): Promise<void> {
  return giving.history(userId, churchId, year ? Number(year) : undefined).then(
    (r) => {
      $givingAccount.setKey('zone', r.fusoHorario);
      $givingAccount.setKey('gifts', r.doacoes);
    },
    () => $givingAccount.setKey('gifts', []),
  );
}

export const chooseYear = (year: string): void => $givingAccount.setKey('year', year);

const showMessage = (message: AccountMessage | null): void =>
  $givingAccount.setKey('message', message);

const replaceGift = (gift: RecurringGift): void =>
  $givingAccount.setKey(
    'recurring',
    ($givingAccount.get().recurring ?? []).map((g) => (g.id === gift.id ? gift : g)),
  );

/** The edit form of a recurring gift, as typed. */
export interface RecurringForm {
  valor: string;
  motivo: string;
  dias: string;
  data: string;
  cartao: string;
}

export interface RecurringEdit {
  editing: boolean;
  /** The cancel question is open. */
  confirming: boolean;
  busy: boolean;
  /** Per field (`_`: the API's message when it named no field). */
  errors: Record<string, string>;
  form: RecurringForm;
}

/** Each recurring gift's state, by its id (a gift not touched yet has none). */
export const $recurringEdits = map<Record<number, RecurringEdit>>({});

const fresh = (gift: RecurringGift): RecurringEdit => ({
  editing: false,
  confirming: false,
  busy: false,
  errors: {},
  form: {
    valor: String(gift.valor),
    motivo: String(gift.motivo.id),
    dias: String(gift.recorrenciaDias),
    data: gift.proximaCobranca,
    cartao: gift.cartao ? String(gift.cartao.id) : '',
  },
});

/** The gift's state: as left, or fresh from the gift. */
export const recurringEditOf = (
  gift: RecurringGift,
  edits: Record<number, RecurringEdit> = $recurringEdits.get(),
): RecurringEdit => edits[gift.id] ?? fresh(gift);

const patch = (gift: RecurringGift, change: Partial<RecurringEdit>): void =>
  $recurringEdits.setKey(gift.id, { ...recurringEditOf(gift), ...change });

export const toggleEditing = (gift: RecurringGift): void =>
  patch(gift, { editing: !recurringEditOf(gift).editing });

export const askCancel = (gift: RecurringGift, confirming: boolean): void =>
  patch(gift, { confirming });

export const setRecurringField = (
  gift: RecurringGift,
  field: keyof RecurringForm,
  value: string,
): void => patch(gift, { form: { ...recurringEditOf(gift).form, [field]: value } });

/** The API's message, else the page's generic failure. */
const failureText = async (error: unknown, generic: string): Promise<string> =>
  (await readFailure(error)).message || generic;

/** Pause, resume or cancel: the gift as the API answers it, or the page's message why not. */
export async function recurringAction(
  userId: number,
  gift: RecurringGift,
  acao: 'pausar' | 'retomar' | 'cancelar',
  generic: string,
): Promise<void> {
  patch(gift, { busy: true });
  showMessage(null);
  try {
    replaceGift((await giving.recurringAction(userId, gift.id, acao)).doacaoRecorrente);
  } catch (error) {
    showMessage({ kind: 'error', text: await failureText(error, generic) });
  } finally {
    patch(gift, { busy: false, confirming: false });
  }
}

/** The bank wants the donor there: the page leaves for it, or says why the charge was declined. */
export async function confirmWithBank(
  userId: number,
  gift: RecurringGift,
  churchId: number,
  generic: string,
): Promise<void> {
  patch(gift, { busy: true });
  showMessage(null);
  try {
    const then = await confirmGift(userId, gift.id, churchId);
    if (then.kind === 'leave') return location.assign(then.url);
    showMessage({ kind: 'error', text: then.message ?? generic });
  } catch (error) {
    showMessage({ kind: 'error', text: await failureText(error, generic) });
  }
  patch(gift, { busy: false });
}

/** Only what changed is sent; an amount that is not a number goes as typed, for the API's message. */
export function recurringChanges(gift: RecurringGift, form: RecurringForm) {
  const valor = Number(form.valor.replace(',', '.'));
  return {
    ...(form.valor !== String(gift.valor)
      ? { valor: Number.isNaN(valor) ? (form.valor as unknown as number) : valor }
      : {}),
    ...(form.motivo !== String(gift.motivo.id) ? { motivo: Number(form.motivo) } : {}),
    ...(form.dias !== String(gift.recorrenciaDias) ? { recorrenciaDias: Number(form.dias) } : {}),
    ...(form.data !== gift.proximaCobranca ? { proximaCobranca: form.data } : {}),
    ...(form.cartao && form.cartao !== String(gift.cartao?.id ?? '')
      ? { idCartao: Number(form.cartao) }
      : {}),
  };
}

/** Saves the edit form: the form closes and the page says so, or the errors show by their fields. */
export async function saveRecurring(
  userId: number,
  gift: RecurringGift,
  texts: { saved: string; generic: string },
): Promise<void> {
  patch(gift, { busy: true, errors: {} });
  try {
    const changes = recurringChanges(gift, recurringEditOf(gift).form);
    replaceGift((await giving.updateRecurring(userId, gift.id, changes)).doacaoRecorrente);
    patch(gift, { editing: false });
    showMessage({ kind: 'ok', text: texts.saved });
  } catch (error) {
    const failure = await readFailure(error);
    const fields = Object.fromEntries(
      Object.entries(failure.errors).map(([k, v]) => [k, v[0] ?? '']),
    );
    patch(gift, {
      errors: Object.keys(fields).length ? fields : { _: failure.message || texts.generic },
    });
  } finally {
    patch(gift, { busy: false });
  }
}

/** The yearly statement (/user/giving/statement): undefined while loading, null when it failed. */
export const $statement = atom<Statement | null | undefined>(undefined);

export function loadStatement(userId: number, churchId: number, year: number): Promise<void> {
  $statement.set(undefined);
  return giving.statement(userId, churchId, year).then(
    (statement) => $statement.set(statement),
    () => $statement.set(null),
  );
}
