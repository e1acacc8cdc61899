// The controls of /embed/praise (spec §4), as a plain module that enhances the page the server
// rendered (no framework: the page's JavaScript budget is 40 KB gzipped, docs/praise.md). It moves
// the chords in place (±1 semitone, reset), zooms (+0.03/−0.05, strictly inside 0.7–1.5), scrolls
// on its own (paused by a touch), answers shortcuts, and keeps each song's key and zoom on this
// device in localStorage (PRAISE_PREFS_KEY).
import { nextZoom, PRAISE_PREFS_KEY, ZOOM } from '../lib/praise/song.ts';
import {
  keyName,
  normaliseSteps,
  parseKey,
  pretty,
  transposeChord,
  transposeKey,
  type Key,
} from '../lib/praise/transpose.ts';

interface Prefs {
  steps?: number;
  zoom?: number;
}

function readPrefs(id: string): Prefs {
  try {
    const all = JSON.parse(localStorage.getItem(PRAISE_PREFS_KEY) ?? '{}') as Record<string, Prefs>;
    return all[id] ?? {};
  } catch {
    return {};
  }
}

function savePrefs(id: string, prefs: Prefs): void {
  try {
    const all = JSON.parse(localStorage.getItem(PRAISE_PREFS_KEY) ?? '{}') as Record<string, Prefs>;
    all[id] = { ...all[id], ...prefs };
    localStorage.setItem(PRAISE_PREFS_KEY, JSON.stringify(all));
  } catch {
    // Private mode or a full storage: the controls still work, they are just not remembered.
  }
}

function setup(root: HTMLElement): void {
  const id = root.dataset.praise!;
  const key: Key = parseKey(root.dataset.key) ?? { tonic: 'C', minor: false };
  const song = root.querySelector<HTMLElement>('#praise-song');
  const status = root.querySelector<HTMLElement>('.praise-status');
  const keyOutput = root.querySelector<HTMLOutputElement>('#praise-key');
  const zoomOutput = root.querySelector<HTMLOutputElement>('#praise-zoom');
  const keyTemplate = keyOutput?.dataset.template ?? '{key}';
  let steps = Number(root.dataset.steps) || 0;
  let zoom: number = ZOOM.start;
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  for (const el of root.querySelectorAll<HTMLElement>('[data-js-only]')) el.hidden = false;

  // ---- key ----
  const keyLinks = [...root.querySelectorAll<HTMLAnchorElement>('[data-key-step]')];
  function urlFor(n: number): string {
    const url = new URL(location.href);
    if (n === 0) url.searchParams.delete('tom');
    else url.searchParams.set('tom', keyName(transposeKey(key, n)));
    return url.pathname + url.search;
  }
  function transpose(n: number, remember = true): void {
    steps = normaliseSteps(n);
    const to = transposeKey(key, steps);
    for (const chord of root.querySelectorAll<HTMLElement>('.c[data-c]'))
      chord.textContent = pretty(transposeChord(chord.dataset.c!, steps, to));
    if (keyOutput) {
      keyOutput.textContent = keyTemplate.replace('{key}', pretty(keyName(to)));
      if (steps) {
        const small = document.createElement('small');
        small.textContent = ` (${steps > 0 ? '+' : '−'}${Math.abs(steps)})`;
        keyOutput.append(small);
      }
    }
    for (const link of keyLinks) {
      const delta = Number(link.dataset.keyStep);
      link.href = urlFor(delta === 0 ? 0 : steps + delta);
    }
    // The view links keep the key; the address bar shows it, so a reload or a shared link keeps it.
    for (const link of root.querySelectorAll<HTMLAnchorElement>('.praise-views a')) {
      const url = new URL(link.href);
      if (steps) url.searchParams.set('tom', keyName(to));
      else url.searchParams.delete('tom');
      link.href = url.pathname + url.search;
    }
    history.replaceState(history.state, '', urlFor(steps));
    if (remember) savePrefs(id, { steps });
  }
  for (const link of keyLinks) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      const delta = Number(link.dataset.keyStep);
      transpose(delta === 0 ? 0 : steps + delta);
    });
  }

  // ---- zoom ----
  const zoomButtons = [...root.querySelectorAll<HTMLButtonElement>('[data-zoom]')];
  function showZoom(): void {
    song?.style.setProperty('--praise-zoom', String(zoom));
    if (zoomOutput) zoomOutput.textContent = `${Math.round(zoom * 100)}%`;
    for (const button of zoomButtons)
      button.setAttribute(
        'aria-disabled',
        String(nextZoom(zoom, button.dataset.zoom as 'larger' | 'smaller') === null),
      );
  }
  function changeZoom(direction: 'larger' | 'smaller'): void {
    const next = nextZoom(zoom, direction);
    if (next === null) {
      say(direction === 'larger' ? (status?.dataset.max ?? '') : (status?.dataset.min ?? ''));
      return;
    }
    zoom = next;
    say('');
    showZoom();
    savePrefs(id, { zoom });
  }
  for (const button of zoomButtons)
    button.addEventListener('click', () => changeZoom(button.dataset.zoom as 'larger' | 'smaller'));

  // ---- auto-scroll: continuous (not line by line), paused by any touch, wheel or the button ----
  const scrollButton = root.querySelector<HTMLButtonElement>('[data-scroll]');
  const speed = root.querySelector<HTMLInputElement>('[data-speed]');
  let frame = 0;
  let last = 0;
  let carry = 0;
  const atEnd = () =>
    window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
  function tick(now: number): void {
    const seconds = last ? (now - last) / 1000 : 0;
    last = now;
    carry += seconds * 12 * Number(speed?.value ?? 3); // 12–120 px a second
    const whole = Math.floor(carry);
    if (whole >= 1) {
      carry -= whole;
      window.scrollBy(0, whole);
    }
    if (atEnd()) return stopScroll();
    frame = requestAnimationFrame(tick);
  }
  function startScroll(): void {
    if (frame || !scrollButton) return;
    last = 0;
    carry = 0;
    scrollButton.setAttribute('aria-pressed', 'true');
    scrollButton.textContent = scrollButton.dataset.pause ?? '';
    say('');
    frame = requestAnimationFrame(tick);
  }
  function stopScroll(announce = false): void {
    if (!frame || !scrollButton) return;
    cancelAnimationFrame(frame);
    frame = 0;
    scrollButton.setAttribute('aria-pressed', 'false');
    scrollButton.textContent = scrollButton.dataset.start ?? '';
    if (announce) say(status?.dataset.paused ?? '');
  }
  scrollButton?.addEventListener('click', () => (frame ? stopScroll() : startScroll()));
  const pauseOnTouch = (event: Event) => {
    if (frame && !(event.target instanceof Element && event.target.closest('.praise-controls')))
      stopScroll(true);
  };
  for (const type of ['touchstart', 'pointerdown', 'wheel'])
    window.addEventListener(type, pauseOnTouch, { passive: true });

  // ---- shortcuts (not while typing, not with a modifier) ----
  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (
      event.target instanceof HTMLElement &&
      event.target.closest('input, textarea, select, [contenteditable]')
    )
      return;
    const actions: Record<string, () => void> = {
      ']': () => keyOutput && transpose(steps + 1),
      '[': () => keyOutput && transpose(steps - 1),
      '0': () => keyOutput && transpose(0),
      '+': () => changeZoom('larger'),
      '=': () => changeZoom('larger'),
      '-': () => changeZoom('smaller'),
      s: () => (frame ? stopScroll() : startScroll()),
      S: () => (frame ? stopScroll() : startScroll()),
    };
    const action = actions[event.key];
    if (!action || !song) return;
    event.preventDefault();
    action();
  });

  // ---- what this device remembers: the URL's key wins; otherwise the song's last key and zoom ----
  const saved = readPrefs(id);
  if (new URL(location.href).searchParams.has('tom')) savePrefs(id, { steps });
  else if (saved.steps && keyOutput) transpose(saved.steps, false);
  if (typeof saved.zoom === 'number' && saved.zoom > ZOOM.min && saved.zoom < ZOOM.max)
    zoom = saved.zoom;
  showZoom();
}

const root = document.querySelector<HTMLElement>('[data-praise]');
if (root) setup(root);
