import type { APIRoute } from 'astro';
import { buildRobots } from '../lib/sitemap.ts';

export const GET: APIRoute = ({ url }) =>
  new Response(buildRobots(url.origin), {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
