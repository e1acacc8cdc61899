// The Play player's state and actions (/play/watch/{id}, spec §4 Play): the member-only watch
// call (403 → the plans, 404 → not found), my list, the resume position (saved while playing,
// never the same second twice) and one fresh set of signed URLs after a fatal stream error.
// Framework-free: src/scripts/play-watch.ts renders it on a page with a JavaScript budget.
import { HTTPError } from 'ky';
import { map } from 'nanostores';
import { addToMyList, removeFromMyList, savePosition, watchContent } from '../lib/play/api.ts';

export interface PlayerState {
  /** loading; plans (closed content without an active subscription); failed before playing; playing. */
  phase: 'loading' | 'plans' | 'failed' | 'playing';
  /** The string key of the failure shown. */
  failure: 'play.watch.notFound' | 'play.watch.error' | 'play.list.error' | null;
  /** The stream and its captions; a new object when fresh URLs arrive. */
  media: { src: string; captions: string | null } | null;
  /** Where playing starts (the saved position, or where a fatal error stopped it). */
  resumeAt: number;
  /** This content's item in my list, if it is there. */
  listItem: number | null;
  listBusy: boolean;
}

const EMPTY: PlayerState = {
  phase: 'loading',
  failure: null,
  media: null,
  resumeAt: 0,
  listItem: null,
  listBusy: false,
};

export const $player = map<PlayerState>({ ...EMPTY });

let ids: { contentId: number; churchId: number; userId: number } | null = null;
let lastSaved = 0;
let retried = 0;

/** A failure to show; before playing it is the whole page's answer, while playing a line under the video. */
const fail = (failure: NonNullable<PlayerState['failure']>) =>
  $player.set({
    ...$player.get(),
    phase: $player.get().phase === 'loading' ? 'failed' : $player.get().phase,
    failure,
  });

/** The watch call; its failures become the plans or a message (src/README.md, the error model). */
export async function openPlayer(contentId: number, churchId: number, userId: number) {
  ids = { contentId, churchId, userId };
  retried = 0;
  $player.set({ ...EMPTY });
  try {
    const answer = await watchContent(contentId, churchId, userId);
    lastSaved = answer.posicaoSegundos;
    $player.set({
      ...$player.get(),
      phase: 'playing',
      media: { src: answer.urlMidia, captions: answer.urlLegenda },
      resumeAt: answer.posicaoSegundos,
      listItem: answer.itemLista,
    });
  } catch (e) {
    // closed content without an active subscription (spec §6): the plans, right here
    if (e instanceof HTTPError && e.response.status === 403)
      return $player.setKey('phase', 'plans');
    fail(
      e instanceof HTTPError && e.response.status === 404
        ? 'play.watch.notFound'
        : 'play.watch.error',
    );
  }
}

/** Adds the content to my list, or takes it out. */
export async function toggleMyList(): Promise<void> {
  if (!ids || $player.get().listBusy) return;
  $player.setKey('listBusy', true);
  try {
    const item = $player.get().listItem;
    if (item) await removeFromMyList(item);
    const next = item ? null : (await addToMyList(ids.contentId, ids.churchId, ids.userId)).id;
    $player.setKey('listItem', next);
  } catch {
    fail('play.list.error');
  } finally {
    $player.setKey('listBusy', false);
  }
}

/** Saves the position unless that second is already saved; keepalive as the page goes. */
export function savePlayerPosition(seconds: number, keepalive = false): void {
  const at = Math.floor(seconds);
  if (!ids || at === lastSaved) return;
  lastSaved = at;
  void savePosition(ids.contentId, ids.churchId, ids.userId, at, keepalive).catch(() => {});
}

/** Seconds played since the last save. */
export const sinceSaved = (seconds: number): number => Math.abs(seconds - lastSaved);

/** A fatal stream error (e.g. the signed URLs ran out on a long pause): new URLs once, then give up. */
export async function recoverStream(stoppedAt: number): Promise<void> {
  if (!ids || retried++ >= 1) return fail('play.watch.error');
  try {
    const fresh = await watchContent(ids.contentId, ids.churchId, ids.userId);
    $player.set({
      ...$player.get(),
      resumeAt: Math.floor(stoppedAt) || $player.get().resumeAt,
      media: { src: fresh.urlMidia, captions: fresh.urlLegenda },
    });
  } catch {
    fail('play.watch.error');
  }
}
