// Prayer wall, a member's actions (spec §7 "Prayer": POST /oracao/ (multipart), /oracao/mensagem/,
// /oracao/orar/, DELETE /oracao/{id}; §7 "Auth and user": GET /user/oracao?igreja=). Every call needs
// the bearer token of an active member of the request's church (spec §6); the church comes from the
// body's idIgreja / the query or from the request row, and every query filters on it (DESIGN.md §2).
// Each write tells the change feed, so the wall's cached pages (30 s) show it at once.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { fieldMessage } from '../../contract/field-messages.ts';
import { prayerMessage, type PrayerMessageKey } from '../../contract/prayer-messages.ts';
import {
  PRAYER_IMAGE_MAX_BYTES,
  ownPrayerParams,
  ownPrayersQuery,
  prayerDeleteParams,
  prayerMessagePostSchema,
  prayerPostSchema,
  prayPostSchema,
} from '../../contract/prayer.ts';
import { requireMember, requireUser, membershipOf, type AuthUser } from '../auth/authenticate.ts';
import { invalidInput, langOf, problem } from '../auth/errors.ts';
import { accountSettings } from '../auth/settings.ts';
import type { ChangeFeed } from '../changes.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem } from '../http/errors.ts';
import { churchById } from '../http/church-scope.ts';
import { validate } from '../http/validate.ts';
import {
  createImageStore,
  ImageRejected,
  storedFileName,
  type ImageStore,
} from '../images/store.ts';
import { selectPrayers, PRAYER_MODULE } from './prayer.queries.ts';
import { toOwnPrayer, toPrayerMessage } from './prayer.serializers.ts';

export const PRAYER_IMAGE_PREFIX = '/api/v1/imagem/oracao/';
const imageFileParams = z.object({ file: storedFileName });

/** PostgreSQL text cannot hold NUL: such input is refused as bad input (400), not a failed query. */
function withoutNul<S extends z.ZodObject>(schema: S) {
  return schema.superRefine((value, ctx) => {
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
      if (typeof field === 'string' && field.includes('\u0000'))
        ctx.addIssue({ code: 'custom', path: [key], message: 'Invalid characters.' });
    }
  });
}
const postSchema = withoutNul(prayerPostSchema);
const messageSchema = withoutNul(prayerMessagePostSchema);

type Env = { Variables: { user: AuthUser } };

const fail = (c: Context, status: 403 | 404, key: PrayerMessageKey) =>
  new ApiProblem(status, prayerMessage(langOf(c), key));

/** A field error in the API's error format, in the request's language. */
function fieldProblem(status: 400 | 413 | 415, field: string, message: string): ApiProblem {
  return new ApiProblem(status, message, { [field]: [message] });
}

const imageTooLarge = (c: Context) =>
  problem(c, 413, 'image.size', { mb: PRAYER_IMAGE_MAX_BYTES / 1024 / 1024 }).message;

export function prayerActionRoutes(
  db: Database,
  changes: ChangeFeed,
  images: ImageStore = createImageStore(() => accountSettings().DATA_DIR),
) {
  const app = new Hono<Env>({ strict: false });
  /** spec §6: login first, so a visitor is asked to log in whatever they sent. */
  const signedIn = createMiddleware<Env>(async (c, next) => {
    c.set('user', await requireUser(db, c));
    await next();
  });

  /** The church when it is active and has the wall; otherwise spec §8's "no result found". */
  async function requireWallChurch(c: Context, churchId: number): Promise<void> {
    await churchById(db, c, churchId, {
      module: PRAYER_MODULE,
      notFoundMessage: 'prayer.notFound',
    });
  }

  /**
   * An active request the caller may act on: in an active church with the wall, where the caller is
   * an active member (otherwise 404, so ids of other churches reveal nothing); `published` also
   * requires it to be on the wall.
   */
  async function actionablePrayer(c: Context, user: AuthUser, id: number, published: boolean) {
    const [row] = await db
      .select({ prayer: t.prayers })
      .from(t.prayers)
      .where(
        and(
          eq(t.prayers.id, id),
          eq(t.prayers.active, true),
          published ? eq(t.prayers.publishOnWall, true) : undefined,
        ),
      );
    if (!row) throw fail(c, 404, 'prayer.notFound');
    await requireWallChurch(c, row.prayer.churchId);
    const membership = await membershipOf(db, user.userId, row.prayer.churchId);
    if (!membership?.active) throw fail(c, 404, 'prayer.notFound');
    return row.prayer;
  }

  /** The body of POST /oracao/: multipart or urlencoded (a form, maybe with an image) or JSON. */
  async function readPostBody(
    c: Context,
  ): Promise<{ fields: Record<string, unknown>; image: File | null }> {
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    const lang = langOf(c);
    if (
      type.startsWith('multipart/form-data') ||
      type.startsWith('application/x-www-form-urlencoded')
    ) {
      const limit = PRAYER_IMAGE_MAX_BYTES + 64 * 1024; // the image plus the text fields
      if (Number(c.req.header('content-length') ?? 0) > limit)
        throw fieldProblem(413, 'image', imageTooLarge(c));
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw new ApiProblem(400, prayerMessage(lang, 'prayer.sendFailed'));
      }
      const { image: part, ...fields } = form;
      if (part instanceof File) return { fields, image: part.size > 0 ? part : null };
      if (part === undefined || part === '') return { fields, image: null };
      throw fieldProblem(400, 'image', fieldMessage(lang, 'Invalid input.'));
    }
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      throw new ApiProblem(400, prayerMessage(lang, 'prayer.sendFailed'));
    }
    if (!json || typeof json !== 'object' || Array.isArray(json))
      throw new ApiProblem(400, prayerMessage(lang, 'prayer.sendFailed'));
    return { fields: json as Record<string, unknown>, image: null };
  }

  /** Checks the image by its content, resizes it and stores it; returns its public path. */
  async function storeImage(c: Context, churchId: number, file: File): Promise<string> {
    if (file.size > PRAYER_IMAGE_MAX_BYTES) throw fieldProblem(413, 'image', imageTooLarge(c));
    try {
      return await images.save('oracao', churchId, file);
    } catch (error) {
      if (error instanceof ImageRejected)
        throw fieldProblem(415, 'image', problem(c, 415, 'image.type').message);
      throw error;
    }
  }

  function ownRecord(churchId: number, where: ReturnType<typeof and>) {
    return selectPrayers(db, churchId).where(
      and(eq(t.prayers.churchId, churchId), eq(t.prayers.active, true), where),
    );
  }

  app.post('/oracao', signedIn, async (c) => {
    const lang = langOf(c);
    const { fields, image } = await readPostBody(c);
    const parsed = postSchema.safeParse(fields);
    if (!parsed.success) return invalidInput(c, parsed.error, fields);
    const body = parsed.data;
    await requireWallChurch(c, body.idIgreja);
    const { user } = await requireMember(db, c, body.idIgreja);
    if (body.idOracaoMotivo !== undefined) {
      const [reason] = await db
        .select({ id: t.prayerReasons.id })
        .from(t.prayerReasons)
        .where(
          and(
            eq(t.prayerReasons.id, body.idOracaoMotivo),
            eq(t.prayerReasons.churchId, body.idIgreja),
          ),
        );
      if (!reason)
        throw fieldProblem(400, 'idOracaoMotivo', fieldMessage(lang, 'Choose one of the reasons.'));
    }
    const imagePath = image ? await storeImage(c, body.idIgreja, image) : null;
    let id: number;
    try {
      const [row] = await db
        .insert(t.prayers)
        .values({
          churchId: body.idIgreja,
          userId: user.userId,
          reasonId: body.idOracaoMotivo ?? null,
          name: body.nome ?? null,
          message: body.mensagem,
          image: imagePath,
          publishOnWall: body.flagPublicarMural,
          wantsCall: body.flagReceberLigacao,
          wantsVisit: body.flagReceberVisita,
        })
        .returning({ id: t.prayers.id });
      id = row!.id;
    } catch (error) {
      await images.remove('oracao', imagePath);
      throw error;
    }
    changes.churchChanged(body.idIgreja);
    const [record] = await ownRecord(body.idIgreja, eq(t.prayers.id, id));
    const message = prayerMessage(
      lang,
      body.flagPublicarMural ? 'prayer.sent' : 'prayer.sentPrivate',
    );
    return c.json({ status: true as const, message, oracao: toOwnPrayer(record!) }, 201);
  });

  app.post('/oracao/mensagem', signedIn, validate('json', messageSchema), async (c) => {
    const user = c.get('user');
    const body = c.req.valid('json');
    const prayer = await actionablePrayer(c, user, body.idOracao, true);
    const [author] = await db
      .select({ firstName: t.users.firstName })
      .from(t.users)
      .where(eq(t.users.id, user.userId));
    const [row] = await db
      .insert(t.prayerMessages)
      .values({
        churchId: prayer.churchId,
        prayerId: prayer.id,
        userId: user.userId,
        name: author?.firstName ?? null,
        message: body.mensagem,
      })
      .returning();
    changes.churchChanged(prayer.churchId);
    return c.json(
      {
        status: true as const,
        message: prayerMessage(langOf(c), 'prayer.messageSent'),
        mensagem: toPrayerMessage(row!),
      },
      201,
    );
  });

  app.post('/oracao/orar', signedIn, validate('json', prayPostSchema), async (c) => {
    const user = c.get('user');
    const prayer = await actionablePrayer(c, user, c.req.valid('json').idOracao, true);
    // spec §3 Pray: one mark per user and request. The unique index settles concurrent clicks: the
    // loser's insert does nothing, so only a new mark increments the count, in the same transaction.
    const { count, counted } = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(t.prayerPrays)
        .values({ churchId: prayer.churchId, prayerId: prayer.id, userId: user.userId })
        .onConflictDoNothing()
        .returning({ id: t.prayerPrays.id });
      const [row] = inserted.length
        ? await tx
            .update(t.prayers)
            .set({ prayedCount: sql`${t.prayers.prayedCount} + 1` })
            .where(and(eq(t.prayers.id, prayer.id), eq(t.prayers.churchId, prayer.churchId)))
            .returning({ n: t.prayers.prayedCount })
        : await tx
            .select({ n: t.prayers.prayedCount })
            .from(t.prayers)
            .where(and(eq(t.prayers.id, prayer.id), eq(t.prayers.churchId, prayer.churchId)));
      return { count: row!.n, counted: inserted.length > 0 };
    });
    if (counted) changes.churchChanged(prayer.churchId);
    return c.json({ status: true as const, qtdeOrar: count, orou: true as const });
  });

  app.delete('/oracao/:id', signedIn, validate('param', prayerDeleteParams), async (c) => {
    const user = c.get('user');
    const prayer = await actionablePrayer(c, user, c.req.valid('param').id, false);
    if (prayer.userId !== user.userId) throw fail(c, 403, 'prayer.onlyAuthor');
    // Soft delete (spec §3 flagAtivo): the pastoral team keeps the record.
    await db
      .update(t.prayers)
      .set({ active: false })
      .where(
        and(
          eq(t.prayers.id, prayer.id),
          eq(t.prayers.churchId, prayer.churchId),
          eq(t.prayers.userId, user.userId),
        ),
      );
    changes.churchChanged(prayer.churchId);
    return c.json({ status: true as const, message: prayerMessage(langOf(c), 'prayer.deleted') });
  });

  app.get('/user/oracao', signedIn, validate('query', ownPrayersQuery), async (c) => {
    const churchId = c.req.valid('query').igreja;
    await requireWallChurch(c, churchId);
    const { user } = await requireMember(db, c, churchId);
    const rows = await ownRecord(churchId, eq(t.prayers.userId, user.userId)).orderBy(
      desc(t.prayers.createdAt),
      desc(t.prayers.id),
    );
    return c.json({ oracoes: rows.map(toOwnPrayer) });
  });

  app.get(
    '/user/oracao/:id',
    signedIn,
    validate('param', ownPrayerParams),
    validate('query', ownPrayersQuery),
    async (c) => {
      const churchId = c.req.valid('query').igreja;
      const id = c.req.valid('param').id;
      await requireWallChurch(c, churchId);
      const { user } = await requireMember(db, c, churchId);
      const [record] = await ownRecord(
        churchId,
        and(eq(t.prayers.id, id), eq(t.prayers.userId, user.userId)),
      );
      if (!record) throw fail(c, 404, 'prayer.notFound');
      const messages = await db
        .select()
        .from(t.prayerMessages)
        .where(
          and(
            eq(t.prayerMessages.churchId, churchId),
            eq(t.prayerMessages.prayerId, id),
            eq(t.prayerMessages.active, true),
          ),
        )
        .orderBy(asc(t.prayerMessages.createdAt), asc(t.prayerMessages.id));
      return c.json({ ...toOwnPrayer(record), mensagens: messages.map(toPrayerMessage) });
    },
  );

  // The request's image is public like the wall (an <img> sends no token); names are random.
  app.get('/imagem/oracao/:file', validate('param', imageFileParams), async (c) => {
    return images.send(c, 'oracao', c.req.valid('param').file);
  });

  return app;
}
