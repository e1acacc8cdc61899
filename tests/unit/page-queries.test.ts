// What an uncached page render costs the database (docs/performance.md "Statements per page"). The built site (DIST_DIR, default
// dist: `npm test` builds first) renders the main pages in-process on a seeded PGlite; each page
// has a ceiling of SQL statements, so an N+1 or an extra round trip per block fails here, and no
// page may send a write (a read path writes nothing). `PAGE_QUERIES=1` prints the counts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePages } from '../../bench/pages.ts';
import { SEARCH_COUNT_AHEAD } from '../../contract/content.ts';
import { setInProcessApi } from '../../contract/in-process.ts';
import { createApi } from '../../server/app.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { countQueries, isWriteStatement, type QueryStats } from '../../server/db/query-stats.ts';
import { keepsPlan, type QueryClient } from '../../server/db/pglite-fast.ts';
import { openTestDatabase } from '../../server/db/test-database.ts';
import { createPageCache } from '../../server/http/page-cache.ts';

const entry = path.resolve(process.env.DIST_DIR ?? 'dist', 'server/entry.mjs');
const built = existsSync(entry);

/** Statements per render, at most (church data already cached per host, as in steady state, and
 * handed to the in-process API: no church row is read). */
export const PAGE_QUERY_CEILINGS: Record<string, number> = {
  // a list's page carries its total (server/db/page-total.ts): one statement per list
  home: 4,
  news: 2,
  'news item': 1,
  events: 1,
  event: 1,
  devotionals: 2,
  videos: 2,
  prayer: 2,
  groups: 2,
  play: 8, // the settings call and the home's cards each read the church's visibility setting (one row by key)
};

type AstroHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

describe.skipIf(!built)('queries per page render (built site)', () => {
  let database: DatabaseHandle;
  let server: Server;
  let port: number;
  const seen = new Map<string, Promise<QueryStats>>();
  let probe = 0;

  beforeAll(async () => {
    process.env.IN_PROCESS_CHECK = '1'; // each in-process read is also checked against its JSON (src/lib/api.ts)
    database = await openTestDatabase('pglite');
    const api = createApi({ db: database.db });
    setInProcessApi((req) => api.fetch(req));
    const { handler } = (await import(/* @vite-ignore */ pathToFileURL(entry).href)) as {
      handler: AstroHandler;
    };
    // As server.ts serves pages, with nothing kept (PAGE_CACHE=false): every request renders.
    const pages = createPageCache(handler, { enabled: false });
    server = createServer((req, res) => {
      const done = countQueries(
        () =>
          new Promise<void>((resolve, reject) => {
            res.once('finish', resolve);
            pages.handle(req, res).catch(reject);
          }),
      ).then(({ stats }) => stats);
      seen.set(String(req.headers['x-probe']), done);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  }, 180_000);
  afterAll(async () => {
    delete process.env.IN_PROCESS_CHECK;
    setInProcessApi(undefined);
    await new Promise((r) => server?.close(r));
    await database?.close();
  });

  async function render(
    urlPath: string,
  ): Promise<{ status: number; html: string; stats: QueryStats }> {
    const id = String(++probe);
    const { status, html } = await new Promise<{ status: number; html: string }>(
      (resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: urlPath,
            headers: { host: 'graca.localhost', 'accept-language': 'pt-BR', 'x-probe': id },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, html: Buffer.concat(chunks).toString() }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    return { status, html, stats: await seen.get(id)! };
  }

  // Statements are kept prepared, and PostgreSQL then plans them once for any values (a generic
  // plan). A list must still read its partial index of active rows (migrations 0015, oracao_mural):
  // compared with a parameter (`flag_ativo = $3`) the index cannot be proven to apply, and a big
  // church's list sorted all its rows (the news list of 12,000 items: 1 ms -> 97 ms).
  it('lists read their partial index under a plan kept for any church', async () => {
    const db = database.db;
    const client = (db as unknown as { $client: QueryClient }).$client;
    const cases = [
      {
        path: '/news',
        list: /from "conteudo" where .* limit \$\d+ offset/,
        index: 'conteudo_publicado_idx',
      },
      {
        path: '/prayer',
        list: /from "oracao" left join .* limit \$\d+ offset/,
        index: 'oracao_mural_idx',
      },
    ];
    // Only an index in the list's order avoids sorting; the demo's tables are small enough to scan.
    const settings = ['enable_seqscan = off', 'enable_sort = off'];
    for (const setting of settings) await db.execute(sql.raw(`set ${setting}`));
    try {
      for (const c of cases) {
        const { stats } = await render(c.path);
        const list = stats.statements.find((s) => c.list.test(s));
        expect(list, `${c.path}: its list statement`).toBeDefined();
        // Its $1… stay unbound: a simple-protocol statement, PGlite's exec.
        const [plan] = await client.exec(`explain (generic_plan) ${list}`);
        const lines = (plan!.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']);
        expect(lines.join('\n'), c.path).toContain(c.index);
      }
    } finally {
      for (const setting of settings) await db.execute(sql.raw(`reset ${setting.split(' ')[0]}`));
    }
  });

  // A search counts the church's matching rows: without an index, a LIKE over every item of a big
  // church (12,000 news: 78 req/s); the trigram index finds them (migration 0017). A term too short
  // for trigrams must never reach that index under a kept plan: it would read all of it (50 ms).
  it('a search counts its matches through the trigram index, a short term never does', async () => {
    const client = (database.db as unknown as { $client: QueryClient }).$client;
    const counts: Record<string, string> = {};
    const pages: Record<string, string> = {};
    for (const term of ['culto', 'Oração', 'cu', 'fé e']) {
      const { status, stats } = await render(`/news?busca=${encodeURIComponent(term)}`);
      expect(status).toBe(200);
      const counting = stats.statements.find((s) =>
        /^select count\(\*\) from .*"conteudo"/.test(s),
      );
      expect(counting, `the count of "${term}"`).toBeDefined();
      counts[term] = counting!;
      pages[term] = stats.statements.find((s) => / limit \$\d+ offset/.test(s))!;
    }
    // Which index serves is the planner's choice by size (the demo's tables are tiny): with the
    // other indexes gone and scans discouraged, the count reads the trigram index if it can at all.
    const plans: Record<string, string> = {};
    await client.transaction(async (tx) => {
      await tx.exec(
        'drop index conteudo_lista_idx; drop index conteudo_publicado_idx; set local enable_seqscan = off',
      );
      for (const [term, statement] of Object.entries(counts)) {
        const [plan] = await tx.exec(`explain (generic_plan) ${statement}`);
        plans[term] = (plan!.rows as { 'QUERY PLAN': string }[])
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      }
      await tx.rollback();
    });
    // The term is looked up in the index (not only the church and kind, which a short term may use).
    const lookedUp = /Index Scan on conteudo_busca_idx[^]*Index Cond: .*busca_texto ~~/;
    // A trigram search's page is planned for its term each time: a kept plan would sort every
    // match to show 12 of a common term, which the list's index gives in order.
    expect(keepsPlan(pages['culto']!)).toBe(false);
    expect(keepsPlan(counts['culto']!)).toBe(true);
    expect(keepsPlan(pages['cu']!)).toBe(true);
    expect(plans['culto']).toMatch(lookedUp);
    expect(plans['Oração']).toMatch(lookedUp);
    expect(plans['cu']).not.toMatch(/busca_texto ~~/);
    expect(plans['fé e']).not.toMatch(/busca_texto ~~/);
    expect(await render('/news')).toMatchObject({ status: 200 }); // the indexes are back
  });

  it('a search with more matches than it counts says "more than", with a next page', async () => {
    const db = database.db;
    // More matches than a search counts (SEARCH_COUNT_AHEAD), in graca's news.
    await db.execute(sql`insert into conteudo (igreja_id, tipo, titulo)
      select i.id, 'noticia', 'Vigília de oração nº ' || g from igreja i, generate_series(1, ${SEARCH_COUNT_AHEAD + 5}) g
      where i.codigo = 'graca'`);
    try {
      const { status, html } = await render('/news?busca=vigilia');
      expect(status).toBe(200);
      expect(html).toContain(`Mais de ${SEARCH_COUNT_AHEAD} resultados para “vigilia”`);
      expect(html).toMatch(/<a class="pager-step next" href="\/news\?busca=vigilia&amp;page=2"/);
      const exact = await render('/news?busca=vigilia%20de%20oracao%20n%C2%BA%20205');
      expect(exact.html).toContain('1 resultado para “vigilia de oracao nº 205”');
    } finally {
      await db.execute(sql`delete from conteudo where titulo like 'Vigília de oração nº %'`);
    }
  });

  it('each main page stays under its ceiling and writes nothing', async () => {
    const pages = await resolvePages(
      async (urlPath) => (await render(urlPath)).html,
      Object.keys(PAGE_QUERY_CEILINGS),
    );
    expect(pages.map((p) => p.name).sort()).toEqual(Object.keys(PAGE_QUERY_CEILINGS).sort());
    await render('/'); // the church of the host is looked up once and cached (src/lib/tenancy.server.ts)
    const counts: Record<string, number> = {};
    const over: string[] = [];
    for (const { name, path: urlPath } of pages) {
      await render(urlPath); // warm: module caches, not the page (nothing here caches pages)
      const { status, stats } = await render(urlPath);
      expect(status, `${name} ${urlPath}`).toBe(200);
      expect(stats.statements.filter(isWriteStatement), `${name} writes`).toEqual([]);
      counts[name] = stats.statements.length;
      if (stats.statements.length > PAGE_QUERY_CEILINGS[name]!)
        over.push(
          `${name}: ${stats.statements.length} > ${PAGE_QUERY_CEILINGS[name]}\n  ${stats.statements.join('\n  ')}`,
        );
      if (process.env.PAGE_QUERIES)
        console.log(
          `${name.padEnd(12)} ${String(stats.statements.length).padStart(3)}  ${process.env.PAGE_QUERIES === 'sql' ? `\n  ${stats.statements.join('\n  ')}` : ''}`,
        );
    }
    expect(over).toEqual([]);
    expect(Object.values(counts).every((n) => n > 0)).toBe(true); // the counter saw the renders
  }, 300_000);

  // What a render keeps must die young: V8 promotes what survives two young-generation collections,
  // and a pattern that kept each finished render alive until a full collection (a closure in a
  // per-request context, in Astro's slotted components and in the page cache's capture) made every
  // render pay to copy what it kept, twice (docs/performance.md "Renders without the cache, a ninth
  // time"). The old generation's growth over renders, after two young collections, is that cost.
  it('a finished render keeps nothing past young-generation collections', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
    const oldBytes = () =>
      v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;
    const perRender = async (page: string, renders: number) => {
      for (let i = 0; i < 50; i++) await render(page); // compiled, caches warm
      gc();
      const before = oldBytes();
      for (let i = 0; i < renders; i++) await render(page);
      gc({ type: 'minor' });
      gc({ type: 'minor' });
      return (oldBytes() - before) / renders;
    };
    const about = await perRender('/about', 300);
    if (process.env.PAGE_QUERIES) console.log('old-generation bytes per /about render', about);
    expect(about).toBeLessThan(2048); // 26 kB a render before
  }, 120_000);

  // astro.config.mjs requestsWithoutSignal: no abort wiring per render (docs/performance.md "Renders
  // without the cache, a seventh time").
  it("builds a page's Request without an abort signal", () => {
    const code = readFileSync(entry, 'utf8');
    expect(code).toContain('function createRequestFromNodeRequest');
    expect(code).not.toContain('signal: controller.signal');
    expect(code).not.toContain('wireAbortController(req, controller)');
  });

  // scripts/astro-shared-getters.mjs: no getter written per request in Astro's request state, no
  // per-request prototype for a component's `Astro` (docs/performance.md "Renders without the cache,
  // an eighth time").
  it("builds Astro's request state with getters written once", () => {
    const code = readFileSync(entry, 'utf8');
    expect(code).toContain('const Astro = new AstroGlobal(astroPagePartial, props);');
    expect(code).not.toContain('Object.create(astroPagePartial)');
    expect(code).toMatch(/Object\.defineProperty\(this, key, \{\s*get: slotPresent,/);
    for (const perRequest of [
      /get locals\(\) \{\s*return (self|state)\.locals;/,
      /get headers\(\) \{\s*return headers;/,
      /get cookies\(\) \{\s*return state\.cookies;/,
      /get callAction\(\) \{\s*return callAction;/,
      /get: \(\) => state\.resolve\(key\)/,
    ])
      expect(code).not.toMatch(perRequest);
  });

  // astro.config.mjs keptPageModules, rememberedRouteMatches and pagesSentWhole (the same section): no
  // `import()` of the page per render, no walk over the routes for a path seen before, and a page
  // written with its own bytes, not read back through a stream.
  it('keeps page modules and route matches, and sends a rendered page whole', () => {
    const code = readFileSync(entry, 'utf8');
    const chunks = path.join(path.dirname(entry), 'chunks');
    const all = [
      code,
      ...readdirSync(chunks).map((f) => readFileSync(path.join(chunks, f), 'utf8')),
    ];
    const bundle = all.join('\n');
    expect(bundle).toMatch(/keptPageModules\.get\(importComponentInstance\)/);
    expect(bundle).toMatch(/let known = rememberedRouteMatches\.get\(table\);/);
    expect(bundle).toContain('this.slotValues[name] = slotOnceThenAgain(value, slot, result);');
    expect(bundle).toMatch(/response\[Symbol\.for\("church-web\.astro-whole-body"\)\] = \{/);
    expect(code).toMatch(/const whole = source\[Symbol\.for\("church-web\.astro-whole-body"\)\];/);
  });

  // A tag held in a variable (`const Heading = level === 2 ? 'h2' : 'h3'`, then `<Heading>`) is
  // rendered by Astro as a framework component, asynchronously with its slots rendered apart (docs/performance.md
  // "Renders without the cache, a tenth time"): components write their tags.
  it('renders no HTML tag held in a variable', () => {
    const chunks = path.join(path.dirname(entry), 'chunks');
    const found: string[] = [];
    for (const file of readdirSync(chunks)) {
      const code = readFileSync(path.join(chunks, file), 'utf8');
      for (const [, name] of code.matchAll(/const ([A-Z]\w*) = [^;\n]*"[a-z][a-z0-9]*"[^;\n]*;/g))
        if (code.includes(`renderComponent($$result, "${name}", ${name},`))
          found.push(`${file}: ${name}`);
    }
    expect(found).toEqual([]);
  });
});
