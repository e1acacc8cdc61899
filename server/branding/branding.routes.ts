// GET /igreja/{slug}/icone/{file}: the web app's icons; GET /podcast/anchor/{code}/capa.png: the
// podcast cover. Both are PNGs drawn from the church's logo (brand-image.ts), cached with ETags.
import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { appIconParams, type AppIconFile } from '../../contract/branding.ts';
import { podcastCodeParams } from '../../contract/content.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { churchById, churchBySlug } from '../http/church-scope.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { brandImage, initialsOf, type BrandImage, type BrandImageKind } from './brand-image.ts';

const ICON_KINDS: Record<AppIconFile, BrandImageKind> = {
  '192.png': 'icon-192',
  '512.png': 'icon-512',
  'maskable-512.png': 'maskable-512',
  'apple-touch-180.png': 'apple-touch-180',
};

/** A church's logo and colour as its visual settings and images hold them. */
async function brandOf(db: Database, churchId: number) {
  const [row] = await db
    .select({
      images: t.churches.images,
      colour: t.churchVisuals.appColor,
      logo: t.churchVisuals.logo,
    })
    .from(t.churches)
    .leftJoin(t.churchVisuals, eq(t.churchVisuals.churchId, t.churches.id))
    .where(eq(t.churches.id, churchId));
  return {
    // an icon-specific image first, then the logo of the visual settings, then the church's own
    icon: row?.images.icone ?? row?.logo ?? row?.images.logo ?? null,
    logo: row?.logo ?? row?.images.logo ?? null,
    colour: row?.colour ?? '#1f4e79',
  };
}

function sendPng(c: Context, image: BrandImage): Response {
  const headers = {
    'Content-Type': 'image/png',
    // the manifest's addresses carry a version of the logo and colour, so a day is safe
    'Cache-Control': 'public, max-age=86400',
    ETag: image.etag,
    'X-Content-Type-Options': 'nosniff',
  };
  if (c.req.header('if-none-match') === image.etag) return c.body(null, 304, headers);
  return c.body(new Uint8Array(image.png), 200, headers);
}

/** `fetchApi` reads an address of this API (an uploaded logo is served by it, whatever keeps the file). */
export function brandingRoutes(db: Database, fetchApi: (path: string) => Promise<Response>) {
  return new Hono({ strict: false })
    .get('/igreja/:slug/icone/:file', validate('param', appIconParams), async (c) => {
      const { slug, file } = c.req.valid('param');
      const church = await churchBySlug(db, c, slug);
      const brand = await brandOf(db, church.id);
      const image = await brandImage({
        kind: ICON_KINDS[file],
        source: brand.icon,
        background: brand.colour,
        initials: initialsOf(church.name),
        fetchApi,
      });
      return sendPng(c, image);
    })
    .get('/podcast/anchor/:code/capa.png', validate('param', podcastCodeParams), async (c) => {
      const [show] = await db
        .select({ churchId: t.podcasts.churchId, image: t.podcasts.image })
        .from(t.podcasts)
        .where(and(eq(t.podcasts.code, c.req.valid('param').code), eq(t.podcasts.active, true)));
      if (!show) throw notFound('api.podcastNotFound');
      const church = await churchById(db, c, show.churchId, {
        notFoundMessage: 'api.podcastNotFound',
      });
      const brand = await brandOf(db, church.id);
      // the show's own square art when the product serves it; otherwise the church's logo on its colour
      const own = show.image?.startsWith('/') && !show.image.startsWith('//') ? show.image : null;
      const image = await brandImage({
        kind: 'podcast-cover',
        source: own ?? brand.logo,
        cover: !!own,
        background: brand.colour,
        initials: initialsOf(church.name),
        fetchApi,
      });
      return sendPng(c, image);
    });
}
