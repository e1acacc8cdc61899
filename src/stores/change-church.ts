// The change of church (/user/church; docs/accounts.md "Changing church"): the member picks a church,
// reads what the move stops at this one (recurring gifts and the Play plan, with amounts, and the
// staff roles that stay behind), confirms, and is carried to the new church's landing. And the
// organisation's churches to pick from, searched by name or by the nearest first.
import { atom, map } from 'nanostores';
import type { Client } from '../../contract/church.ts';
import type { ChangeChurchEffects } from '../../contract/user.ts';
import { changeChurch, changeChurchEffects, organisationChurches } from '../lib/account/api.ts';
import { readFailure } from '../lib/account/http.ts';

export type ChangeChurchState =
  | { step: 'pick'; error?: string }
  | { step: 'loading'; target: Client }
  | { step: 'confirm'; target: Client; effects: ChangeChurchEffects; error?: string }
  | { step: 'moving'; target: Client; effects: ChangeChurchEffects };

export const $changeChurch = atom<ChangeChurchState>({ step: 'pick' });

/** Reads what the move to `target` would stop, then asks for confirmation. */
export async function chooseChurch(churchId: number, target: Client): Promise<void> {
  $changeChurch.set({ step: 'loading', target });
  try {
    const effects = await changeChurchEffects(churchId);
    $changeChurch.set({ step: 'confirm', target, effects });
  } catch (error) {
    $changeChurch.set({ step: 'pick', error: (await readFailure(error)).message });
  }
}

export function cancelChoice(): void {
  $changeChurch.set({ step: 'pick' });
}

/** Moves; the one-time code it answers is handed to `go`, which opens the new church's landing. */
export async function confirmMove(churchId: number, go: (code: string) => void): Promise<void> {
  const state = $changeChurch.get();
  if (state.step !== 'confirm') return;
  $changeChurch.set({ step: 'moving', target: state.target, effects: state.effects });
  try {
    go(await changeChurch(churchId, state.target.id));
  } catch (error) {
    $changeChurch.set({ ...state, error: (await readFailure(error)).message });
  }
}

/** The organisation's churches (null until the first answer) and why a search failed. */
export const $orgChurches = map<{
  churches: Client[] | null;
  message: { kind: 'error'; text: string } | null;
}>({ churches: null, message: null });

/** Searches the organisation's churches by name, nearest `near` first when given. */
export async function searchOrgChurches(
  org: string,
  search: string,
  near: { latitude: number; longitude: number } | null,
): Promise<void> {
  const searchParams: Record<string, string | number> = { organizacao: org };
  if (search) searchParams.busca = search;
  if (near) Object.assign(searchParams, near);
  try {
    $orgChurches.setKey('churches', await organisationChurches(searchParams));
  } catch (error) {
    $orgChurches.setKey('message', { kind: 'error', text: (await readFailure(error)).message });
  }
}

/** The browser would not say where the member is. */
export const nearDenied = (text: string): void =>
  $orgChurches.setKey('message', { kind: 'error', text });
