// Dates in the event's own time zone for `datetime-local` inputs: the form shows and reads the
// wall-clock time of the event's place, whatever the staff phone's zone is (common/time-zone.ts).
import { instantOfWallClock, localDateTimeIn } from '../../../../../common/time-zone.ts';

/** ISO instant → `YYYY-MM-DDTHH:MM` in the zone ('' for none). */
export function toZoned(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  return localDateTimeIn(timeZone, Date.parse(iso));
}

/** `YYYY-MM-DDTHH:MM` read in the zone → ISO instant ('' stays ''). */
export function fromZoned(local: string, timeZone: string): string {
  if (!local) return '';
  const asUtc = Date.parse(`${local}:00Z`);
  if (Number.isNaN(asUtc)) return local;
  return instantOfWallClock(timeZone, asUtc).toISOString();
}
