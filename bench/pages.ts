// The main pages the speed work measures (docs/performance.md), shared by the render bench (bench/render.ts),
// the HTTP bench (bench/ssr.ts) and the query ceilings (tests/unit/page-queries.test.ts). Detail
// pages take the first item linked from their list, so any data set (demo or large) works.

export interface BenchPage {
  name: string;
  path: string;
}

type PageSpec = { name: string; path: string } | { name: string; from: string; link: RegExp };

export const MAIN_PAGES: readonly PageSpec[] = [
  { name: 'home', path: '/' },
  { name: 'news', path: '/news' },
  { name: 'news search', path: '/news?busca=culto' },
  { name: 'news p.500', path: '/news?page=500' },
  { name: 'news item', from: '/news', link: /href="(\/news\/\d+)"/ },
  { name: 'events', path: '/event' },
  { name: 'event', from: '/event', link: /href="(\/event\/\d+)"/ },
  { name: 'devotionals', path: '/devotionals' },
  { name: 'videos', path: '/videos' },
  { name: 'prayer', path: '/prayer' },
  { name: 'groups', path: '/groups' },
  { name: 'play', path: '/play' },
  { name: 'about', path: '/about' },
];

/** The pages with real paths; `html(path)` gets a page's HTML (to find the first item of a list). */
export async function resolvePages(
  html: (path: string) => Promise<string>,
  names?: readonly string[],
): Promise<BenchPage[]> {
  const pages: BenchPage[] = [];
  for (const spec of MAIN_PAGES) {
    if (names?.length && !names.includes(spec.name)) continue;
    if ('path' in spec) pages.push(spec);
    else {
      const found = spec.link.exec(await html(spec.from))?.[1];
      if (found) pages.push({ name: spec.name, path: found });
    }
  }
  return pages;
}
