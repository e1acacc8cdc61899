// Worship songs (spec §7 `GET /louvor/{id}/`; spec §3 Praise). The song is public — the embed
// /embed/praise shows it to anyone — but only within its own church: `?igreja=` is the embed's
// church (from its host) and a song of another church is a 404. The house-style list
// `GET /igreja/{slug}/louvor/` is the team's songbook (/praise): logged-in members of the church only.
// No module gate: the spec names none for praise (docs/praise.md).
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import { fieldMessage } from '../../contract/field-messages.ts';
import {
  praiseChurchParams,
  praiseIdParams,
  praiseListQuery,
  praiseQuery,
} from '../../contract/praise.ts';
import { messageLang } from '../../contract/account-messages.ts';
import { requireMember } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { containsPattern } from '../db/like.ts';
import * as t from '../db/schema/index.ts';
import { churchById, churchBySlug } from '../http/church-scope.ts';
import { ApiProblem } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { toPraise, toPraiseSummary } from './praise.serializers.ts';

const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'aaaaaeeeeiiiiooooouuuucn';
/** Lower case without accents, so "graca" finds "Graça" (the same on PGlite and PostgreSQL). */
const folded = (column: AnyPgColumn) =>
  sql`translate(lower(coalesce(${column}, '')), ${ACCENTED}, ${PLAIN})`;
const fold = (text: string) =>
  [...text.toLowerCase()].map((ch) => PLAIN[ACCENTED.indexOf(ch)] ?? ch).join('');

export function praiseRoutes(db: Database) {
  const app = new Hono({ strict: false });

  app.get(
    '/louvor/:id',
    validate('param', praiseIdParams),
    validate('query', praiseQuery),
    async (c) => {
      const { id } = c.req.valid('param');
      const church = await churchById(db, c, c.req.valid('query').igreja);
      const [row] = await db
        .select()
        .from(t.praises)
        .where(and(eq(t.praises.churchId, church.id), eq(t.praises.id, id)));
      if (!row)
        throw new ApiProblem(
          404,
          fieldMessage(messageLang(c.req.header('accept-language')), 'Not found.'),
        );
      return c.json(toPraise(row));
    },
  );

  app.get(
    '/igreja/:slug/louvor',
    validate('param', praiseChurchParams),
    validate('query', praiseListQuery),
    async (c) => {
      const church = await churchBySlug(db, c, c.req.valid('param').slug);
      await requireMember(db, c, church.id);
      const search = c.req.valid('query').busca;
      const pattern = search ? containsPattern(fold(search)) : null;
      const rows = await db
        .select()
        .from(t.praises)
        .where(
          and(
            eq(t.praises.churchId, church.id),
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
      return c.json({ louvores: rows.map(toPraiseSummary) });
    },
  );

  return app;
}
