// The moderation area's state (docs/staff.md "Moderation"): a page of the prayer wall (on the wall
// or hidden), the chat's history with the actions taken, and hide/restore.
import { atom } from 'nanostores';
import type { ChatHistory, ModerationPage } from '../../contract/moderation-staff.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import * as api from '../lib/staff/moderation-api.ts';

type Loaded<T> =
  { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; message: string };
export type Outcome = { ok: true } | { ok: false; failure: ApiFailure };

export const $wall = atom<Loaded<ModerationPage>>({ state: 'loading' });
export const $chat = atom<Loaded<ChatHistory>>({ state: 'loading' });

let wallQuery: { vista: 'visiveis' | 'ocultos'; page: number } = { vista: 'visiveis', page: 1 };
let latestWall = 0;

export async function loadWall(slug: string, vista: 'visiveis' | 'ocultos', page: number) {
  wallQuery = { vista, page };
  const call = ++latestWall;
  try {
    const value = await api.fetchWall(slug, vista, page);
    if (call === latestWall) $wall.set({ state: 'ready', value });
  } catch (error) {
    const failure = await staffFailure(error);
    if (call === latestWall) $wall.set({ state: 'error', message: failure.message });
  }
}

/** Hides (or restores) a post with the reason; the wall's page shown is read again. */
export async function decide(
  slug: string,
  id: number,
  hide: boolean,
  reason: string,
): Promise<Outcome> {
  try {
    await api.decide(slug, id, hide, reason);
  } catch (error) {
    return { ok: false, failure: await staffFailure(error) };
  }
  // the wall's page carries its own decisions (the chat's page only the chat's actions)
  await loadWall(slug, wallQuery.vista, wallQuery.page);
  return { ok: true };
}

let latestChat = 0;
export async function loadChat(slug: string, canal: string, page: number) {
  const call = ++latestChat;
  try {
    const value = await api.fetchChat(slug, canal, page);
    if (call === latestChat) $chat.set({ state: 'ready', value });
  } catch (error) {
    const failure = await staffFailure(error);
    if (call === latestChat) $chat.set({ state: 'error', message: failure.message });
  }
}
