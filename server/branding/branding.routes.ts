// GET /igreja/{slug}/icone/{file}: the web app's icons; GET /podcast/anchor/{code}/capa.png: the
// podcast cover. Both are PNGs drawn from the church's logo (brand-image.ts), cached with ETags.
import { Hono, type Context } from 'hono';
import { appIconParams, type AppIconFile } from '../../contract/branding.ts';
import { podcastCodeParams } from '../../contract/content.ts';
import { memberOf, memberScope } from '../member/scope.ts';
import { validate } from '../http/validate.ts';
import { brandImage, initialsOf, type BrandImage, type BrandImageKind } from './brand-image.ts';
import { brandOf, podcastShow } from './branding.service.ts';
import type { MemberDeps } from '../member/deps.ts';

const ICON_KINDS: Record<AppIconFile, BrandImageKind> = {
  '192.png': 'icon-192',
  '512.png': 'icon-512',
  'maskable-512.png': 'maskable-512',
  'apple-touch-180.png': 'apple-touch-180',
};

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
export function brandingRoutes({ db }: MemberDeps, fetchApi: (path: string) => Promise<Response>) {
  return new Hono({ strict: false })
    .get(
      '/igreja/:slug/icone/:file',
      validate('param', appIconParams),
      memberScope(db),
      async (c) => {
        const { file } = c.req.valid('param');
        const { church } = memberOf(c);
        const brand = await brandOf(db, church.id);
        const image = await brandImage({
          kind: ICON_KINDS[file],
          source: brand.icon,
          background: brand.colour,
          initials: initialsOf(church.name),
          fetchApi,
        });
        return sendPng(c, image);
      },
    )
    .get('/podcast/anchor/:code/capa.png', validate('param', podcastCodeParams), async (c) => {
      const { image: art, church } = await podcastShow(db, c.req.valid('param').code);
      const brand = await brandOf(db, church.id);
      // the show's own square art when the product serves it; otherwise the church's logo on its colour
      const own = art?.startsWith('/') && !art.startsWith('//') ? art : null;
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
