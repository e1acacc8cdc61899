// /page-script/<parts>.<hash>.js: the page's script file (src/layouts/page-script.ts). Its name
// changes with its text, so a browser keeps it for a year and every page after the first loads
// none of it again; an unknown name (an old build's, a made-up one) is a 404.
import type { APIRoute } from 'astro';
import { pageScriptNamed } from '../../layouts/page-script.ts';

export const GET: APIRoute = ({ params }) => {
  const text = pageScriptNamed(params.name ?? '');
  if (text === null) return new Response('Not found', { status: 404 });
  return new Response(text, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
    },
  });
};
