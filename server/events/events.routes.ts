// The public calls of spec §7 "Events": a church's events and one event, with each ticket's
// stock. The member's calls (registrations, content) are in registrations.routes.ts.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { churchEventParams, churchEventsParams, type EventWire } from '../../contract/events.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { expireOverduePix } from '../payments/expiry.ts';
import { toEvent } from './events.serializers.ts';

export async function churchIdBySlug(db: Database, slug: string): Promise<number> {
  const [row] = await db.select({ id: t.churches.id }).from(t.churches).where(and(eq(t.churches.slug, slug), eq(t.churches.active, true)));
  if (!row) throw notFound('Church not found.');
  return row.id;
}

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

export function eventRoutes(db: Database) {
  return new Hono({ strict: false })
    .get('/igreja/:slug/evento', validate('param', churchEventsParams), async (c) => {
      const churchId = await churchIdBySlug(db, c.req.valid('param').slug);
      await expireOverduePix(db, churchId);
      return c.json({ eventos: await loadEvents(db, churchId) });
    })
    .get('/igreja/:slug/evento/:eventId', validate('param', churchEventParams), async (c) => {
      const { slug, eventId } = c.req.valid('param');
      const churchId = await churchIdBySlug(db, slug);
      await expireOverduePix(db, churchId);
      const [evento] = await loadEvents(db, churchId, [eventId]);
      if (!evento) throw notFound('Event not found.');
      return c.json({ evento });
    });
}
