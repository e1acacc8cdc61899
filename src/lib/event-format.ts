// How events read on screen: dates and times in the event's own time zone, in the browser
// language (spec §1), and prices in the event's currency.
import { memoByText } from '../../common/memo.ts';
import { INTL_LOCALE, type Lang, type Translate } from './i18n.ts';
import { dateFormat, money } from '../../common/format.ts';
import type { TicketAvailability } from '../../contract/event-rules.ts';

/**
 * A format of an instant in a zone and language, each text made once: a page renders the same few
 * events on every visit, and formatting them was ~5 % of an uncached events list
 * (docs/performance.md "Renders without the cache, a fifth time"). A zone Intl does not know
 * still throws, and nothing is kept for it.
 */
function instantFormat(options: Intl.DateTimeFormatOptions) {
  const texts = memoByText((key) => {
    const [lang, timeZone, iso] = key!.split('\n') as [Lang, string, string];
    return dateFormat(INTL_LOCALE[lang], { ...options, timeZone }).format(new Date(iso));
  }, 4096);
  return (iso: string | Date, lang: Lang, timeZone: string): string =>
    texts(`${lang}\n${timeZone}\n${typeof iso === 'string' ? iso : iso.toISOString()}`);
}

export const formatDate = instantFormat({ dateStyle: 'full' });

export const formatShortDate = instantFormat({ day: 'numeric', month: 'short', year: 'numeric' });

export const formatTime = instantFormat({ hour: '2-digit', minute: '2-digit' });

export const formatDateTime = instantFormat({ dateStyle: 'short', timeStyle: 'short' });

/** "Free" for zero, otherwise the price; "from" the lowest when prices differ. */
export function priceLabel(prices: number[], currency: string, lang: Lang, t: Translate): string {
  if (!prices.length) return '';
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  if (max === 0) return t('events.free');
  if (min === max) return money(min, currency, lang);
  return t('events.priceFrom', { price: money(min, currency, lang) });
}

/** spec §4 Ticket availability, as one line of text. */
export function availabilityLabel(
  a: TicketAvailability,
  lang: Lang,
  timeZone: string,
  t: Translate,
): string {
  switch (a.state) {
    case 'availableFrom':
      return t('events.availability.from', { date: formatDateTime(a.from, lang, timeZone) });
    case 'available':
      return a.until
        ? t('events.availability.until', { date: formatDateTime(a.until, lang, timeZone) })
        : t('events.availability.open');
    case 'expired':
    case 'closed': // "sales closed" beside the event's "registrations closed" button
      return t('events.availability.expired');
    case 'soldOut':
      return t('events.availability.soldOut');
    case 'userLimitReached':
      return t('events.availability.userLimit');
  }
}
