// The actions under one request on the wall (docs/prayer.md; spec §3 Pray / Prayer message):
// "I prayed" with its count, and the supportive message form (text, its error, the notice,
// submitting) with the messages sent from the page. The page's own count and messages come from
// the server's render; this store holds only what changed since, by request id. Calls in
// src/lib/prayer/api.ts, rules in src/lib/prayer/forms.ts; no DOM here. Also the member's own
// requests (docs/prayer.md: /user/prayer, one of them, its delete confirmation), and the new
// request's form (/prayer/new: the draft, the image, checked first, then sent).
import { atom, map } from 'nanostores';
import type { OwnPrayer, OwnPrayerDetail, PrayerMessage } from '../../contract/prayer.ts';
import { readFailure } from '../lib/account/http.ts';
import {
  deletePrayer,
  loadOwnPrayer,
  loadOwnPrayers,
  postPrayer,
  prayFor,
  sendSupport,
} from '../lib/prayer/api.ts';
import {
  checkMessageText,
  checkPrayerDraft,
  checkPrayerImage,
  emptyDraft,
  prayerFormData,
  type PrayerDraft,
  type PrayerLimits,
} from '../lib/prayer/forms.ts';
import { loadInto, type Loadable } from './loadable.ts';

export interface PrayerActions {
  /** The count the API answered after "I prayed"; null: the page's. */
  count: number | null;
  pray: 'idle' | 'busy' | 'done';
  prayError: string | null;
  /** Messages sent from this page, shown after the page's. */
  sent: PrayerMessage[];
  text: string;
  textError: string | undefined;
  notice: { kind: 'ok' | 'error'; text: string } | null;
  submitting: boolean;
}

const fresh: PrayerActions = {
  count: null,
  pray: 'idle',
  prayError: null,
  sent: [],
  text: '',
  textError: undefined,
  notice: null,
  submitting: false,
};

export const $prayerActions = map<Record<number, PrayerActions>>({});

/** A request's actions: as left, or untouched. */
export const prayerActionsOf = (
  prayerId: number,
  all: Record<number, PrayerActions> = $prayerActions.get(),
): PrayerActions => all[prayerId] ?? fresh;

const patch = (prayerId: number, change: Partial<PrayerActions>): void =>
  $prayerActions.setKey(prayerId, { ...prayerActionsOf(prayerId), ...change });

/** "I prayed": the new count (marking twice counts once), or the API's message. */
export async function pray(prayerId: number, failed: string): Promise<void> {
  patch(prayerId, { pray: 'busy', prayError: null });
  try {
    const answer = await prayFor(prayerId);
    patch(prayerId, { count: answer.qtdeOrar, pray: 'done' });
  } catch (error) {
    const failure = await readFailure(error);
    patch(prayerId, { prayError: failure.message || failed, pray: 'idle' });
  }
}

export const setSupportText = (prayerId: number, text: string): void =>
  patch(prayerId, { text, textError: undefined });

export interface SendSupport {
  prayerId: number;
  max: number;
  /** The page's texts: a rule's key translated, "sent", "failed". */
  texts: {
    rule: (key: string, values?: Record<string, string | number>) => string;
    sent: string;
    failed: string;
  };
}

/** Sends the supportive message: it joins the list at once; a refusal keeps the text to try again. */
export async function sendSupportMessage({ prayerId, max, texts }: SendSupport): Promise<void> {
  const { text } = prayerActionsOf(prayerId);
  const problem = checkMessageText(text, max);
  if (problem) return patch(prayerId, { textError: texts.rule(problem.key, problem.values) });
  patch(prayerId, { submitting: true, notice: null });
  try {
    const answer = await sendSupport(prayerId, text);
    patch(prayerId, {
      sent: [...prayerActionsOf(prayerId).sent, answer.mensagem],
      text: '',
      notice: { kind: 'ok', text: texts.sent },
    });
  } catch (error) {
    const failure = await readFailure(error);
    patch(prayerId, {
      textError: failure.errors.mensagem?.[0],
      notice: {
        kind: 'error',
        text: failure.errors.mensagem ? texts.failed : failure.message || texts.failed,
      },
    });
  }
  patch(prayerId, { submitting: false });
}

/** The member's own requests (/user/prayer). */
export const $ownPrayers = atom<Loadable<OwnPrayer[]>>({ state: 'idle' });

export const loadOwnList = (churchId: number): Promise<void> =>
  loadInto($ownPrayers, async () => (await loadOwnPrayers(churchId)).oracoes, false);

/** One own request with its messages (/user/prayer/{id} and its delete page). */
export const $ownPrayer = atom<Loadable<OwnPrayerDetail>>({ state: 'idle' });

export const loadOwnOne = (id: number, churchId: number): Promise<void> =>
  loadInto($ownPrayer, () => loadOwnPrayer(id, churchId), false);

/** The delete confirmation: submitting, and why it failed. */
export const $ownDeletion = map<{ submitting: boolean; notice: string | null }>({
  submitting: false,
  notice: null,
});

/** Deletes the request, then leaves for the success page; a refusal says why (404: not found). */
export async function deleteOwnPrayer(
  id: number,
  texts: { notFound: string; failed: string },
): Promise<void> {
  $ownDeletion.set({ submitting: true, notice: null });
  try {
    await deletePrayer(id);
    location.assign('/prayer/delete/success');
  } catch (error) {
    const failure = await readFailure(error);
    $ownDeletion.set({
      submitting: false,
      notice: failure.status === 404 ? texts.notFound : failure.message || texts.failed,
    });
  }
}

/** A field's message on the new request's form, by field (the image's too). */
export type NewPrayerErrors = Partial<Record<keyof PrayerDraft | 'image', string>>;

export interface NewPrayer {
  /** null until the form opens (with the member's first name). */
  draft: PrayerDraft | null;
  file: File | null;
  errors: NewPrayerErrors;
  notice: { kind: 'error'; text: string } | null;
  submitting: boolean;
}

/** /prayer/new's form. */
export const $newPrayer = map<NewPrayer>({
  draft: null,
  file: null,
  errors: {},
  notice: null,
  submitting: false,
});

/** Opens the form with the display name filled in (blank posts anonymously). */
export const openNewPrayer = (name: string): void =>
  $newPrayer.set({
    draft: emptyDraft(name),
    file: null,
    errors: {},
    notice: null,
    submitting: false,
  });

export function setNewPrayerField<K extends keyof PrayerDraft>(name: K, value: PrayerDraft[K]) {
  const { draft, errors } = $newPrayer.get();
  $newPrayer.set({
    ...$newPrayer.get(),
    draft: { ...(draft ?? emptyDraft()), [name]: value },
    errors: { ...errors, [name]: undefined },
  });
}

/** The image chosen: kept only when the API would take it, else its field says why (false). */
export function chooseNewPrayerImage(
  chosen: File | null,
  limits: PrayerLimits,
  rule: (key: string, values?: Record<string, string | number>) => string,
): boolean {
  const problem = checkPrayerImage(chosen, limits);
  $newPrayer.set({
    ...$newPrayer.get(),
    errors: {
      ...$newPrayer.get().errors,
      image: problem ? rule(problem.key, problem.values) : undefined,
    },
    file: problem ? null : chosen,
  });
  return !problem;
}

export const removeNewPrayerImage = (): void => $newPrayer.setKey('file', null);

/**
 * Checks the request, then sends it and goes to the success page; false when it was refused
 * (here or by the API: its field errors by their fields, the others in the notice), with nothing
 * typed lost: the draft and the chosen file stay.
 */
export async function sendNewPrayer(
  churchId: number,
  limits: PrayerLimits,
  texts: {
    rule: (key: string, values?: Record<string, string | number>) => string;
    failed: string;
  },
): Promise<boolean> {
  const { draft: kept, file } = $newPrayer.get();
  const draft = kept ?? emptyDraft();
  const problems = checkPrayerDraft(draft, file, limits);
  const found = Object.fromEntries(
    Object.entries(problems).map(([k, p]) => [k, texts.rule(p.key, p.values)]),
  ) as NewPrayerErrors;
  if (Object.keys(found).length) {
    $newPrayer.set({ ...$newPrayer.get(), errors: found, notice: null });
    return false;
  }
  $newPrayer.set({ ...$newPrayer.get(), submitting: true, notice: null });
  try {
    await postPrayer(prayerFormData(draft, churchId, file));
    location.assign(
      draft.flagPublicarMural ? '/prayer/new/success' : '/prayer/new/success?private=1',
    );
    return true;
  } catch (error) {
    const failure = await readFailure(error);
    const fields = Object.fromEntries(
      Object.entries(failure.errors).map(([k, v]) => [k, v[0] ?? '']),
    );
    const known = ['nome', 'idOracaoMotivo', 'mensagem', 'image'];
    const others = Object.entries(fields)
      .filter(([k]) => !known.includes(k))
      .map(([, v]) => v);
    const text = Object.keys(fields).length
      ? [texts.failed, ...others].join(' ')
      : failure.message || texts.failed;
    $newPrayer.set({
      ...$newPrayer.get(),
      errors: Object.fromEntries(
        Object.entries(fields).filter(([k]) => known.includes(k)),
      ) as NewPrayerErrors,
      notice: { kind: 'error', text },
      submitting: false,
    });
    return false;
  }
}
