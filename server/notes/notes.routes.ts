// Sermon notes (spec §7 "Notes"): `GET /user/nota-sermao?igreja&limit=999`, `GET/PUT/DELETE
// /nota-sermao/{id}`, `POST /nota-sermao/?igreja`. Owner-only: every query filters on the token's
// user and the note's church, where the caller must be an active member (DESIGN.md §2). Someone
// else's note answers 404, like a note that does not exist, so ids reveal nothing.
import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  noteChurchQuery,
  noteCreateQuery,
  noteCreateSchema,
  noteDeleteQuery,
  noteIdParams,
  notesListQuery,
  noteUpdateSchema,
} from '../../contract/notes.ts';
import { notesMessage } from '../../contract/notes-messages.ts';
import { requireMember, requireUser, type AuthUser } from '../auth/authenticate.ts';
import { langOf } from '../auth/errors.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { churchById } from '../http/church-scope.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { toNote, toNoteSummary } from './notes.serializers.ts';

type Env = { Variables: { user: AuthUser } };

export function notesRoutes(db: Database) {
  const app = new Hono<Env>({ strict: false });
  const signedIn = createMiddleware<Env>(async (c, next) => {
    c.set('user', await requireUser(db, c));
    await next();
  });
  const missing = () => notFound('note.notFound');

  /** The active church and the caller's active membership of it (403 otherwise). */
  async function memberOf(c: Context, churchId: number) {
    await churchById(db, c, churchId, { notFoundMessage: 'note.notFound' });
    return (await requireMember(db, c, churchId)).user;
  }

  /** The caller's own note (in `igreja` when given), in a church they still belong to; else 404. */
  async function ownNote(c: Context, user: AuthUser, id: number, churchId: number | undefined) {
    const [row] = await db
      .select()
      .from(t.sermonNotes)
      .where(
        and(
          eq(t.sermonNotes.id, id),
          eq(t.sermonNotes.userId, user.userId),
          churchId === undefined ? undefined : eq(t.sermonNotes.churchId, churchId),
        ),
      );
    if (!row) throw missing();
    await memberOf(c, row.churchId);
    return row;
  }

  /** 409 with the note as it is now: the client last saw another version (docs/notes.md). */
  const conflict = (c: Context, row: typeof t.sermonNotes.$inferSelect) =>
    c.json(
      {
        status: false as const,
        message: notesMessage(langOf(c), 'note.conflict'),
        atual: toNote(row),
      },
      409,
    );

  app.get('/user/nota-sermao', signedIn, validate('query', notesListQuery), async (c) => {
    const { igreja, limit } = c.req.valid('query');
    const user = await memberOf(c, igreja);
    const rows = await db
      .select({
        id: t.sermonNotes.id,
        churchId: t.sermonNotes.churchId,
        userId: t.sermonNotes.userId,
        key: t.sermonNotes.key,
        title: t.sermonNotes.title,
        version: t.sermonNotes.version,
        createdAt: t.sermonNotes.createdAt,
        updatedAt: t.sermonNotes.updatedAt,
        summary: sql<string>`left(${t.sermonNotes.text}, 400)`,
      })
      .from(t.sermonNotes)
      .where(and(eq(t.sermonNotes.churchId, igreja), eq(t.sermonNotes.userId, user.userId)))
      .orderBy(desc(t.sermonNotes.updatedAt), desc(t.sermonNotes.id))
      .limit(limit);
    return c.json({ notas: rows.map(toNoteSummary) });
  });

  app.post(
    '/nota-sermao',
    signedIn,
    validate('query', noteCreateQuery),
    validate('json', noteCreateSchema),
    async (c) => {
      const churchId = c.req.valid('query').igreja;
      const body = c.req.valid('json');
      const user = await memberOf(c, churchId);
      // A replayed chave (a retry whose first answer was lost) finds the note already made.
      const inserted = await db
        .insert(t.sermonNotes)
        .values({
          churchId,
          userId: user.userId,
          key: body.chave,
          title: body.titulo,
          text: body.texto,
        })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return c.json({ status: true as const, nota: toNote(inserted[0]) }, 201);
      const [existing] = await db
        .select()
        .from(t.sermonNotes)
        .where(
          and(
            eq(t.sermonNotes.userId, user.userId),
            eq(t.sermonNotes.key, body.chave),
            eq(t.sermonNotes.churchId, churchId),
          ),
        );
      // The same chave in another church: not this note.
      if (!existing) throw missing();
      return c.json({ status: true as const, nota: toNote(existing) }, 200);
    },
  );

  app.get(
    '/nota-sermao/:id',
    signedIn,
    validate('param', noteIdParams),
    validate('query', noteChurchQuery),
    async (c) => {
      const row = await ownNote(
        c,
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('query').igreja,
      );
      return c.json({ status: true as const, nota: toNote(row) });
    },
  );

  app.put(
    '/nota-sermao/:id',
    signedIn,
    validate('param', noteIdParams),
    validate('query', noteChurchQuery),
    validate('json', noteUpdateSchema),
    async (c) => {
      const user = c.get('user');
      const row = await ownNote(c, user, c.req.valid('param').id, c.req.valid('query').igreja);
      const body = c.req.valid('json');
      // The version check and the write are one statement: two saves racing cannot both win.
      const [saved] = await db
        .update(t.sermonNotes)
        .set({
          title: body.titulo,
          text: body.texto,
          version: sql`${t.sermonNotes.version} + 1`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(t.sermonNotes.id, row.id),
            eq(t.sermonNotes.churchId, row.churchId),
            eq(t.sermonNotes.userId, user.userId),
            eq(t.sermonNotes.version, body.versao),
          ),
        )
        .returning();
      if (saved) return c.json({ status: true as const, nota: toNote(saved) });
      const [now] = await db
        .select()
        .from(t.sermonNotes)
        .where(and(eq(t.sermonNotes.id, row.id), eq(t.sermonNotes.userId, user.userId)));
      if (!now) throw missing();
      return conflict(c, now);
    },
  );

  app.delete(
    '/nota-sermao/:id',
    signedIn,
    validate('param', noteIdParams),
    validate('query', noteDeleteQuery),
    async (c) => {
      const user = c.get('user');
      const { igreja, versao } = c.req.valid('query');
      const row = await ownNote(c, user, c.req.valid('param').id, igreja);
      const deleted = await db
        .delete(t.sermonNotes)
        .where(
          and(
            eq(t.sermonNotes.id, row.id),
            eq(t.sermonNotes.churchId, row.churchId),
            eq(t.sermonNotes.userId, user.userId),
            versao === undefined ? undefined : eq(t.sermonNotes.version, versao),
          ),
        )
        .returning({ id: t.sermonNotes.id });
      if (!deleted.length) {
        const [now] = await db
          .select()
          .from(t.sermonNotes)
          .where(and(eq(t.sermonNotes.id, row.id), eq(t.sermonNotes.userId, user.userId)));
        if (!now) throw missing();
        return conflict(c, now);
      }
      return c.json({ status: true as const, message: notesMessage(langOf(c), 'note.deleted') });
    },
  );

  return app;
}
