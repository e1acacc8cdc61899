// The `datetime-local` value of an ISO moment in the browser's time zone, and back.
import { dateFormat } from '../../../../../common/format.ts';

const pad = (n: number) => String(n).padStart(2, '0');

export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An ISO moment, or '' for an empty field (the API answers a malformed one by its field). */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** Weekday names, ISO order (1 = Monday … 7 = Sunday), in the page's locale. */
export function weekdayNames(locale: string): string[] {
  const format = dateFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return [1, 2, 3, 4, 5, 6, 7].map((d) => format.format(new Date(Date.UTC(2024, 0, d)))); // 2024-01-01 was a Monday
}
