import type { APIRoute } from 'astro';
import { sitemapResponseSchema } from '../../contract/sitemap.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed } from '../lib/api.ts';
import { buildSitemap } from '../lib/sitemap.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const church = locals.church;
  if (!church) return new Response('Not found', { status: 404 });
  const { itens } = await getParsed(
    serverApi(),
    `igreja/${encodeURIComponent(church.church.slug)}/sitemap/`,
    sitemapResponseSchema,
  );
  return new Response(buildSitemap(url.origin, church.modules, itens), {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
};
