// A member's events (spec §7 "Events"): the church of an event they act on, the events they hold
// tickets for (only in churches where they are an active member), and a ticket's exclusive
// content (spec §6: holders of a confirmed ticket of that event only).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { EventContent } from '../../contract/events.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem } from '../http/errors.ts';
import { loadEvents } from './events.queries.ts';

/** The church of an active event, or 404; the route then checks the caller's membership. */
export async function activeEventChurchId(db: Database, eventId: number): Promise<number> {
  const [row] = await db
    .select({ churchId: t.events.churchId })
    .from(t.events)
    .where(and(eq(t.events.id, eventId), eq(t.events.active, true)));
  if (!row) throw new ApiProblem(404, 'pay.eventNotFound');
  return row.churchId;
}

/** The events the user holds tickets for (of one church when `wanted`), newest first. */
export async function heldEventsOf(db: Database, userId: number, wanted: number | undefined) {
  const memberships = await db
    .select({ churchId: t.churchUsers.churchId })
    .from(t.churchUsers)
    .where(and(eq(t.churchUsers.userId, userId), eq(t.churchUsers.active, true)));
  const churchIds = memberships
    .map((m) => m.churchId)
    .filter((id) => wanted === undefined || id === wanted);
  if (!churchIds.length) return [];
  const held = await db
    .select({
      churchId: t.registrations.churchId,
      eventId: t.registrations.eventId,
      n: sql<number>`count(*)::int`,
    })
    .from(t.registrations)
    .where(
      and(
        eq(t.registrations.userId, userId),
        inArray(t.registrations.churchId, churchIds),
        inArray(t.registrations.status, ['confirmada', 'pendente']),
      ),
    )
    .groupBy(t.registrations.churchId, t.registrations.eventId);
  const eventos = [];
  for (const churchId of churchIds) {
    const mine = held.filter((h) => h.churchId === churchId);
    const events = await loadEvents(
      db,
      churchId,
      mine.map((h) => h.eventId),
    );
    for (const e of events)
      eventos.push({
        ...e,
        qtdeInscricoes: Number(mine.find((h) => h.eventId === e.id)?.n ?? 0),
      });
  }
  return eventos.sort((a, b) => b.dataInicio.localeCompare(a.dataInicio));
}

/** The event's exclusive content for the holder of a confirmed ticket; 403 otherwise. */
export async function exclusiveContents(
  db: Database,
  churchId: number,
  userId: number,
  eventId: number,
  ticketId: number,
): Promise<EventContent[]> {
  const [registration] = await db
    .select({ id: t.registrations.id })
    .from(t.registrations)
    .where(
      and(
        eq(t.registrations.id, ticketId),
        eq(t.registrations.userId, userId),
        eq(t.registrations.eventId, eventId),
        eq(t.registrations.churchId, churchId),
        eq(t.registrations.status, 'confirmada'),
      ),
    );
  if (!registration) throw new ApiProblem(403, 'content.forbidden');
  const rows = await db
    .select()
    .from(t.eventContents)
    .where(and(eq(t.eventContents.eventId, eventId), eq(t.eventContents.churchId, churchId)))
    .orderBy(asc(t.eventContents.position), asc(t.eventContents.id));
  return rows.map((r) => ({
    id: r.id,
    titulo: r.title,
    tipo: r.kind as EventContent['tipo'],
    url: r.url,
    texto: r.body,
  }));
}
