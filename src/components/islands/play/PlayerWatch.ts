// The Play player (issue 13 §4; /play/watch/{id}): login guard, the member-only watch call, HLS
// (native where the browser has it, else hls.js loaded only here through the kit's attachHls),
// resume from the saved position (throttled saves while playing, on pause and on pagehide),
// keyboard (space/k play-pause, ←/→ ±5 s, f fullscreen, m mute, c captions; on the player or the
// page), captions track,
// the plans offered in-page for closed content without a subscription, and my list.
// No React: the watch page's whole JavaScript, hls.js included, must stay ≤ 150 KB gzipped.
import { HTTPError } from 'ky';
import {
  addToMyList,
  removeFromMyList,
  savePosition,
  watchContent,
} from '../../../lib/play/api.ts';
import type { Lang } from '../../../lib/format.ts';
import {
  $isLoggedIn,
  $session,
  startSession,
  type SessionChurch,
} from '../../../stores/session.ts';
import { attachHls } from '../ui/stream-video.ts';
import { currentPath, loginHref } from '../ui/redirect.ts';
import { makeT } from '../ui/t.ts';

export interface PlayerProps {
  church: SessionChurch;
  lang: Lang;
  strings: Record<string, string>;
  contentId: number;
}

/** Seconds of playing between two saves of the position. */
const SAVE_EVERY = 5;
const SEEK_STEP = 5;

export async function startPlayer(root: HTMLElement): Promise<void> {
  const props = JSON.parse(root.dataset.props ?? '{}') as PlayerProps;
  const t = makeT(props.strings, props.lang);
  const $ = <E extends HTMLElement>(name: string) => root.querySelector<E>(`[data-${name}]`)!;
  const loading = $('loading');
  const box = $('player');
  const video = $<HTMLVideoElement>('video');
  const error = $('error');
  const plans = $('plans');
  const listButton = $<HTMLButtonElement>('list');
  const keys = $('keys');

  const fail = (text: string) => {
    loading.hidden = true;
    error.textContent = text;
    error.hidden = false;
  };

  await startSession(props.church);
  const userId = $session.get().user?.id;
  if (!$isLoggedIn.get() || !userId) {
    location.replace(loginHref(currentPath()));
    return;
  }
  const churchId = props.church.id;
  const contentId = props.contentId;

  let answer;
  try {
    answer = await watchContent(contentId, churchId, userId);
  } catch (e) {
    if (e instanceof HTTPError && e.response.status === 403) {
      // closed content without an active subscription (spec §6): the plans, right here
      loading.hidden = true;
      plans.hidden = false;
      return;
    }
    if (e instanceof HTTPError && e.response.status === 404) return fail(t('play.watch.notFound'));
    return fail(t('play.watch.error'));
  }

  // ---- my list ----
  let itemId = answer.itemLista;
  const showList = () => {
    listButton.textContent = itemId ? t('play.list.remove') : t('play.list.add');
    listButton.setAttribute('aria-pressed', String(!!itemId));
    listButton.hidden = false;
  };
  showList();
  listButton.addEventListener('click', async () => {
    listButton.disabled = true;
    try {
      if (itemId) {
        await removeFromMyList(itemId);
        itemId = null;
      } else {
        itemId = (await addToMyList(contentId, churchId, userId)).id;
      }
      showList();
    } catch {
      fail(t('play.list.error'));
    } finally {
      listButton.disabled = false;
    }
  });

  // ---- the video ----
  let resumeAt = answer.posicaoSegundos;
  let lastSaved = resumeAt;
  let detach = () => {};
  let retried = 0;
  const load = (src: string, captions: string | null) => {
    detach();
    for (const track of Array.from(video.querySelectorAll('track'))) track.remove();
    if (captions) {
      const track = document.createElement('track');
      track.kind = 'captions';
      track.src = captions;
      track.srclang = props.lang;
      track.label = t('play.watch.captions');
      video.append(track);
    }
    detach = attachHls(video, src, () => void recover());
  };
  // A fatal error (e.g. the signed URLs ran out on a long pause): ask for new URLs once, then give up.
  const recover = async () => {
    if (retried++ >= 1) return fail(t('play.watch.error'));
    try {
      const fresh = await watchContent(contentId, churchId, userId);
      resumeAt = Math.floor(video.currentTime) || resumeAt;
      load(fresh.urlMidia, fresh.urlLegenda);
    } catch {
      fail(t('play.watch.error'));
    }
  };

  video.addEventListener('loadedmetadata', () => {
    // resume where the member stopped, unless that was the very end
    if (resumeAt > 0 && (!Number.isFinite(video.duration) || resumeAt < video.duration - 1))
      video.currentTime = resumeAt;
    root.dataset.ready = 'true';
  });
  const save = (keepalive = false) => {
    const at = Math.floor(video.currentTime);
    if (at === lastSaved) return;
    lastSaved = at;
    void savePosition(contentId, churchId, userId, at, keepalive).catch(() => {});
  };
  video.addEventListener('timeupdate', () => {
    if (!video.paused && Math.abs(video.currentTime - lastSaved) >= SAVE_EVERY) save();
  });
  video.addEventListener('pause', () => save());
  video.addEventListener('seeked', () => {
    if (video.paused) save();
  });
  addEventListener('pagehide', () => save(true));

  // ---- keyboard ----
  const toggleCaptions = () => {
    const track = video.textTracks[0];
    if (track) track.mode = track.mode === 'showing' ? 'hidden' : 'showing';
  };
  // keys work while the player has focus, or while nothing else on the page does
  document.addEventListener('keydown', (event) => {
    const target = event.target as Node | null;
    if (event.altKey || event.ctrlKey || event.metaKey || box.hidden) return;
    if (target !== document.body && !(target && box.contains(target))) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const actions: Record<string, () => void> = {
      ' ': () => void (video.paused ? video.play().catch(() => {}) : video.pause()),
      k: () => void (video.paused ? video.play().catch(() => {}) : video.pause()),
      ArrowLeft: () => (video.currentTime = Math.max(0, video.currentTime - SEEK_STEP)),
      ArrowRight: () =>
        (video.currentTime = Math.min(video.duration || Infinity, video.currentTime + SEEK_STEP)),
      f: () =>
        void (
          document.fullscreenElement ? document.exitFullscreen() : box.requestFullscreen()
        ).catch(() => {}),
      m: () => (video.muted = !video.muted),
      c: toggleCaptions,
    };
    const action = actions[key];
    if (!action) return;
    event.preventDefault();
    action();
  });

  load(answer.urlMidia, answer.urlLegenda);
  loading.hidden = true;
  box.hidden = false;
  keys.hidden = false;
  // captions are offered only when the video has them
  if (!answer.urlLegenda) keys.querySelector('[data-key-c]')?.remove();
  box.focus();
}
