// Day names from the browser's Intl (ISO: 1 Monday … 7 Sunday, contract/groups.ts), no strings to keep.
import { dateFormat, INTL_LOCALE, type Lang } from '../../../../../common/format.ts';

/** 1 January 2024 was a Monday: ISO day `n` of that week is 2024-01-0n. */
export const weekdayName = (day: number, lang: Lang): string =>
  dateFormat(INTL_LOCALE[lang], { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );

/** The week as the spec lists it (§9): Monday to Sunday. */
export const WEEK = [1, 2, 3, 4, 5, 6, 7] as const;
