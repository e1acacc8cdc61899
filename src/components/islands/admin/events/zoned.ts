// Dates in the event's own time zone for `datetime-local` inputs: the form shows and reads the
// wall-clock time of the event's place, whatever the staff phone's zone is.

function wallClock(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!);
}

/** ISO instant → `YYYY-MM-DDTHH:MM` in the zone ('' for none). */
export function toZoned(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const ms = wallClock(Date.parse(iso), timeZone);
  return new Date(ms).toISOString().slice(0, 16);
}

/** `YYYY-MM-DDTHH:MM` read in the zone → ISO instant ('' stays ''). */
export function fromZoned(local: string, timeZone: string): string {
  if (!local) return '';
  const asUtc = Date.parse(`${local}:00Z`);
  if (Number.isNaN(asUtc)) return local;
  let guess = asUtc;
  for (let i = 0; i < 2; i++) guess = asUtc - (wallClock(guess, timeZone) - guess);
  return new Date(guess).toISOString();
}
