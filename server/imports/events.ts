// Events from an iCalendar file (docs/staff.md "Moving in"), read by ical.js on a worker thread
// under caps (calendar.ts): each event still to
// come becomes a draft (not published) for the team to add tickets to; a repeating event brings
// its next occurrence. An event's UID (and occurrence) is its key: a second import adds nothing.
import { and, eq, inArray } from 'drizzle-orm';
import * as t from '../db/schema/index.ts';
import { calendarItems, type CalendarEvent, type CalendarItem } from './calendar.ts';
import { IMPORT_LIMITS, type ImportLimits } from './limits.ts';
import { parseStream } from './parse-thread.ts';
import { recordItems, refuse, writeBatch, type ImportRun } from './run.ts';

const EVENTS_PER_BATCH = 100;

/** The file's events read on this thread (tests; imports read them on a worker thread). */
export function calendarEvents(
  text: string,
  now = new Date(),
  limits: ImportLimits = IMPORT_LIMITS,
): { past: string[]; events: CalendarEvent[]; untitled: number[]; repeats: string[] } {
  const out = {
    past: [] as string[],
    events: [] as CalendarEvent[],
    untitled: [] as number[],
    repeats: [] as string[],
  };
  for (const item of calendarItems(text, now, limits)) {
    if ('event' in item) out.events.push(item.event);
    else if ('past' in item) out.past.push(item.past);
    else if ('untitled' in item) out.untitled.push(item.untitled);
    else out.repeats.push(item.repeats);
  }
  return out;
}

export async function importEvents(run: ImportRun, bytes: Buffer): Promise<void> {
  const churchId = run.church.id;
  const events: CalendarEvent[] = [];
  for await (const item of parseStream<CalendarItem>('calendar', bytes)) {
    if ('event' in item) events.push(item.event);
    else if ('untitled' in item)
      refuse(run.tally, { linha: item.untitled, chave: 'staff.import.row.eventNoTitle' });
    else if ('past' in item)
      refuse(run.tally, {
        linha: 0,
        chave: 'staff.import.row.eventPast',
        valores: { valor: item.past },
      });
    else
      refuse(run.tally, {
        linha: 0,
        chave: 'staff.import.row.eventRepeats',
        valores: { valor: item.repeats, n: IMPORT_LIMITS.occurrences },
      });
  }
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
