// Sermon notes (spec §7 "Notes"): `GET /user/nota-sermao?igreja&limit=999`, `GET/PUT/DELETE
// /nota-sermao/{id}`, `POST /nota-sermao/?igreja`. Owner-only: every query filters on the token's
// user and the note's church, where the caller must be an active member (docs/architecture.md "Tenancy"). Someone
// else's note answers 404, like a note that does not exist, so ids reveal nothing.
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
import { notesMessage } from '../../contract/messages/notes.ts';
import { requireUser, type AuthUser } from '../auth/authenticate.ts';
import { scopeOfChurch } from '../member/scope.ts';
import { langOf } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import {
  createNote,
  deleteNote,
  noteSummaries,
  ownNote,
  saveNote,
  type Outcome,
} from './notes.service.ts';
import { toNote, toNoteSummary } from './notes.serializers.ts';
import { checkNoteQuota, spendNoteWrite } from './notes-quota.ts';
import type { MemberDeps } from '../member/deps.ts';

type Env = { Variables: { user: AuthUser } };

export function notesRoutes({ db }: MemberDeps) {
  const app = new Hono<Env>({ strict: false });
  const signedIn = createMiddleware<Env>(async (c, next) => {
    c.set('user', await requireUser(db, c));
    await next();
  });

  /** The active church and the caller's active membership of it (403 otherwise). */
  async function memberOf(c: Context, churchId: number) {
    const scope = await scopeOfChurch(db, c, churchId, {
      caller: 'member',
      user: c.get('user'),
      notFoundMessage: 'note.notFound',
    });
    return scope.user!;
  }

  /** The caller's own note (in `igreja` when given), in a church they still belong to; else 404. */
  async function myNote(c: Context, user: AuthUser, id: number, churchId: number | undefined) {
    const row = await ownNote(db, user.userId, id, churchId);
    await memberOf(c, row.churchId);
    return row;
  }

  /** 409 with the note as it is now: the client last saw another version (docs/notes.md). */
  const conflict = (c: Context, outcome: Extract<Outcome, { conflict: unknown }>) =>
    c.json(
      {
        status: false as const,
        message: notesMessage(langOf(c), 'note.conflict'),
        atual: toNote(outcome.conflict),
      },
      409,
    );

  app.get('/user/nota-sermao', signedIn, validate('query', notesListQuery), async (c) => {
    const { igreja, limit } = c.req.valid('query');
    const user = await memberOf(c, igreja);
    const rows = await noteSummaries(db, igreja, user.userId, limit);
    return c.json({ notas: rows.map(toNoteSummary) });
  });

  app.post(
    '/nota-sermao',
    signedIn,
    validate('query', noteCreateQuery),
    validate('json', noteCreateSchema),
    async (c) => {
      const churchId = c.req.valid('query').igreja;
      const user = await memberOf(c, churchId);
      await spendNoteWrite(db, c, user.userId, 'create'); // per-member quotas (docs/security.md)
      await checkNoteQuota(db, user.userId);
      const { note, created } = await createNote(db, churchId, user.userId, c.req.valid('json'));
      return c.json({ status: true as const, nota: toNote(note) }, created ? 201 : 200);
    },
  );

  app.get(
    '/nota-sermao/:id',
    signedIn,
    validate('param', noteIdParams),
    validate('query', noteChurchQuery),
    async (c) => {
      const row = await myNote(
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
      const row = await myNote(c, user, c.req.valid('param').id, c.req.valid('query').igreja);
      await spendNoteWrite(db, c, user.userId, 'save');
      const outcome = await saveNote(db, row, c.req.valid('json'));
      if ('conflict' in outcome) return conflict(c, outcome);
      return c.json({ status: true as const, nota: toNote(outcome.note) });
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
      const row = await myNote(c, user, c.req.valid('param').id, igreja);
      const outcome = await deleteNote(db, row, versao);
      if ('conflict' in outcome) return conflict(c, outcome);
      return c.json({ status: true as const, message: notesMessage(langOf(c), 'note.deleted') });
    },
  );

  return app;
}
