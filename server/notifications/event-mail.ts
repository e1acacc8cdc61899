// The product's own event e-mails (issue 45 item 4; docs/notifications.md "Event e-mails"): a
// new event announced when it is first published, and a reminder to its registrants the day
// before. Each is an e-mail send with a once-only key (`evento:12:novo`, `evento:12:lembrete`),
// so republishing, a second node or a second run never makes it twice; members whose `events`
// e-mail is off are skipped when it is sent. Each member gets it in their own language.
import { INTL_LOCALE, dateFormat } from '../../common/format.ts';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { emailMessage } from '../../contract/messages/email.ts';
import { messageLangOfLocale } from '../../contract/messages/lang.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { defineJob } from '../jobs/runner.ts';
import { queueEmailSend, resolveAudience } from './email-sends.service.ts';
import { inEveryLanguage } from './languages.ts';

type EventRow = Pick<
  typeof t.events.$inferSelect,
  'id' | 'churchId' | 'title' | 'startsAt' | 'timeZone' | 'placeName'
>;

/** The church's language and the event's message in every language (each member gets theirs). */
async function eventTexts(
  db: Database,
  event: EventRow,
  subjectKey: 'email.newEventSubject' | 'email.reminderSubject',
  bodyKey: 'email.newEventBody' | 'email.reminderBody',
) {
  const [church] = await db
    .select({ name: t.churches.name, locale: t.churches.locale })
    .from(t.churches)
    .where(eq(t.churches.id, event.churchId));
  const texts = inEveryLanguage((lang) => {
    const values = {
      event: event.title,
      church: church?.name ?? '',
      when: dateFormat(INTL_LOCALE[lang], {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: event.timeZone,
      }).format(event.startsAt),
      place: event.placeName ? `, ${event.placeName}` : '',
    };
    return {
      subject: emailMessage(lang, subjectKey, values),
      body: emailMessage(lang, bodyKey, values),
    };
  });
  return { ...texts[messageLangOfLocale(church?.locale)], texts };
}

const eventColumns = {
  id: t.events.id,
  churchId: t.events.churchId,
  title: t.events.title,
  startsAt: t.events.startsAt,
  timeZone: t.events.timeZone,
  placeName: t.events.placeName,
  active: t.events.active,
};

/** Announces a published, future event to every active member once (its first publication). */
export async function announceNewEvent(
  db: Database,
  churchId: number,
  eventId: number,
  now = new Date(),
): Promise<number | null> {
  const [event] = await db
    .select(eventColumns)
    .from(t.events)
    .where(and(eq(t.events.id, eventId), eq(t.events.churchId, churchId)));
  if (!event?.active || event.startsAt <= now) return null;
  const words = await eventTexts(db, event, 'email.newEventSubject', 'email.newEventBody');
  const everyone = await resolveAudience(db, churchId, { tipo: 'todos' });
  return queueEmailSend(db, {
    churchId,
    notificationId: null,
    kind: 'events',
    origin: `evento:${event.id}:novo`,
    ...words,
    link: `/event/${event.id}`,
    audience: { tipo: 'todos', nome: event.title },
    members: everyone.members,
    createdBy: null,
  });
}

/** How far ahead a reminder goes: the day before, and never for one about to start. */
const REMINDER_AHEAD_MS = 24 * 60 * 60_000;
const REMINDER_LEAST_MS = 60 * 60_000;

/** Queues the reminder of every active event starting within the next day; answers how many. */
export async function queueEventReminders(db: Database, now: Date): Promise<number> {
  const due = await db
    .select(eventColumns)
    .from(t.events)
    .where(
      and(
        eq(t.events.active, true),
        gt(t.events.startsAt, new Date(now.getTime() + REMINDER_LEAST_MS)),
        lte(t.events.startsAt, new Date(now.getTime() + REMINDER_AHEAD_MS)),
        // an event made less than a day before it starts had no "day before" (its announcement is enough)
        sql`${t.events.createdAt} <= ${t.events.startsAt} - interval '1 day'`,
        sql`not exists (select 1 from ${t.emailSends} s where s.igreja_id = ${t.events.churchId} and s.origem = 'evento:' || ${t.events.id} || ':lembrete')`,
      ),
    )
    .limit(100);
  let queued = 0;
  for (const event of due) {
    const words = await eventTexts(db, event, 'email.reminderSubject', 'email.reminderBody');
    const registrants = await resolveAudience(db, event.churchId, {
      tipo: 'evento',
      eventoId: event.id,
    });
    const id = await queueEmailSend(db, {
      churchId: event.churchId,
      notificationId: null,
      kind: 'events',
      origin: `evento:${event.id}:lembrete`,
      ...words,
      link: `/event/${event.id}`,
      audience: registrants.label,
      members: registrants.members,
      createdBy: null,
    });
    if (id) queued++;
  }
  return queued;
}

/** The reminders of the scheduler: every 10 minutes, so an event is reminded about a day ahead. */
export const eventRemindersJob = defineJob({
  name: 'notifications.event-reminders',
  everyMs: 10 * 60_000,
  async run({ db, now }) {
    await queueEventReminders(db, now());
  },
});
