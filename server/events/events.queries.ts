// Reads of events shared by the events routes and the member's registrations.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { EventWire } from '../../contract/events.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { toEvent } from './events.serializers.ts';

/** The module of the events routes (routes.tsv /event). */
export const EVENTS_MODULE = 'MOD_EVENTO';

/** Events of one church (all, or the given ids) with their tickets and whether they have online content. */
export async function loadEvents(db: Database, churchId: number, eventIds?: number[]): Promise<EventWire[]> {
  if (eventIds && !eventIds.length) return [];
  const filters = [eq(t.events.churchId, churchId), eq(t.events.active, true)];
  if (eventIds) filters.push(inArray(t.events.id, eventIds));
  const rows = await db.select().from(t.events).where(and(...filters)).orderBy(asc(t.events.startsAt), asc(t.events.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [tickets, contents] = await Promise.all([
    db.select().from(t.tickets).where(and(eq(t.tickets.churchId, churchId), inArray(t.tickets.eventId, ids))),
    db
      .select({ eventId: t.eventContents.eventId, n: sql<number>`count(*)::int` })
      .from(t.eventContents)
      .where(and(eq(t.eventContents.churchId, churchId), inArray(t.eventContents.eventId, ids)))
      .groupBy(t.eventContents.eventId),
  ]);
  const withContent = new Set(contents.filter((c) => Number(c.n) > 0).map((c) => c.eventId));
  return rows.map((r) => toEvent(r, tickets, withContent.has(r.id)));
}
