// Prayer wall, public side (spec §2 "/prayer", §7 "Prayer"): the wall list by reason, one request
// with its supportive messages, and the church's reasons. Only active requests the author chose to
// publish show (spec §3 flagPublicarMural, flagAtivo); a church without MOD_MURAL_ORACAO has no wall.
// Every query filters on the church of the route (DESIGN.md §2).
import { and, asc, count, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { prayerChurchParams, prayerIdParams, prayerListQuery } from '../../contract/prayer.ts';
import { validate } from '../http/validate.ts';
import type { Database } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import * as t from '../db/schema/index.ts';
import { churchBySlug } from '../http/church-scope.ts';
import { notFound } from '../http/errors.ts';
import type { ImageStore } from '../images/store.ts';
import type { ChangeFeed } from '../changes.ts';
import { createChangeFeed } from '../changes.ts';
import { prayerActionRoutes } from './prayer-actions.routes.ts';
import { PRAYER_MODULE, selectPrayers } from './prayer.queries.ts';
import { toPrayerItem, toPrayerMessage, type PrayerRecord } from './prayer.serializers.ts';

/** spec §8 "Prayer: no result found", in the request's language. */
const notFoundIn = () => notFound('prayer.notFound');

/** The church of the route, when it is active and has the prayer wall; otherwise spec §8's 404. */
async function wallChurchId(db: Database, c: Context, slug: string): Promise<number> {
  return (
    await churchBySlug(db, c, slug, { module: PRAYER_MODULE, notFoundMessage: 'prayer.notFound' })
  ).id;
}

const onWall = (churchId: number | Placeholder) =>
  and(
    eq(t.prayers.churchId, churchId),
    // As the partial index oracao_mural_idx spells them, so a kept (generic) plan can use it.
    sql`${t.prayers.publishOnWall} and ${t.prayers.active}`,
  );

/** The public wall plus the member's actions (prayer-actions.routes.ts), which announce their writes on `changes`. */
export function prayerRoutes(
  db: Database,
  changes: ChangeFeed = createChangeFeed(),
  images?: ImageStore,
) {
  const app = new Hono({ strict: false });
  app.route('/', prayerActionRoutes(db, changes, images));

  app.get('/igreja/:slug/oracao-motivo', validate('param', prayerChurchParams), async (c) => {
    const churchId = await wallChurchId(db, c, c.req.valid('param').slug);
    const rows = await prepared(db, 'prayer.reasons', (name) =>
      db
        .select({ id: t.prayerReasons.id, nome: t.prayerReasons.name })
        .from(t.prayerReasons)
        .where(eq(t.prayerReasons.churchId, sql.placeholder('churchId')))
        .orderBy(asc(t.prayerReasons.position), asc(t.prayerReasons.name))
        .prepare(name),
    ).execute({ churchId });
    return c.json({ motivos: rows });
  });

  app.get(
    '/oracao/:slug',
    validate('param', prayerChurchParams),
    validate('query', prayerListQuery),
    async (c) => {
      const query = c.req.valid('query');
      const churchId = await wallChurchId(db, c, c.req.valid('param').slug);
      // Built once per shape (server/db/prepared.ts): the wall, or the wall of one reason.
      const p = sql.placeholder;
      const shape = query.motivo !== undefined ? 'reason' : 'all';
      const where = () =>
        and(
          onWall(p('churchId')),
          shape === 'reason' ? eq(t.prayers.reasonId, p('reason')) : undefined,
        );
      const values = {
        churchId,
        reason: query.motivo,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      };
      const [rows, [total]] = await Promise.all([
        prepared(db, `prayer.wall.${shape}`, (name) =>
          selectPrayers(db, p('churchId'))
            .where(where())
            .orderBy(desc(t.prayers.createdAt), desc(t.prayers.id))
            .limit(p('limit'))
            .offset(p('offset'))
            .prepare(name),
        ).execute(values),
        prepared(db, `prayer.wall-count.${shape}`, (name) =>
          db.select({ n: count() }).from(t.prayers).where(where()).prepare(name),
        ).execute(values),
      ]);
      return c.json({
        oracoes: rows.map((r: PrayerRecord) => toPrayerItem(r)),
        total: Number(total?.n ?? 0),
        page: query.page,
        limit: query.limit,
      });
    },
  );

  app.get('/oracao/:slug/:id', validate('param', prayerIdParams), async (c) => {
    const { slug, id } = c.req.valid('param');
    const churchId = await wallChurchId(db, c, slug);
    const [row] = await selectPrayers(db, churchId).where(
      and(onWall(churchId), eq(t.prayers.id, id)),
    );
    if (!row) throw notFoundIn();
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
    return c.json({ ...toPrayerItem(row), mensagens: messages.map(toPrayerMessage) });
  });

  return app;
}
