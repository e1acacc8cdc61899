// How events read on screen: dates and times in the event's own time zone, in the browser
// language (spec §1), and prices in the event's currency.
import { INTL_LOCALE, type Lang, type Translate } from './i18n.ts';
import { dateFormat, moneyFormat } from './format.ts';
import type { TicketAvailability } from '../../contract/event-rules.ts';

export function formatDate(iso: string | Date, lang: Lang, timeZone: string): string {
  return dateFormat(INTL_LOCALE[lang], { dateStyle: 'full', timeZone }).format(new Date(iso));
}

export function formatShortDate(iso: string | Date, lang: Lang, timeZone: string): string {
  return dateFormat(INTL_LOCALE[lang], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso));
}

export function formatTime(iso: string | Date, lang: Lang, timeZone: string): string {
  return dateFormat(INTL_LOCALE[lang], { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}

export function formatDateTime(iso: string | Date, lang: Lang, timeZone: string): string {
  return dateFormat(INTL_LOCALE[lang], { dateStyle: 'short', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

export function formatMoney(value: number, currency: string, lang: Lang): string {
  return moneyFormat(INTL_LOCALE[lang], currency).format(value);
}

/** "Free" for zero, otherwise the price; "from" the lowest when prices differ. */
export function priceLabel(prices: number[], currency: string, lang: Lang, t: Translate): string {
  if (!prices.length) return '';
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  if (max === 0) return t('events.free');
  if (min === max) return formatMoney(min, currency, lang);
  return t('events.priceFrom', { price: formatMoney(min, currency, lang) });
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
