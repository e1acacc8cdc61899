// Sermon notes (spec §7 "Notes"): the queries behind notes.routes.ts. Every query filters on the
// owner and the note's church; a save or delete that names an older version loses to the note as
// it is now (docs/notes.md), in one statement so two racing saves cannot both win.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { noteCreateSchema, noteUpdateSchema } from '../../contract/notes.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';

type NoteRow = typeof t.sermonNotes.$inferSelect;

/** The change lost to a newer version: the note as it is now. */
export type Outcome = { note: NoteRow } | { conflict: NoteRow };

const missing = () => notFound('note.notFound');

/** The member's notes of a church, newest first, each with the start of its text. */
export async function noteSummaries(db: Database, churchId: number, userId: number, limit: number) {
  return db
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
    .where(and(eq(t.sermonNotes.churchId, churchId), eq(t.sermonNotes.userId, userId)))
    .orderBy(desc(t.sermonNotes.updatedAt), desc(t.sermonNotes.id))
    .limit(limit);
}

/** A new note; a replayed chave (a retry whose first answer was lost) finds the note already made. */
export async function createNote(
  db: Database,
  churchId: number,
  userId: number,
  body: z.output<typeof noteCreateSchema>,
): Promise<{ note: NoteRow; created: boolean }> {
  const [inserted] = await db
    .insert(t.sermonNotes)
    .values({ churchId, userId, key: body.chave, title: body.titulo, text: body.texto })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { note: inserted, created: true };
  const [existing] = await db
    .select()
    .from(t.sermonNotes)
    .where(
      and(
        eq(t.sermonNotes.userId, userId),
        eq(t.sermonNotes.key, body.chave),
        eq(t.sermonNotes.churchId, churchId),
      ),
    );
  // The same chave in another church: not this note.
  if (!existing) throw missing();
  return { note: existing, created: false };
}

/** The user's own note (in `churchId` when given), or 404; the route checks the membership. */
export async function ownNote(
  db: Database,
  userId: number,
  id: number,
  churchId: number | undefined,
): Promise<NoteRow> {
  const [row] = await db
    .select()
    .from(t.sermonNotes)
    .where(
      and(
        eq(t.sermonNotes.id, id),
        eq(t.sermonNotes.userId, userId),
        churchId === undefined ? undefined : eq(t.sermonNotes.churchId, churchId),
      ),
    );
  if (!row) throw missing();
  return row;
}

async function currentNote(db: Database, row: NoteRow): Promise<Outcome> {
  const [now] = await db
    .select()
    .from(t.sermonNotes)
    .where(and(eq(t.sermonNotes.id, row.id), eq(t.sermonNotes.userId, row.userId)));
  if (!now) throw missing();
  return { conflict: now };
}

/** Saves the note when `body.versao` is still its version. */
export async function saveNote(
  db: Database,
  row: NoteRow,
  body: z.output<typeof noteUpdateSchema>,
): Promise<Outcome> {
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
        eq(t.sermonNotes.userId, row.userId),
        eq(t.sermonNotes.version, body.versao),
      ),
    )
    .returning();
  return saved ? { note: saved } : currentNote(db, row);
}

/** Deletes the note (only at `version` when given). */
export async function deleteNote(
  db: Database,
  row: NoteRow,
  version: number | undefined,
): Promise<Outcome> {
  const deleted = await db
    .delete(t.sermonNotes)
    .where(
      and(
        eq(t.sermonNotes.id, row.id),
        eq(t.sermonNotes.churchId, row.churchId),
        eq(t.sermonNotes.userId, row.userId),
        version === undefined ? undefined : eq(t.sermonNotes.version, version),
      ),
    )
    .returning({ id: t.sermonNotes.id });
  return deleted.length ? { note: row } : currentNote(db, row);
}
