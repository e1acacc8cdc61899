// The route pattern of a request, for logs and metrics (docs/deploy.md "Metrics"): a bounded label
// such as `/api/v1/igreja/:slug` or `/news/[id]`, never the raw URL.
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';

const ROUTE = Symbol.for('church-web.route');
type Labelled = IncomingMessage & { [ROUTE]?: string };

/** Puts a label on the Node request (what server.ts logs and counts). */
export const setRouteLabel = (req: IncomingMessage, route: string) =>
  void ((req as Labelled)[ROUTE] = route);
export const routeLabelOf = (req: IncomingMessage): string | undefined => (req as Labelled)[ROUTE];

/** Hono middleware: after the answer, the pattern of the route that gave it goes on the Node request. */
export const apiRouteLabel = (): MiddlewareHandler => async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) setRouteLabel(incoming, routePath(c));
};

interface PageRoute {
  route: string;
  pattern: RegExp;
  /** Per segment: 2 static, 1 a parameter, 0 the rest; higher wins, first segment first. */
  rank: number[];
}

/**
 * The site's page routes, read once from the built server entry (Astro's serialized manifest
 * lists every route as `"route":"/news/[id]"`); a path becomes the route Astro would render.
 */
export function pageRouteLabeller(entryFile: string): (pathname: string, status: number) => string {
  let text = '';
  try {
    text = readFileSync(entryFile, 'utf8');
  } catch {
    /* no entry: every page is "page" */
  }
  const routes = new Map<string, PageRoute>();
  for (const [, route] of text.matchAll(/"route":"(\/[^"\\]*)"/g))
    if (!routes.has(route!)) routes.set(route!, compile(route!));
  const all = [...routes.values()];
  const byFirst = new Map<string, PageRoute[]>();
  const dynamicFirst: PageRoute[] = [];
  for (const r of all) {
    const first = r.route.split('/')[1] ?? '';
    if (first.includes('[')) dynamicFirst.push(r);
    else byFirst.set(first, [...(byFirst.get(first) ?? []), r]);
  }
  return (pathname, status) => {
    if (status === 404) return 'not-found';
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const first = path.split('/')[1] ?? '';
    let best: PageRoute | undefined;
    for (const r of [...(byFirst.get(first) ?? []), ...dynamicFirst])
      if (r.pattern.test(path) && (!best || outranks(r.rank, best.rank))) best = r;
    return best?.route ?? 'page';
  };
}

function compile(route: string): PageRoute {
  const segments = route.split('/').slice(1);
  const rank: number[] = [];
  const source = segments
    .map((segment) => {
      if (/^\[\.\.\.[^\]]+\]$/.test(segment)) {
        rank.push(0);
        return '(?:/.*)?';
      }
      rank.push(segment.includes('[') ? 1 : 2);
      const parts = segment.split(/(\[[^\]]+\])/).filter(Boolean);
      return `/${parts.map((p) => (p.startsWith('[') ? '[^/]+' : escape(p))).join('')}`;
    })
    .join('');
  return { route, pattern: new RegExp(`^${source || '/'}$`), rank };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function outranks(a: number[], b: number[]): boolean {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? -1;
    const y = b[i] ?? -1;
    if (x !== y) return x > y;
  }
  return false;
}
