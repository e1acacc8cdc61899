// Day names from the browser's Intl (0 Sunday … 6 Saturday, contract/groups.ts), no strings to keep.
import { INTL_LOCALE, type Lang } from '../../../../lib/format.ts';

/** 7 January 2024 was a Sunday. */
export const weekdayName = (day: number, lang: Lang): string =>
  new Intl.DateTimeFormat(INTL_LOCALE[lang], { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 7 + day)),
  );
