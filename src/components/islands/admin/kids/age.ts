// A child's age as the station and roster show it: months under two, else years.
import type { T } from '../../ui/index.ts';

export const ageText = (months: number, t: T): string =>
  months < 24
    ? t('admin.kids.ageMonths', { count: months })
    : t('admin.kids.ageYears', { count: Math.floor(months / 12) });
