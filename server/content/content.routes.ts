// Public reading content (docs/content.md): lists with category, search and paging, and details, for
// news, devotionals, ministries (+ projects), EBD, publications, studies, videos and podcasts.
// Each route finds its church through the scope (active, with the section's module) and calls
// content.service.ts, whose every query filters on that church.
import { Hono, type Context } from 'hono';
import {
  churchSlugParams,
  contentIdParams,
  contentListQuery,
  contentSlugParams,
  podcastCodeParams,
  podcastEpisodesQuery,
  projectParams,
  publicationListQuery,
} from '../../contract/content.ts';
import { authenticate } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import type { CategoryKind } from '../db/schema/content.ts';
import { memberOf, memberScope } from '../member/scope.ts';
import { validate } from '../http/validate.ts';
import * as content from './content.service.ts';
import type { MemberDeps } from '../member/deps.ts';

/** The church of the route (server/member/scope.ts): active, and with the section's module if it has one. */
const churchIdOf = (c: Context) => memberOf(c).church.id;

/** The module each section belongs to (routes.tsv); ministries, videos and podcasts need none. */
const NEWS = 'MOD_NOTICIA';
const DEVOTIONALS = 'MOD_DEVOCIONAL';
const EBD = 'MOD_EBD';
const PUBLICATIONS = 'MOD_PUBLICACAO';
const STUDIES = 'MOD_CELULA';

/** Path segment → category kind and module, for `GET /igreja/{slug}/{segment}-categoria/`. */
const CATEGORY_PATHS: Record<string, [CategoryKind, string | undefined]> = {
  noticia: ['noticia', NEWS],
  devocional: ['devocional', DEVOTIONALS],
  ministerio: ['ministerio', undefined],
  ebd: ['ebd', EBD],
  estudo: ['estudo', STUDIES],
  video: ['video', undefined],
  podcast: ['podcast', undefined],
};

export function contentRoutes({ db }: MemberDeps) {
  const app = new Hono({ strict: false });
  const scoped = (module?: string) => memberScope(db, { module });

  for (const [segment, [kind, module]] of Object.entries(CATEGORY_PATHS)) {
    app.get(
      `/igreja/:slug/${segment}-categoria`,
      validate('param', churchSlugParams),
      scoped(module),
      async (c) => {
        const churchId = churchIdOf(c);
        return c.json(await content.categoriesOf(db, churchId, kind));
      },
    );
  }

  // ---- news ----
  app.get(
    '/igreja/:slug/noticia',
    validate('param', churchSlugParams),
    validate('query', contentListQuery),
    scoped(NEWS),
    async (c) => {
      const query = c.req.valid('query');
      const churchId = churchIdOf(c);
      return c.json(await content.newsPage(db, churchId, query));
    },
  );
  app.get(
    '/igreja/:slug/noticia/:id',
    validate('param', contentIdParams),
    scoped(NEWS),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await content.newsItem(db, churchIdOf(c), id));
    },
  );

  // ---- devotionals ----
  app.get(
    '/igreja/:slug/devocional',
    validate('param', churchSlugParams),
    validate('query', contentListQuery),
    scoped(DEVOTIONALS),
    async (c) => {
      const query = c.req.valid('query');
      const churchId = churchIdOf(c);
      return c.json(await content.devotionalsPage(db, churchId, query));
    },
  );
  app.get(
    '/igreja/:slug/devocional/:id',
    validate('param', contentIdParams),
    scoped(DEVOTIONALS),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await content.devotionalItem(db, churchIdOf(c), id));
    },
  );

  // ---- ministries and their projects ----
  app.get(
    '/igreja/:slug/ministerio',
    validate('param', churchSlugParams),
    validate('query', contentListQuery),
    scoped(),
    async (c) => {
      const query = c.req.valid('query');
      const churchId = churchIdOf(c);
      return c.json(await content.ministriesPage(db, churchId, query));
    },
  );
  app.get(
    '/igreja/:slug/ministerio/:id',
    validate('param', contentIdParams),
    scoped(),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await content.ministryDetail(db, churchIdOf(c), id));
    },
  );
  app.get(
    '/igreja/:slug/ministerio/:id/projeto/:projectId',
    validate('param', projectParams),
    scoped(),
    async (c) => {
      const { id, projectId } = c.req.valid('param');
      const churchId = churchIdOf(c);
      return c.json(await content.projectDetail(db, churchId, id, projectId));
    },
  );

  // ---- Sunday school ----
  app.get(
    '/igreja/:slug/ebd',
    validate('param', churchSlugParams),
    validate('query', contentListQuery),
    scoped(EBD),
    async (c) => {
      const query = c.req.valid('query');
      const churchId = churchIdOf(c);
      return c.json(await content.ebdPage(db, churchId, query));
    },
  );
  app.get(
    '/igreja/:slug/ebd/:itemSlug',
    validate('param', contentSlugParams),
    scoped(EBD),
    async (c) => {
      const { itemSlug } = c.req.valid('param');
      return c.json(await content.ebdItem(db, churchIdOf(c), itemSlug));
    },
  );

  // ---- publications ----
  app.get(
    '/igreja/:slug/publicacao-tipo',
    validate('param', churchSlugParams),
    scoped(PUBLICATIONS),
    async (c) => {
      const churchId = churchIdOf(c);
      return c.json(await content.publicationTypesOf(db, churchId));
    },
  );
  app.get(
    '/igreja/:slug/publicacao',
    validate('param', churchSlugParams),
    validate('query', publicationListQuery),
    scoped(PUBLICATIONS),
    async (c) => {
      const query = c.req.valid('query');
      const churchId = churchIdOf(c);
      return c.json(await content.publicationsPage(db, churchId, query));
    },
  );
  app.get(
    '/igreja/:slug/publicacao/:itemSlug',
    validate('param', contentSlugParams),
    scoped(PUBLICATIONS),
    async (c) => {
      const { itemSlug } = c.req.valid('param');
      const churchId = churchIdOf(c);
      return c.json(await content.publicationItem(db, churchId, itemSlug));
    },
  );

  studyAndMediaRoutes(app, db, scoped);
  return app;
}

/** Studies, videos and podcasts (kept apart so no function outgrows docs/architecture.md "Quality bars"). */
function studyAndMediaRoutes(
  app: Hono,
  db: Database,
  scoped: (module?: string) => ReturnType<typeof memberScope>,
) {
  // ---- studies (spec §7 "Groups and studies") ----
  app.get(
    '/igreja/:slug/configuracao-estudo',
    validate('param', churchSlugParams),
    scoped(STUDIES),
    async (c) => {
      const churchId = churchIdOf(c);
      return c.json(await content.studyConfigOf(db, churchId));
    },
  );
  app.get(
    '/igreja/:slug/estudo',
    validate('param', churchSlugParams),
    validate('query', contentListQuery),
    scoped(STUDIES),
    async (c) => {
      const query = c.req.valid('query');
      const churchId = churchIdOf(c);
      return c.json(await content.studiesPage(db, churchId, query));
    },
  );
  app.get(
    '/igreja/:slug/estudo/:id',
    validate('param', contentIdParams),
    scoped(STUDIES),
    async (c) => {
      const { id } = c.req.valid('param');
      const churchId = churchIdOf(c);
      // The caller is looked up only when the church's studies are not public.
      const readerId = async () => (await authenticate(db, c))?.userId ?? null;
      return c.json(await content.studyDetail(db, churchId, id, readerId));
    },
  );

  // ---- videos (spec §7: GET /video/{slug}) ----
  app.get(
    '/video/:slug',
    validate('param', churchSlugParams),
    validate('query', contentListQuery),
    scoped(),
    async (c) => {
      const query = c.req.valid('query');
      const churchId = churchIdOf(c);
      return c.json(await content.videosPage(db, churchId, query));
    },
  );
  app.get('/video/:slug/:id', validate('param', contentIdParams), scoped(), async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await content.videoItem(db, churchIdOf(c), id));
  });

  // ---- podcasts (spec §7: GET /podcast/anchor/{code}/?page&limit=10) ----
  app.get('/igreja/:slug/podcast', validate('param', churchSlugParams), scoped(), async (c) => {
    const churchId = churchIdOf(c);
    return c.json(await content.podcastsOf(db, churchId));
  });
  app.get(
    '/podcast/anchor/:code',
    validate('param', podcastCodeParams),
    validate('query', podcastEpisodesQuery),
    async (c) => {
      const query = c.req.valid('query');
      return c.json(await content.podcastEpisodesOf(db, c.req.valid('param').code, query));
    },
  );
}
