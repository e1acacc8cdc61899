// The main pages the speed work measures (issue 14), with real ids from the database: the
// render bench (bench/render.ts), the HTTP bench (bench/ssr.ts) and the query ceilings
// (tests/unit/page-queries.test.ts) use the same list.
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client.ts';

export interface BenchPage {
  name: string;
  path: string;
}

async function first(db: Database, query: ReturnType<typeof sql>): Promise<string | null> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0];
  return row ? String(Object.values(row)[0]) : null;
}

/** home, lists and details of the church `code` (graca in the demo data). */
export async function mainPages(db: Database, code = 'graca'): Promise<BenchPage[]> {
  const church = sql`(select id from igreja where codigo = ${code})`;
  const newsId = await first(db, sql`select id from conteudo where igreja_id = ${church} and tipo = 'noticia' and flag_ativo order by publicado_em desc, id desc limit 1`);
  const eventId = await first(db, sql`select id from evento where igreja_id = ${church} and flag_ativo order by data_inicio, id limit 1`);
  const pages: (BenchPage | null)[] = [
    { name: 'home', path: '/' },
    { name: 'news', path: '/news' },
    { name: 'news search', path: '/news?busca=culto' },
    { name: 'news p.500', path: '/news?page=500' },
    newsId ? { name: 'news item', path: `/news/${newsId}` } : null,
    { name: 'events', path: '/event' },
    eventId ? { name: 'event', path: `/event/${eventId}` } : null,
    { name: 'devotionals', path: '/devotionals' },
    { name: 'videos', path: '/videos' },
    { name: 'prayer', path: '/prayer' },
    { name: 'groups', path: '/groups' },
    { name: 'play', path: '/play' },
    { name: 'about', path: '/about' },
  ];
  return pages.filter((p): p is BenchPage => p !== null);
}
