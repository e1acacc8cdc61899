// Events from an iCalendar file (docs/staff.md "Moving in"), read by ical.js on a worker thread
// under caps (calendar.ts): each event still to
// come becomes a draft (not published) for the team to add tickets to, at its moment in the
// church's zone; a repeating event brings its next occurrence (events here do not repeat). An event's UID (and occurrence) is its key: a second import adds nothing.
import * as t from '../db/schema/index.ts';
import { calendarItems, type CalendarEvent, type CalendarItem } from './calendar.ts';
import { IMPORT_LIMITS, type ImportLimits } from './limits.ts';
import { parseStream } from './parse-thread.ts';
import {
  importedOrigins,
  recordItems,
  refuse,
  remark,
  writeBatch,
  type ImportRun,
  type LineNote,
} from './run.ts';

const EVENTS_PER_BATCH = 100;

/** The file's events read on this thread (tests; imports read them on a worker thread). */
export function calendarEvents(
  text: string,
  now = new Date(),
  limits: ImportLimits = IMPORT_LIMITS,
  zone = 'America/Sao_Paulo',
): { past: string[]; events: CalendarEvent[]; refused: LineNote[]; notes: LineNote[] } {
  const out = {
    past: [] as string[],
    events: [] as CalendarEvent[],
    refused: [] as LineNote[],
    notes: [] as LineNote[],
  };
  for (const item of calendarItems(text, now, limits, zone)) {
    if ('event' in item) {
      out.events.push(item.event);
      out.notes.push(...item.notes);
    } else {
      out.refused.push(item.refused);
      if (item.refused.chave === 'staff.import.row.eventPast')
        out.past.push(String(item.refused.valores?.valor));
    }
  }
  return out;
}

export async function importEvents(run: ImportRun, bytes: Buffer): Promise<void> {
  const churchId = run.church.id;
  // every event is stored in the church's zone: its moment is the file's, shown as the church's clock
  const zone = run.church.timeZone;
  const events: CalendarEvent[] = [];
  for await (const item of parseStream<CalendarItem>('calendar', bytes, { zone })) {
    if ('event' in item) {
      events.push(item.event);
      for (const note of item.notes) remark(run.tally, note);
    } else refuse(run.tally, item.refused);
  }
  for (let i = 0; i < events.length; i += EVENTS_PER_BATCH) {
    const batch = events.slice(i, i + EVENTS_PER_BATCH);
    const already = await importedOrigins(
      run,
      'evento',
      batch.map((e) => e.origin),
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
              timeZone: zone,
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
