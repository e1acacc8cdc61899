// `npm run seed:large`: a network-sized database for the speed work (docs/performance.md "Large data"): the demo data plus
// 1,000 churches, 200,000 content items, 50,000 events (each with a ticket) and 100,000 members.
// Rows are made by the database itself (INSERT … SELECT generate_series: one statement per table),
// so it takes seconds on PostgreSQL and a few minutes on PGlite.
//   DATABASE_URL=postgres://… npm run seed:large     (PostgreSQL)
//   DATA_DIR=.data/large npm run seed:large           (PGlite in .data/large/pglite; default DATA_DIR=.data)
// LARGE_SCALE=0.1 makes a tenth of everything (quick checks). Running it again on a seeded database
// does nothing. The demo church `graca` gets 12,000 news items (a list 1,000+ pages deep) and 50
// events, so its pages (graca.localhost) show what a big church costs; the rest is spread evenly.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { parseConfig } from '../common/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedDemo } from '../server/db/seed/index.ts';

const scale = Number(process.env.LARGE_SCALE ?? 1);
if (!(scale > 0 && scale <= 1)) throw new Error('LARGE_SCALE must be in (0, 1]');
const n = (count: number) => Math.max(1, Math.round(count * scale));
const CHURCHES = n(1_000);
const GRACA_NEWS = n(12_000);
const CONTENT = n(200_000) - GRACA_NEWS;
const EVENTS = n(50_000);
const MEMBERS = n(100_000);

const config = parseConfig();
const location = config.DATABASE_URL ?? path.join(config.DATA_DIR, 'pglite');
const started = performance.now();
const database = await openDatabase(location);
const { db } = database;
type Executor = Pick<typeof db, 'execute'>;
let exec: Executor = db;
const step = async (label: string, statement: ReturnType<typeof sql>) => {
  const at = performance.now();
  await exec.execute(statement);
  console.log(`  ${label.padEnd(34)} ${((performance.now() - at) / 1000).toFixed(1)} s`);
};

try {
  await seedDemo(db);
  const done = (await db.execute(
    sql`select 1 from igreja where codigo = 'grande0001'`,
  )) as unknown as { rows: unknown[] };
  if (done.rows.length) {
    console.log(
      `${location.replace(/\/\/[^@]*@/, '//')}: already has the large data set; nothing to do.`,
    );
  } else {
    console.log(`Filling ${location.replace(/\/\/[^@]*@/, '//')} (scale ${scale}):`);
    // All or nothing: a run stopped half-way leaves no partial data set behind.
    await db.transaction(async (tx) => {
      exec = tx;
      const graca = sql`(select id from igreja where codigo = 'graca')`;
      await step(
        `${CHURCHES} churches`,
        sql`
      insert into igreja (slug, codigo, nome, idioma, cidade, estado, pais, descricao)
      select 'grande' || lpad(g::text, 4, '0'), 'grande' || lpad(g::text, 4, '0'), 'Igreja Grande ' || g, 'pt_BR',
             (array['São Paulo','Curitiba','Recife','Belo Horizonte','Porto Alegre'])[1 + g % 5], 'SP', 'BR', 'Uma igreja do conjunto grande de dados.'
      from generate_series(1, ${CHURCHES}) g`,
      );
      // One statement made them, so their ids are consecutive: church number g is first + g % count.
      const span = (await exec.execute(
        sql`select min(id)::int as first, count(*)::int as k, max(id)::int as last from igreja where codigo like 'grande%'`,
      )) as unknown as { rows: { first: number; k: number; last: number }[] };
      const { first, k, last } = span.rows[0]!;
      if (last - first + 1 !== k) throw new Error('the large churches do not have consecutive ids');
      const churchOf = (g: string) => `(${first} + (${g}) % ${k})`;
      await step(
        'their modules, look and menu (as graca)',
        sql`
      insert into igreja_modulo (igreja_id, modulo_codigo)
      select l.id, m.modulo_codigo from igreja l cross join igreja_modulo m where l.codigo like 'grande%' and m.igreja_id = ${graca}`,
      );
      await exec.execute(sql`
      insert into igreja_visual select (jsonb_populate_record(null::igreja_visual, to_jsonb(v) || jsonb_build_object('igreja_id', l.id))).*
      from igreja_visual v cross join (select id from igreja where codigo like 'grande%') l where v.igreja_id = ${graca}`);
      await exec.execute(sql`
      insert into igreja_app_menu (igreja_id, titulo, link, modulo_codigo, ordem, flag_ativo)
      select l.id, a.titulo, a.link, a.modulo_codigo, a.ordem, a.flag_ativo
      from igreja_app_menu a cross join (select id from igreja where codigo like 'grande%') l where a.igreja_id = ${graca}`);
      const body = `'<p>' || repeat('A palavra de Deus permanece para sempre, e a igreja se reúne para ouvir, orar e servir. ', 5) || '</p>'`;
      const words = `(array['Culto','Louvor','Missões','Jovens','Família','Oração','Batismo','Conferência','Retiro','Escola'])`;
      await step(
        `${GRACA_NEWS} news items of graca`,
        sql.raw(`
      insert into conteudo (igreja_id, tipo, slug, titulo, resumo, corpo, autor, publicado_em)
      select (select id from igreja where codigo = 'graca'), 'noticia', 'grande-noticia-' || g,
             ${words}[1 + g % 10] || ' ' || ${words}[1 + (g / 10) % 10] || ' nº ' || g, 'Resumo da notícia ' || g || '.', ${body}, 'Secretaria',
             now() - interval '1 year' - make_interval(mins => g)
      from generate_series(1, ${GRACA_NEWS}) g`),
      );
      await step(
        `${CONTENT} content items`,
        sql.raw(`
      insert into conteudo (igreja_id, tipo, slug, titulo, resumo, corpo, autor, publicado_em)
      select ${churchOf('g')}, (array['noticia','devocional','estudo','video','ministerio','ebd','publicacao','noticia'])[1 + g % 8], 'grande-' || g,
             ${words}[1 + g % 10] || ' ' || ${words}[1 + (g / 10) % 10] || ' nº ' || g, 'Resumo ' || g || '.', ${body}, 'Secretaria',
             now() - make_interval(mins => g)
      from generate_series(0, ${CONTENT - 1}) g`),
      );
      await step(
        `${EVENTS} events`,
        sql.raw(`
      insert into evento (igreja_id, titulo, descricao, local, endereco, data_inicio, data_fim)
      select case when g % ${k + 1} = ${k} then (select id from igreja where codigo = 'graca') else ${churchOf('g')} end, ${words}[1 + g % 10] || ' ' || g, 'Evento do conjunto grande de dados.', 'Templo', 'Rua Central, ' || g,
             date_trunc('hour', now()) + make_interval(days => (g % 400) - 200), date_trunc('hour', now()) + make_interval(days => (g % 400) - 200, hours => 3)
      from generate_series(0, ${EVENTS - 1}) g`),
      );
      await step(
        `${EVENTS} tickets`,
        sql`
      insert into evento_ingresso (igreja_id, evento_id, nome, valor_centavos, estoque)
      select e.igreja_id, e.id, 'Inteira', 5000, 100 from evento e join igreja i on i.id = e.igreja_id
      where i.codigo like 'grande%' or (i.codigo = 'graca' and e.descricao = 'Evento do conjunto grande de dados.')`,
      );
      await step(
        `${MEMBERS} members`,
        sql`
      insert into usuario (email, senha_hash, nome, sobrenome, flag_email_verificado)
      select 'membro' || g || '@grande.demo', (select senha_hash from usuario where email = 'membro@graca.demo'), 'Membro', 'Número ' || g, true
      from generate_series(1, ${MEMBERS}) g`,
      );
      await step(
        `${MEMBERS} memberships`,
        sql.raw(`
      insert into igreja_usuario (igreja_id, usuario_id)
      select ${churchOf('u.id')}, u.id from usuario u where u.email like '%@grande.demo'`),
      );
    });
    exec = db;
    // After a bulk load, as a DBA would: the visibility map lets index-only scans skip the table.
    await step('vacuum analyze', sql`vacuum analyze`);
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}
