// The check-in's small rules (docs/kids.md): the family's code, a child's age, the school year.
import { randomInt } from 'node:crypto';
import { KIDS_CODE_ALPHABET, KIDS_CODE_LENGTH } from '../../contract/kids.ts';

/** A fresh security code: crypto-random over the alphabet without look-alikes. */
export function newCode(): string {
  let code = '';
  for (let i = 0; i < KIDS_CODE_LENGTH; i++)
    code += KIDS_CODE_ALPHABET[randomInt(KIDS_CODE_ALPHABET.length)];
  return code;
}

/** Whole months from a birth date to a day (both yyyy-mm-dd); 0 for a date in the future. */
export function ageInMonths(birth: string, day: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const months = (y - by) * 12 + (m - bm) - (d < bd ? 1 : 0);
  return Math.max(0, months);
}

/**
 * The school year a child is in on a day: 1 is the first year of primary school, which a child
 * starts in the calendar year they turn 6 by 31 March (Brazil's cut-off; docs/kids.md "Rooms");
 * 0 the year before, and so on down.
 */
export function schoolYear(birth: string, day: string): number {
  const [by] = birth.split('-').map(Number) as [number];
  const y = Number(day.slice(0, 4));
  return y - by - 6 + (birth.slice(5) <= '03-31' ? 1 : 0);
}

export const fullName = (first: string, last: string | null) =>
  [first, last].filter(Boolean).join(' ');
export const iso = (d: Date | null) => (d ? d.toISOString() : null);
