// Reads of events shared by the events routes and the member's registrations.
import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { EventCard, EventWire, ListedEvent } from '../../contract/events.ts';
import type { Database } from '../db/client.ts';
import { pageTotal, totalColumn } from '../db/page-total.ts';
import { prepared } from '../db/prepared.ts';
import * as t from '../db/schema/index.ts';
import {
  toEvent,
  toEventCard,
  toListedEvent,
  type ListedTicketJson,
} from './events.serializers.ts';

type TicketRow = typeof t.tickets.$inferSelect;

/** The module of the events routes (routes.tsv /event). */
export const EVENTS_MODULE = 'MOD_EVENTO';

/** A ticket row as json_build_object spells it below (timestamps arrive as ISO text). */
type TicketJson = Omit<TicketRow, 'availableFrom' | 'availableUntil'> & {
  availableFrom: string | null;
  availableUntil: string | null;
};

/** The event's tickets, in one JSON array built by the database (one round trip per block, docs/performance.md). */
const ticketsOfEvent = sql<TicketJson[]>`coalesce((select json_agg(json_build_object(
    'id', k.id, 'churchId', k.igreja_id, 'eventId', k.evento_id, 'name', k.nome, 'description', k.descricao,
    'priceCents', k.valor_centavos, 'stock', k.estoque, 'sold', k.vendidos, 'availableFrom', k.disponivel_de,
    'availableUntil', k.disponivel_ate, 'perUserLimit', k.limite_por_usuario, 'questions', k.perguntas,
    'position', k.ordem, 'active', k.flag_ativo))
  from evento_ingresso k where k.igreja_id = evento.igreja_id and k.evento_id = evento.id), '[]'::json)`;

/**
 * What the events list needs of an event's tickets: the active ones in their order, with the fields
 * that decide price and availability (docs/performance.md "Renders without the cache, a twelfth time").
 */
const listedTicketsOfEvent = sql<ListedTicketJson[]>`coalesce((select json_agg(json_build_object(
    'id', k.id, 'priceCents', k.valor_centavos, 'stock', k.estoque, 'sold', k.vendidos,
    'availableFrom', k.disponivel_de, 'availableUntil', k.disponivel_ate,
    'perUserLimit', k.limite_por_usuario) order by k.ordem, k.id)
  from evento_ingresso k where k.igreja_id = evento.igreja_id and k.evento_id = evento.id and k.flag_ativo), '[]'::json)`;

const hasOnlineContent = sql<boolean>`exists (select 1 from evento_conteudo c where c.igreja_id = evento.igreja_id and c.evento_id = evento.id)`;
// (the outer row is named in full: drizzle writes a one-table select's columns without their table)

/** A church's active events (placeholder `churchId`) and `filters`. */
const ofChurch = (filters: SQL[]) =>
  and(eq(t.events.churchId, sql.placeholder('churchId')), eq(t.events.active, true), ...filters);

/** The columns an event's card shows (toEventCard); the events list adds its own to them. */
const cardColumns = {
  id: t.events.id,
  title: t.events.title,
  image: t.events.image,
  imageWidth: t.events.imageWidth,
  imageHeight: t.events.imageHeight,
  placeName: t.events.placeName,
  startsAt: t.events.startsAt,
  endsAt: t.events.endsAt,
  timeZone: t.events.timeZone,
};

const eventFields = { event: t.events, tickets: ticketsOfEvent, hasContent: hasOnlineContent };
const soonestFirst = [asc(t.events.startsAt), asc(t.events.id)];

/** A church's active events with `filters`, tickets included, soonest first unless `order` says. */
function selectEvents(db: Database, filters: SQL[], order: SQL[] = soonestFirst) {
  return db
    .select(eventFields)
    .from(t.events)
    .where(ofChurch(filters))
    .orderBy(...order);
}

/** Events of one church (all, or the given ids) with their tickets and whether they have online content. */
export async function loadEvents(
  db: Database,
  churchId: number,
  eventIds?: number[],
): Promise<EventWire[]> {
  if (eventIds && !eventIds.length) return [];
  const p = sql.placeholder;
  // The church's list and one event are built once (server/db/prepared.ts); other id lists each time.
  const rows = !eventIds
    ? await prepared(db, 'events.all', (name) => selectEvents(db, []).prepare(name)).execute({
        churchId,
      })
    : eventIds.length === 1
      ? await prepared(db, 'events.one', (name) =>
          selectEvents(db, [eq(t.events.id, p('id'))]).prepare(name),
        ).execute({ churchId, id: eventIds[0] })
      : await selectEvents(db, [inArray(t.events.id, eventIds)]).execute({ churchId });
  return rows.map(toEventWire);
}

/**
 * The next `limit` events of a church that have not ended at `now`, soonest first, as cards (the
 * home's block): nine columns, no tickets and no content check, a third of the full read's work in
 * the database (docs/performance.md "The home's events").
 */
export async function loadUpcomingEvents(
  db: Database,
  churchId: number,
  limit: number,
  now = new Date(),
): Promise<EventCard[]> {
  const p = sql.placeholder;
  const e = t.events;
  const rows = await prepared(db, 'events.upcoming.cards', (name) =>
    db
      .select(cardColumns)
      .from(e)
      .where(ofChurch([gte(e.endsAt, p('now'))]))
      .orderBy(...soonestFirst)
      .limit(p('limit'))
      .prepare(name),
  ).execute({ churchId, now: now.toISOString(), limit });
  return rows.map(toEventCard);
}

/**
 * One page of the events page's list (placeholder `now`): events not yet ended, soonest first, then
 * ended ones, latest first; with the church's count of active events. A church with years of events
 * renders a page of them, not all (docs/performance.md "The events list, a page at a time").
 */
export async function loadEventsPage(
  db: Database,
  churchId: number,
  { page, limit }: { page: number; limit: number },
  now = new Date(),
): Promise<{ eventos: ListedEvent[]; total: number }> {
  const p = sql.placeholder;
  const e = t.events;
  const ended = sql`${t.events.endsAt} < ${p('now')}`;
  const values = { churchId, now: now.toISOString(), limit, offset: (page - 1) * limit };
  const countOf = () => db.select({ n: count() }).from(t.events).where(ofChurch([]));
  // The page and the church's count in one statement (server/db/page-total.ts).
  const rows = await prepared(db, 'events.page.listed', (name) =>
    db
      .select({
        event: { ...cardColumns, currency: e.currency, registrationOpen: e.registrationOpen },
        tickets: listedTicketsOfEvent,
        hasContent: hasOnlineContent,
        total: totalColumn(countOf()),
      })
      .from(t.events)
      .where(ofChurch([]))
      .orderBy(
        ended,
        sql`case when not ${ended} then ${t.events.startsAt} end`,
        desc(t.events.startsAt),
        asc(t.events.id),
      )
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare(name),
  ).execute(values);
  const total = await pageTotal(rows, values.offset, () =>
    prepared(db, 'events.count', (name) => countOf().prepare(name)).execute(values),
  );
  return {
    eventos: rows.map((r) =>
      toListedEvent(
        r.event,
        (typeof r.tickets === 'string' ? JSON.parse(r.tickets) : r.tickets) as ListedTicketJson[],
        Boolean(r.hasContent),
      ),
    ),
    total,
  };
}

function toEventWire(r: {
  event: typeof t.events.$inferSelect;
  tickets: unknown;
  hasContent: unknown;
}): EventWire {
  const raw = (typeof r.tickets === 'string' ? JSON.parse(r.tickets) : r.tickets) as TicketJson[];
  const tickets: TicketRow[] = raw.map((k) => ({
    ...k,
    availableFrom: k.availableFrom === null ? null : new Date(k.availableFrom),
    availableUntil: k.availableUntil === null ? null : new Date(k.availableUntil),
  }));
  return toEvent(r.event, tickets, Boolean(r.hasContent));
}
