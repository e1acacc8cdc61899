// The member's saved cards (spec §3 /user/cards, /user/addcard, /user/deletecard; docs/payments.md
// "Saved cards"): the list by gateway and the others, saving a card the kit tokenised, deleting
// one; busy and the API's failure for the form. Calls in src/lib/cards/api.ts; no DOM here.
import { atom, map } from 'nanostores';
import { deleteCard, saveCardToken, savedCards, type MemberCards } from '../lib/cards/api.ts';
import { attempt, loadInto, type Loadable } from './loadable.ts';

export const $memberCards = atom<Loadable<MemberCards>>({ state: 'idle' });

export const loadMemberCards = (slug: string, userId: number): Promise<void> =>
  loadInto($memberCards, () => savedCards(slug, userId), false);

/** A write's state: busy, and the API's failure (its message, or the page's, and per field). */
export interface CardWrite {
  busy: boolean;
  error: { message: string; errors: Record<string, string[]> } | null;
}

export const $cardWrite = map<CardWrite>({ busy: false, error: null });

/** Runs a write, then goes back to /user/cards; a refusal says why and lets the member try again. */
async function write(run: () => Promise<unknown>, failed: string): Promise<void> {
  $cardWrite.set({ busy: true, error: null });
  const failure = await attempt(run);
  if (!failure) return location.assign('/user/cards');
  $cardWrite.set({
    busy: false,
    error: { message: failure.message || failed, errors: failure.errors },
  });
}

/** Saves the card the kit's fields (or Stripe.js's) turned into a token. */
export const saveNewCard = (
  churchId: number,
  token: () => Promise<{ token: string }>,
  failed: string,
): Promise<void> => write(async () => saveCardToken(churchId, (await token()).token), failed);

export const removeCard = (cardId: number, failed: string): Promise<void> =>
  write(() => deleteCard(cardId), failed);
