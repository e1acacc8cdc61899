// Events from an iCalendar file (docs/staff.md "Moving in"), read by ical.js: each event still to
// come becomes a draft (not published) for the team to add tickets to; a repeating event brings
// its next occurrence. An event's UID (and occurrence) is its key: a second import adds nothing.
import { and, eq, inArray } from 'drizzle-orm';
import ICAL from 'ical.js';
import * as t from '../db/schema/index.ts';
import { recordItems, refuse, writeBatch, type ImportRun } from './run.ts';
import { decodeText } from './tables.ts';

const EVENTS_PER_BATCH = 100;

interface CalendarEvent {
  line: number;
  origin: string;
  title: string;
  description: string | null;
  place: string | null;
  startsAt: Date;
  endsAt: Date;
  timeZone: string | null;
}

const validZone = (zone: string | null | undefined): string | null => {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
};

/** The file's events, each with its next start from `now` (repeating ones) or its own start. */
export function calendarEvents(
  text: string,
  now = new Date(),
): { past: string[]; events: CalendarEvent[]; untitled: number[] } {
  const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const past: string[] = [];
  const untitled: number[] = [];
  const events: CalendarEvent[] = [];
  root.getAllSubcomponents('vevent').forEach((component, i) => {
    const event = new ICAL.Event(component);
    const line = i + 1;
    const title = (event.summary ?? '').trim();
    if (!title) return void untitled.push(line);
    let start = event.startDate;
    let end = event.endDate;
    if (event.isRecurring()) {
      const it = event.iterator();
      let next = it.next();
      let guard = 0;
      while (next && next.toJSDate() < now && guard++ < 5000) next = it.next();
      if (next) {
        const details = event.getOccurrenceDetails(next);
        start = details.startDate;
        end = details.endDate;
      }
    }
    const startsAt = start.toJSDate();
    let endsAt = end ? end.toJSDate() : new Date(startsAt.getTime() + 60 * 60_000);
    if (endsAt <= startsAt) endsAt = new Date(startsAt.getTime() + 60 * 60_000);
    if (endsAt < now) return void past.push(title);
    events.push({
      line,
      origin:
        `${event.uid ?? title}|${event.isRecurring() ? 'next' : (component.getFirstPropertyValue('recurrence-id')?.toString() ?? '')}`.slice(
          0,
          300,
        ),
      title: title.slice(0, 200),
      description: (event.description ?? '').trim().slice(0, 10_000) || null,
      place: (event.location ?? '').trim().slice(0, 300) || null,
      startsAt,
      endsAt,
      timeZone: validZone(start.zone?.tzid),
    });
  });
  return { past, events, untitled };
}

export async function importEvents(run: ImportRun, bytes: Buffer): Promise<void> {
  const churchId = run.church.id;
  const { past, events, untitled } = calendarEvents(decodeText(bytes));
  untitled.forEach((line) =>
    refuse(run.tally, { linha: line, chave: 'staff.import.row.eventNoTitle' }),
  );
  past.forEach((title) =>
    refuse(run.tally, { linha: 0, chave: 'staff.import.row.eventPast', valores: { valor: title } }),
  );
  const zone =
    { pt: 'America/Sao_Paulo', en: 'America/New_York', es: 'America/Mexico_City' }[
      run.church.locale
    ] ?? 'America/Sao_Paulo';
  for (let i = 0; i < events.length; i += EVENTS_PER_BATCH) {
    const batch = events.slice(i, i + EVENTS_PER_BATCH);
    const already = new Set(
      (
        await run.db
          .select({ origin: t.importItems.origin })
          .from(t.importItems)
          .where(
            and(
              eq(t.importItems.churchId, churchId),
              eq(t.importItems.table, 'evento'),
              inArray(
                t.importItems.origin,
                batch.map((e) => e.origin),
              ),
            ),
          )
      ).map((r) => r.origin),
    );
    const fresh = batch.filter((e) => !already.has(e.origin));
    run.tally.iguais += batch.length - fresh.length;
    if (run.write && fresh.length)
      await writeBatch(run, [fresh[0]!.line, fresh.at(-1)!.line], async (tx) => {
        for (const e of fresh) {
          const [row] = await tx
            .insert(t.events)
            .values({
              churchId,
              title: e.title,
              description: e.description,
              placeName: e.place,
              startsAt: e.startsAt,
              endsAt: e.endsAt,
              timeZone: e.timeZone ?? zone,
              currency: run.church.currency,
              // a draft: the team adds tickets and publishes it (docs/events.md)
              active: false,
            })
            .returning({ id: t.events.id });
          await recordItems(tx, run, [{ table: 'evento', targetId: row!.id, origin: e.origin }]);
        }
      });
    run.tally.criar += fresh.length;
    await run.progress(Math.min(i + EVENTS_PER_BATCH, events.length), events.length);
  }
}
