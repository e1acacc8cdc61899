// A volunteer's swaps and the plan's QR check-in (docs/volunteers.md "Swaps", "On the day"):
// the calls the /user/rotas island and the QR page make, and what each answer means for them.
import { atom } from 'nanostores';
import type { QrCheckInResult } from '../../contract/rotas.ts';
import { deleteSwap, postQrCheckIn, postSwap, postTakeSwap } from '../lib/rotas/api.ts';

/** Asks the team (`to` empty) or one member to take one of the member's rotas. */
export const askSwap = (slug: string, assignmentId: number, to: string) =>
  postSwap(slug, assignmentId, to ? Number(to) : null);

/** Takes a swap: 'feita' (the place is the member's now) or 'aguardando' (a leader decides). */
export const takeSwap = async (slug: string, swapId: number) =>
  (await postTakeSwap(slug, swapId)).estado;

export const cancelSwap = (slug: string, swapId: number) => deleteSwap(slug, swapId);

export type QrState =
  | { state: 'working' }
  | { state: 'done'; result: QrCheckInResult }
  | { state: 'error'; message: string };

export const $qrCheckIn = atom<QrState>({ state: 'working' });

/** Checks the member in with the token of the QR they scanned; `describe` words a failure. */
export async function checkInWithQr(
  slug: string,
  token: string,
  describe: (error: unknown) => Promise<string>,
) {
  $qrCheckIn.set({ state: 'working' });
  try {
    $qrCheckIn.set({ state: 'done', result: await postQrCheckIn(slug, token) });
  } catch (error) {
    $qrCheckIn.set({ state: 'error', message: await describe(error) });
  }
}
