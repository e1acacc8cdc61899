// Worship songs (spec §3 Praise): one song within its church, and the church's songbook searched
// by title, author or theme without regard to accents ("graca" finds "Graça").
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { exactFirst, matches } from '../db/search.ts';
import * as t from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { toPraise, toPraiseSummary } from './praise.serializers.ts';

/** A song of the church, or 404 (a song of another church too). */
export async function songOf(db: Database, churchId: number, id: number) {
  const [row] = await db
    .select()
    .from(t.praises)
    .where(and(eq(t.praises.churchId, churchId), eq(t.praises.id, id)));
  if (!row) throw notFound('Not found.');
  return toPraise(row);
}

/** The church's songs by title (at most 500), filtered by a search when given. */
export async function songbookOf(db: Database, churchId: number, search: string | undefined) {
  const rows = await db
    .select()
    .from(t.praises)
    .where(
      and(
        eq(t.praises.churchId, churchId),
        search ? matches(search, [t.praises.title, t.praises.author, t.praises.theme]) : undefined,
      ),
    )
    .orderBy(
      ...(search ? [exactFirst(search, [t.praises.title])] : []),
      asc(t.praises.title),
      asc(t.praises.id),
    )
    .limit(500);
  return rows.map(toPraiseSummary);
}
