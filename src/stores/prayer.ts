// The actions under one request on the wall (docs/prayer.md; spec §3 Pray / Prayer message):
// "I prayed" with its count, and the supportive message form (text, its error, the notice,
// submitting) with the messages sent from the page. The page's own count and messages come from
// the server's render; this store holds only what changed since, by request id. Calls in
// src/lib/prayer/api.ts, rules in src/lib/prayer/forms.ts; no DOM here. Also the member's own
// requests (docs/prayer.md: /user/prayer, one of them, its delete confirmation).
import { atom, map } from 'nanostores';
import type { OwnPrayer, OwnPrayerDetail, PrayerMessage } from '../../contract/prayer.ts';
import { readFailure } from '../lib/account/http.ts';
import {
  deletePrayer,
  loadOwnPrayer,
  loadOwnPrayers,
  prayFor,
  sendSupport,
} from '../lib/prayer/api.ts';
import { checkMessageText } from '../lib/prayer/forms.ts';
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
