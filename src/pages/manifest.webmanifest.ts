// /manifest.webmanifest: the church's installable web app (src/lib/web-app.ts), linked from
// every page's head; a host without a church has none.
import type { APIRoute } from 'astro';
import { shortHash, webAppManifest } from '../lib/web-app.ts';

export const GET: APIRoute = ({ locals, request }) => {
  const { church } = locals;
  if (!church) return new Response('Not found', { status: 404 });
  const body = JSON.stringify(webAppManifest(church));
  const etag = `"${shortHash(body)}-${body.length.toString(36)}"`;
  const headers = {
    'content-type': 'application/manifest+json; charset=utf-8',
    'cache-control': 'public, max-age=3600',
    etag,
  };
  if (request.headers.get('if-none-match') === etag)
    return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
};
