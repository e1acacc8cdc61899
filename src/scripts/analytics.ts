// The script of pages with a pixel only (docs/security.md "Analytics and consent"; BaseLayout adds
// it after the shell's where the consent banner is): the banner asks once, remembers the answer,
// and only a "yes" loads the pixel, which then records each page view. Pages of a church without
// a pixel carry none of it.
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
