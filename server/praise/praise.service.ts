// Worship songs (spec §3 Praise): one song within its church, and the church's songbook searched
// by title, author or theme without regard to accents ("graca" finds "Graça").
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { containsPattern } from '../db/like.ts';
import * as t from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { toPraise, toPraiseSummary } from './praise.serializers.ts';

const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'aaaaaeeeeiiiiooooouuuucn';
/** Lower case without accents, the same on PGlite and PostgreSQL. */
const folded = (column: AnyPgColumn) =>
  sql`translate(lower(coalesce(${column}, '')), ${ACCENTED}, ${PLAIN})`;
const fold = (text: string) =>
  [...text.toLowerCase()].map((ch) => PLAIN[ACCENTED.indexOf(ch)] ?? ch).join('');

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
  const pattern = search ? containsPattern(fold(search)) : null;
  const rows = await db
    .select()
    .from(t.praises)
    .where(
      and(
        eq(t.praises.churchId, churchId),
        pattern
          ? or(
              sql`${folded(t.praises.title)} like ${pattern}`,
              sql`${folded(t.praises.author)} like ${pattern}`,
              sql`${folded(t.praises.theme)} like ${pattern}`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(t.praises.title), asc(t.praises.id))
    .limit(500);
  return rows.map(toPraiseSummary);
}
