// Part of the shell's script on every page (docs/security.md "Analytics and consent", "Client
// error reports"): uncaught errors are reported to the API; on a church with a pixel the
// consent banner asks once, remembers the answer, and only a "yes" loads the pixel, which then
// records each page view.
import { PIXEL_SCRIPT_URL } from '../lib/analytics.ts';
import { CONSENT_KEY } from '../stores/storage-keys.ts';

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

/** At most this many reports a page, each error once: a loop that throws must not flood the API. */
const MAX_REPORTS = 5;
const reported = new Set<string>();

function report(
  kind: 'error' | 'rejection',
  message: string,
  source?: string,
  line?: number,
  column?: number,
  stack?: string,
): void {
  const key = `${kind}|${message}|${source}|${line}|${column}`;
  if (reported.has(key) || reported.size >= MAX_REPORTS) return;
  reported.add(key);
  const file = source && /^https?:\/\//.test(source) ? source.split(/[?#]/)[0]!.slice(0, 500) : '';
  const body = {
    kind,
    message: (message || 'Script error.').slice(0, 500),
    page: location.pathname.slice(0, 300),
    ...(file ? { source: file } : {}),
    ...(Number.isInteger(line) && line! >= 0 ? { line } : {}),
    ...(Number.isInteger(column) && column! >= 0 ? { column } : {}),
    ...(stack ? { stack: stack.slice(0, 4000) } : {}),
  };
  fetch('/api/v1/client-errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}

addEventListener('error', (event) => {
  if (!(event instanceof ErrorEvent)) return; // a resource that failed to load, not a script error
  const error = event.error as Error | undefined;
  report('error', event.message, event.filename, event.lineno, event.colno, error?.stack);
});
addEventListener('unhandledrejection', (event) => {
  const reason = event.reason as unknown;
  const message = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
  report('rejection', message, undefined, undefined, undefined, (reason as Error | null)?.stack);
});

/** Facebook's own loader, without its inline snippet: the queue first, the script after it. */
function loadPixel(id: string): void {
  if (window.fbq) return;
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  window.fbq = window._fbq = fbq;
  const script = document.createElement('script');
  script.async = true;
  script.src = PIXEL_SCRIPT_URL;
  document.head.append(script);
  fbq('init', id);
  fbq('track', 'PageView');
}

const banner = document.getElementById('consent-banner');
const pixel = banner?.dataset.pixel;
if (banner && pixel) {
  const stored = (): string | null => {
    try {
      return localStorage.getItem(CONSENT_KEY);
    } catch {
      return null; // storage blocked: ask on every page, load nothing without a yes
    }
  };
  const choice = stored();
  if (choice === 'yes') loadPixel(pixel);
  else if (choice !== 'no') banner.hidden = false;
  banner.addEventListener('click', (event) => {
    const answer = (event.target as HTMLElement).closest<HTMLElement>('[data-consent]')?.dataset
      .consent;
    if (answer !== 'yes' && answer !== 'no') return;
    try {
      localStorage.setItem(CONSENT_KEY, answer);
    } catch {
      /* not remembered: the banner asks again on the next page */
    }
    banner.hidden = true;
    if (answer === 'yes') loadPixel(pixel);
  });
  // The footer's "privacy choices" opens the banner again, so a "yes" can become a "no".
  for (const open of document.querySelectorAll<HTMLButtonElement>('[data-consent-open]')) {
    open.hidden = false;
    open.addEventListener('click', () => {
      banner.hidden = false;
      banner.querySelector<HTMLButtonElement>('[data-consent="no"]')?.focus();
    });
  }
}
