// The Play player (spec §4 Play; /play/watch/{id}): login guard, the member-only watch call, HLS
// (native where the browser has it, else hls.js loaded only here through the kit's attachHls),
// resume from the saved position (throttled saves while playing, on pause and on pagehide),
// keyboard (space/k play-pause, ←/→ ±5 s, f fullscreen, m mute, c captions; on the player or the
// page), captions track,
// the plans offered in-page for closed content without a subscription, and my list.
// No React: the watch page's whole JavaScript, hls.js included, must stay ≤ 150 KB gzipped. Its
// state and actions are src/stores/play-player.ts; this renders them and wires the video.
import type { Lang } from '../../common/format.ts';
import { attachHls } from '../components/islands/ui/stream-video.ts';
import { currentPath, loginHref } from '../components/islands/ui/redirect.ts';
import { makeT } from '../components/islands/ui/t.ts';
import {
  $player,
  openPlayer,
  recoverStream,
  savePlayerPosition,
  sinceSaved,
  toggleMyList,
  type PlayerState,
} from '../stores/play-player.ts';
import { $isLoggedIn, $session, startSession, type SessionChurch } from '../stores/session.ts';

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

  await startSession(props.church);
  const userId = $session.get().user?.id;
  if (!$isLoggedIn.get() || !userId) {
    location.replace(loginHref(currentPath()));
    return;
  }

  // ---- the video: a new stream whenever the store has new URLs ----
  let detach = () => {};
  let shown: PlayerState['media'] = null;
  const load = (media: NonNullable<PlayerState['media']>) => {
    detach();
    for (const track of Array.from(video.querySelectorAll('track'))) track.remove();
    if (media.captions) {
      const track = document.createElement('track');
      track.kind = 'captions';
      track.src = media.captions;
      track.srclang = props.lang;
      track.label = t('play.watch.captions');
      video.append(track);
    }
    detach = attachHls(video, media.src, () => void recoverStream(video.currentTime));
  };

  const render = (state: PlayerState) => {
    if (state.phase !== 'loading') loading.hidden = true;
    plans.hidden = state.phase !== 'plans';
    if (state.failure) {
      error.textContent = t(state.failure);
      error.hidden = false;
    }
    if (state.phase === 'playing') {
      listButton.textContent = state.listItem ? t('play.list.remove') : t('play.list.add');
      listButton.setAttribute('aria-pressed', String(!!state.listItem));
      listButton.hidden = false;
      listButton.disabled = state.listBusy;
    }
    if (state.media && state.media !== shown && state.phase !== 'failed') {
      shown = state.media;
      load(state.media);
    }
  };

  await openPlayer(props.contentId, props.church.id, userId);
  const first = $player.get();
  if (first.phase !== 'playing') return render(first);

  listButton.addEventListener('click', () => void toggleMyList());

  video.addEventListener('loadedmetadata', () => {
    // resume where the member stopped, unless that was the very end
    const resumeAt = $player.get().resumeAt;
    if (resumeAt > 0 && (!Number.isFinite(video.duration) || resumeAt < video.duration - 1))
      video.currentTime = resumeAt;
    root.dataset.ready = 'true';
  });
  video.addEventListener('timeupdate', () => {
    if (!video.paused && sinceSaved(video.currentTime) >= SAVE_EVERY)
      savePlayerPosition(video.currentTime);
  });
  video.addEventListener('pause', () => savePlayerPosition(video.currentTime));
  video.addEventListener('seeked', () => {
    if (video.paused) savePlayerPosition(video.currentTime);
  });
  addEventListener('pagehide', () => savePlayerPosition(video.currentTime, true));

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

  $player.subscribe(render);
  box.hidden = false;
  keys.hidden = false;
  // captions are offered only when the video has them
  if (!first.media?.captions) keys.querySelector('[data-key-c]')?.remove();
  box.focus();
}
