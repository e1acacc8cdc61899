// A read writes nothing (docs/performance.md). Every GET route of the v1 API is called with real demo ids,
// anonymously and as a member, and must send no statement that writes; on PGlite the calls run
// in a read-only session as well, so a write the counter missed fails too.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { countQueries, isWriteStatement } from '../db/query-stats.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { loginAs } from '../test-kit.ts';

type Row = Record<string, unknown>;

describe('statement classifier', () => {
  it('tells writes from reads', () => {
    for (const w of [
      'insert into x values (1)',
      ' UPDATE x set a = 1',
      'delete from x',
      'with y as (select 1) update x set a = 1',
      'select * from x for update',
      'select nextval($1)',
      'create table x ()',
    ])
      expect(isWriteStatement(w), w).toBe(true);
    for (const r of [
      'select "update" from x',
      'select count(*) from "inscricao" where "status" = $1',
      'with a as (select 1) select * from a',
    ])
      expect(isWriteStatement(r), r).toBe(false);
  });
});

describe.each(testBackends())('GET routes write nothing on %s', (backend) => {
  let database: DatabaseHandle;
  let api: ReturnType<typeof createApi>;
  let token: string;
  const values: Record<string, string> = {};

  const first = async (query: string): Promise<string> => {
    const rows = (await database.db.execute(sql.raw(query))) as unknown as { rows?: Row[] } | Row[];
    const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
    return String(Object.values(list[0] ?? { v: '1' })[0]);
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    token = (await loginAs(api, 'membro@graca.demo', DEMO_PASSWORD)).token;
    const church = `(select id from igreja where codigo = 'graca')`;
    const content = (kind: string, column = 'id') =>
      first(
        `select ${column} from conteudo where igreja_id = ${church} and tipo = '${kind}' order by id limit 1`,
      );
    Object.assign(values, {
      graca: await first(church.slice(1, -1)),
      member: await first(`select id from usuario where email = 'membro@graca.demo'`),
      noticia: await content('noticia'),
      devocional: await content('devocional'),
      ministerio: await first(
        `select ministerio_id from conteudo where igreja_id = ${church} and tipo = 'projeto' order by id limit 1`,
      ).catch(() => content('ministerio')),
      projeto: await content('projeto'),
      estudo: await content('estudo'),
      video: await content('video'),
      ebd: await content('ebd', 'slug'),
      publicacao: await content('publicacao', 'slug'),
      evento: await first(`select id from evento where igreja_id = ${church} order by id limit 1`),
      ingresso: await first(
        `select id from evento_ingresso where igreja_id = ${church} order by id limit 1`,
      ),
      celula: await first(`select id from celula where igreja_id = ${church} order by id limit 1`),
      reuniao: await first(`select id from celula_reuniao order by id limit 1`),
      oracao: await first(`select id from oracao where igreja_id = ${church} order by id limit 1`),
      louvor: await first(`select id from louvor where igreja_id = ${church} order by id limit 1`),
      nota: await first(`select id from nota_sermao order by id limit 1`),
      plano: await first(
        `select uuid from plano_leitura where igreja_id = ${church} order by id limit 1`,
      ).catch(() => '00000000-0000-0000-0000-000000000000'),
      pagamento: await first(`select codigo from pagamento order by id limit 1`),
    });
  }, 180_000);
  afterAll(() => database?.close());

  /** The route's path with each parameter replaced by a demo value that exists. */
  function fill(path: string): string {
    const v = values;
    return path.replace(/:(\w+)/g, (_m, name: string, offset: number) => {
      const before = path.slice(0, offset).split('/').filter(Boolean).at(-1) ?? '';
      switch (name) {
        case 'slug':
        case 'churchSlug':
        case 'code':
          return 'graca';
        case 'client':
          return v.graca!;
        case 'userId':
          return v.member!;
        case 'eventId':
          return v.evento!;
        case 'ticketId':
          return v.ingresso!;
        case 'projectId':
          return v.projeto!;
        case 'meetingId':
          return v.reuniao!;
        case 'codigo':
          return v.pagamento!;
        case 'uuid':
          return v.plano!;
        case 'dia':
        case 'capitulo':
          return '1';
        case 'versao':
          return 'kjv';
        case 'livro':
          return 'genesis';
        case 'itemSlug':
          return before === 'ebd' ? v.ebd! : v.publicacao!;
        case 'cep':
          return '01001000';
        case 'country':
          return 'US';
        case 'postcode':
          return '10001';
        case 'file':
          return 'nothing.jpg';
        case 'id': {
          const byResource: Record<string, string | undefined> = {
            user: v.member,
            usuario: v.member,
            igreja: v.graca,
            noticia: v.noticia,
            devocional: v.devocional,
            ministerio: v.ministerio,
            estudo: v.estudo,
            celula: v.celula,
            oracao: v.oracao,
            louvor: v.louvor,
            'nota-sermao': v.nota,
            evento: v.evento,
          };
          // /video/:slug/:id and /oracao/:slug/:id: the id follows the church slug
          const resource = before === 'graca' ? path.split('/').filter(Boolean).at(-3) : before;
          return (
            byResource[resource === 'video' ? 'video' : (resource ?? '')] ??
            (resource === 'video' ? v.video! : '1')
          );
        }
        default:
          return '1';
      }
    });
  }

  it('every GET route, anonymous and as a member, sends no write', async () => {
    const paths = [
      ...new Set(
        api.routes.filter((r) => r.method === 'GET' && !r.path.includes('*')).map((r) => r.path),
      ),
    ];
    expect(paths.length).toBeGreaterThan(60);
    // PGlite is one session: make it refuse any write, so a write the classifier missed fails too.
    if (backend === 'pglite')
      await database.db.execute(sql`set default_transaction_read_only = on`);
    const writes: string[] = [];
    const failures: string[] = [];
    let statements = 0;
    try {
      for (const path of paths) {
        for (const auth of [undefined, `Bearer ${token}`]) {
          // The first query string the route accepts (some need the church or an order code).
          let url = '';
          let res: Response | undefined;
          let stats = { statements: [] as string[], writes: 0 };
          const queries = [
            '',
            '?hostname=graca.localhost',
            `?igreja=${values.graca}`,
            `?cliente=${values.graca}`,
            `?pedido=${values.pagamento}`,
            `?igreja=${values.graca}&ano=2026`,
            `?usuario_email=membro@graca.demo&usuario_igreja=${values.graca}`,
            `?metodoPagamento=pix&valor=100&igreja=${values.graca}`,
          ];
          for (const query of queries) {
            url = `${fill(path)}${query}`;
            ({ result: res, stats } = await countQueries(() =>
              api.request(url, {
                headers: { 'accept-language': 'pt-BR', ...(auth ? { authorization: auth } : {}) },
              }),
            ));
            await res.arrayBuffer();
            for (const s of stats.statements.filter(isWriteStatement))
              writes.push(`${url}: ${s.slice(0, 120)}`);
            if (res.status !== 400) break;
          }
          if (!res) continue;
          statements += stats.statements.length;
          if (process.env.READ_ONLY_DEBUG)
            console.log(res.status, auth ? 'member' : 'anonymous', stats.statements.length, url);
          if (res.status >= 500)
            failures.push(`${url} ${auth ? 'member' : 'anonymous'}: ${res.status}`);
        }
      }
    } finally {
      if (backend === 'pglite')
        await database.db.execute(sql`set default_transaction_read_only = off`);
    }
    expect(statements).toBeGreaterThan(paths.length); // the counter saw the reads
    expect(writes).toEqual([]);
    expect(failures).toEqual([]);
  }, 300_000);

  it('the counter sees a write when there is one', async () => {
    const { stats } = await countQueries(() =>
      database.db.execute(sql`update igreja set nome = nome where id = ${Number(values.graca)}`),
    );
    expect(stats.writes).toBe(1);
  });
});
