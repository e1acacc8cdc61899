// sitemap.xml and robots.txt of a church host: the church's sections and items,
// each at the page that shows it, without the sections whose module the church lacks.
import type { SitemapEntry } from '../../contract/sitemap.ts';
import { isBuilt, moduleForPath } from './routes.ts';

/** Listing pages a visitor can reach without logging in. */
export const SECTION_PATHS = [
  '/',
  '/about',
  '/bible',
  '/event',
  '/news',
  '/devotionals',
  '/ministries',
  '/ebds',
  '/publication-types',
  '/publications',
  '/videos',
  '/podcast',
  '/studies',
  '/groups',
  '/prayer',
  '/give',
  '/live',
  '/play',
] as const;

export function itemPath(entry: SitemapEntry): string | null {
  switch (entry.tipo) {
    case 'noticia':
      return `/news/${entry.id}`;
    case 'devocional':
      return `/devotionals/${entry.id}`;
    case 'ministerio':
      return `/ministries/${entry.id}`;
    case 'projeto':
      return entry.idPai ? `/ministries/${entry.idPai}/projects/${entry.id}` : null;
    case 'ebd':
      return entry.slug ? `/ebds/${encodeURIComponent(entry.slug)}` : null;
    case 'publicacao':
      return entry.slug ? `/publications/${encodeURIComponent(entry.slug)}` : null;
    case 'estudo':
      return `/studies/${entry.id}`;
    case 'video':
      return `/videos/${entry.id}`;
    case 'evento':
      return `/event/${entry.id}`;
  }
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function buildSitemap(
  origin: string,
  modules: readonly string[],
  entries: readonly SitemapEntry[],
): string {
  const allowed = (path: string) => {
    const module = moduleForPath(path);
    return (!module || modules.includes(module)) && isBuilt(path);
  };
  const urls: string[] = [];
  for (const path of SECTION_PATHS)
    if (allowed(path)) urls.push(`<url><loc>${escapeXml(origin + path)}</loc></url>`);
  for (const entry of entries) {
    const path = itemPath(entry);
    if (path && allowed(path)) {
      urls.push(
        `<url><loc>${escapeXml(origin + path)}</loc><lastmod>${entry.atualizadoEm.slice(0, 10)}</lastmod></url>`,
      );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Guarded and per-user pages are not for crawlers. */
export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /user',
    'Disallow: /checkout',
    'Disallow: /access',
    'Disallow: /embed',
    'Disallow: /api/',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
