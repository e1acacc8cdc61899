// Prayer wall, a member's actions (spec §7 "Prayer": POST /oracao/ (multipart), /oracao/mensagem/,
// /oracao/orar/, DELETE /oracao/{id}; §7 "Auth and user": GET /user/oracao?igreja=). Every call needs
// the bearer token of an active member of the request's church (spec §6); the church comes from the
// body's idIgreja / the query or from the request row, and every query filters on it (docs/architecture.md "Tenancy").
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { prayerMessage } from '../../contract/messages/prayer.ts';
import {
  PRAYER_IMAGE_MAX_BYTES,
  ownPrayerParams,
  ownPrayersQuery,
  prayerDeleteParams,
  prayerMessagePostSchema,
  prayerPostSchema,
  prayPostSchema,
} from '../../contract/prayer.ts';
import { requireUser, membershipOf, type AuthUser } from '../auth/authenticate.ts';
import { checkPrayerQuota, spendMemberWrite } from '../auth/member-quotas.ts';
import { accountSettings } from '../auth/settings.ts';
import { localFileStoreIn } from '../files/local.ts';
import type { ChangeFeed } from '../changes.ts';
import type { Database } from '../db/client.ts';
import { ApiProblem, fieldProblem, langOf } from '../http/errors.ts';
import { scopeOfChurch } from '../member/scope.ts';
import { invalidInput, validate } from '../http/validate.ts';
import {
  createImageStore,
  ImageRejected,
  storedFileName,
  type ImageStore,
} from '../images/store.ts';
import {
  activePrayer,
  addMessage,
  createPrayer,
  deletePrayer,
  ownPrayer,
  ownPrayers,
  ownPrayerWithMessages,
  pray,
  refuseUnknownReason,
} from './prayer-actions.service.ts';
import { PRAYER_MODULE } from './prayer.queries.ts';

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

const imageTooLarge = () =>
  fieldProblem(413, 'image', 'image.size', { mb: PRAYER_IMAGE_MAX_BYTES / 1024 / 1024 });

export function prayerActionRoutes(
  db: Database,
  changes: ChangeFeed,
  images: ImageStore = createImageStore(localFileStoreIn(() => accountSettings().DATA_DIR)),
) {
  const app = new Hono<Env>({ strict: false });
  const writes = { db, changes };
  /** spec §6: login first, so a visitor is asked to log in whatever they sent. */
  const signedIn = createMiddleware<Env>(async (c, next) => {
    c.set('user', await requireUser(db, c));
    await next();
  });

  /**
   * The church when it is active and has the wall (otherwise spec §8's "no result found") and the
   * signed-in caller; `member` also requires them to be its active member (403 otherwise).
   */
  const wallScope = (c: Context, churchId: number, caller: 'anyone' | 'member') =>
    scopeOfChurch(db, c, churchId, {
      module: PRAYER_MODULE,
      notFoundMessage: 'prayer.notFound',
      caller,
    });

  /**
   * An active request the caller may act on: in an active church with the wall, where the caller is
   * an active member (otherwise 404, so ids of other churches reveal nothing); `published` also
   * requires it to be on the wall.
   */
  async function actionablePrayer(c: Context<Env>, id: number, published: boolean) {
    const user = c.get('user');
    const prayer = await activePrayer(db, id, published);
    await wallScope(c, prayer.churchId, 'anyone');
    const membership = await membershipOf(db, user.userId, prayer.churchId);
    if (!membership?.active) throw new ApiProblem(404, 'prayer.notFound');
    return prayer;
  }

  /** The body of POST /oracao/: multipart or urlencoded (a form, maybe with an image) or JSON. */
  async function readPostBody(
    c: Context,
  ): Promise<{ fields: Record<string, unknown>; image: File | null }> {
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (
      type.startsWith('multipart/form-data') ||
      type.startsWith('application/x-www-form-urlencoded')
    ) {
      const limit = PRAYER_IMAGE_MAX_BYTES + 64 * 1024; // the image plus the text fields
      if (Number(c.req.header('content-length') ?? 0) > limit) throw imageTooLarge();
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw new ApiProblem(400, 'prayer.sendFailed');
      }
      const { image: part, ...fields } = form;
      if (part instanceof File) return { fields, image: part.size > 0 ? part : null };
      if (part === undefined || part === '') return { fields, image: null };
      throw fieldProblem(400, 'image', 'Invalid input.');
    }
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      throw new ApiProblem(400, 'prayer.sendFailed');
    }
    if (!json || typeof json !== 'object' || Array.isArray(json))
      throw new ApiProblem(400, 'prayer.sendFailed');
    return { fields: json as Record<string, unknown>, image: null };
  }

  /** Checks the image by its content, resizes it and stores it; returns its public path. */
  async function storeImage(churchId: number, file: File): Promise<string> {
    if (file.size > PRAYER_IMAGE_MAX_BYTES) throw imageTooLarge();
    try {
      return await images.save('oracao', churchId, file);
    } catch (error) {
      if (error instanceof ImageRejected) throw fieldProblem(415, 'image', 'image.type');
      throw error;
    }
  }

  app.post('/oracao', signedIn, async (c) => {
    const lang = langOf(c);
    const { fields, image } = await readPostBody(c);
    const parsed = postSchema.safeParse(fields);
    if (!parsed.success) return invalidInput(c, parsed.error, fields);
    const body = parsed.data;
    const user = (await wallScope(c, body.idIgreja, 'member')).user!;
    await spendMemberWrite(db, c, user.userId, 'prayer'); // per-member quotas (docs/security.md)
    await checkPrayerQuota(db, body.idIgreja, user.userId);
    await refuseUnknownReason(db, body.idIgreja, body.idOracaoMotivo);
    const imagePath = image ? await storeImage(body.idIgreja, image) : null;
    let id: number;
    try {
      id = await createPrayer(writes, user.userId, body, imagePath);
    } catch (error) {
      await images.remove('oracao', imagePath);
      throw error;
    }
    const oracao = await ownPrayer(db, body.idIgreja, id);
    const message = prayerMessage(
      lang,
      body.flagPublicarMural ? 'prayer.sent' : 'prayer.sentPrivate',
    );
    return c.json({ status: true as const, message, oracao }, 201);
  });

  app.post('/oracao/mensagem', signedIn, validate('json', messageSchema), async (c) => {
    const user = c.get('user');
    const body = c.req.valid('json');
    const prayer = await actionablePrayer(c, body.idOracao, true);
    await spendMemberWrite(db, c, user.userId, 'prayerMessage');
    const mensagem = await addMessage(writes, prayer, user.userId, body.mensagem);
    return c.json(
      {
        status: true as const,
        message: prayerMessage(langOf(c), 'prayer.messageSent'),
        mensagem,
      },
      201,
    );
  });

  app.post('/oracao/orar', signedIn, validate('json', prayPostSchema), async (c) => {
    const user = c.get('user');
    const prayer = await actionablePrayer(c, c.req.valid('json').idOracao, true);
    const { count } = await pray(writes, prayer, user.userId);
    return c.json({ status: true as const, qtdeOrar: count, orou: true as const });
  });

  app.delete('/oracao/:id', signedIn, validate('param', prayerDeleteParams), async (c) => {
    const user = c.get('user');
    const prayer = await actionablePrayer(c, c.req.valid('param').id, false);
    await deletePrayer(writes, prayer, user.userId);
    return c.json({ status: true as const, message: prayerMessage(langOf(c), 'prayer.deleted') });
  });

  app.get('/user/oracao', signedIn, validate('query', ownPrayersQuery), async (c) => {
    const churchId = c.req.valid('query').igreja;
    const user = (await wallScope(c, churchId, 'member')).user!;
    return c.json({ oracoes: await ownPrayers(db, churchId, user.userId) });
  });

  app.get(
    '/user/oracao/:id',
    signedIn,
    validate('param', ownPrayerParams),
    validate('query', ownPrayersQuery),
    async (c) => {
      const churchId = c.req.valid('query').igreja;
      const id = c.req.valid('param').id;
      const user = (await wallScope(c, churchId, 'member')).user!;
      return c.json(await ownPrayerWithMessages(db, churchId, user.userId, id));
    },
  );

  // The request's image is public like the wall (an <img> sends no token); names are random.
  app.get('/imagem/oracao/:file', validate('param', imageFileParams), async (c) => {
    return images.send(c, 'oracao', c.req.valid('param').file);
  });

  return app;
}
