// The member card's flow (spec §2 Embedded, §3 Member card; docs/accounts.md): the session first
// (a visitor is asked to log in), then the cards of the e-mail the page names, or the member's
// own. Calls in src/lib/account/api.ts; no DOM here.
import { atom } from 'nanostores';
import type { MemberCard } from '../../contract/user.ts';
import { memberCards } from '../lib/account/api.ts';
import { $session, startSession } from './session.ts';

export type MemberCardState =
  | { kind: 'loading' }
  | { kind: 'login' }
  | { kind: 'none'; email: string }
  | { kind: 'error' }
  | { kind: 'cards'; cards: MemberCard[] };

export const $memberCard = atom<MemberCardState>({ kind: 'loading' });

/** Loads the cards of `email` (else the member's own) in `churchId` (else the page's church). */
export async function openMemberCard(
  church: Parameters<typeof startSession>[0],
  email: string | null,
  churchId: number | null,
): Promise<void> {
  const loggedIn = await startSession(church);
  if (!loggedIn) return $memberCard.set({ kind: 'login' });
  const address = email ?? $session.get().user?.email ?? '';
  try {
    const cards = await memberCards(address, churchId ?? church.id);
    $memberCard.set(cards.length ? { kind: 'cards', cards } : { kind: 'none', email: address });
  } catch {
    $memberCard.set({ kind: 'error' });
  }
}
