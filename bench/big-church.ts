// A big church's staff data, made by the database (INSERT … SELECT generate_series, as
// scripts/seed-large.ts does): graca gets `people` members, `gifts` gifts of theirs over the last
// two years (one line each, one in twenty pending) and, when asked, one event with `registrations`
// registrations. Shared by bench/staff.ts and bench/staff-work.ts (docs/performance.md "Staff pages").
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client.ts';
import { rowsOf } from '../server/db/rows.ts';

export interface BigChurch {
  graca: number;
  /** The first of the added members' account ids (they are consecutive). */
  firstPerson: number;
  /** The event with the registrations (0 when none were asked for). */
  event: number;
}

export async function fillBigChurch(
  db: Database,
  size: { people: number; gifts: number; registrations: number },
  say: (line: string) => void = console.log,
): Promise<BigChurch> {
  const one = async <T>(statement: ReturnType<typeof sql>) =>
    (await rowsOf<T>(db.execute(statement)))[0]!;
  const { graca } = await one<{ graca: number }>(
    sql`select id as graca from igreja where codigo = 'graca'`,
  );
  const { reason, reasonName } = await one<{ reason: number; reasonName: string }>(
    sql`select id as reason, nome as "reasonName" from pagamento_motivo where igreja_id = ${graca} order by id limit 1`,
  );
  const step = async (label: string, statement: ReturnType<typeof sql>) => {
    const at = performance.now();
    await db.execute(statement);
    say(`  ${label.padEnd(32)} ${((performance.now() - at) / 1000).toFixed(1)} s`);
  };
  const { people, gifts, registrations } = size;
  const first = [
    'João',
    'Maria',
    'Ana',
    'José',
    'Antônio',
    'Francisca',
    'Pedro',
    'Luíza',
    'Ângela',
  ];
  const last = ['Silva', 'Conceição', 'Araújo', 'Gonçalves', 'Pereira', 'Ribeiro', 'Lima', 'Souza'];
  const pick = (list: string[], by: string) =>
    `(array[${list.map((w) => `'${w}'`).join(',')}])[1 + (${by}) % ${list.length}]`;
  await step(
    `${people} people`,
    sql.raw(`
  insert into usuario (email, senha_hash, nome, sobrenome, telefone, flag_email_verificado)
  select 'equipe.' || g || '@exemplo.com', 'x', ${pick(first, 'g')}, ${pick(last, 'g * 7')} || ' ' || ${pick(last, 'g * 3')},
         '(11) 9' || lpad((g % 10000)::text, 4, '0') || '-' || lpad(((g * 13) % 10000)::text, 4, '0'), true
  from generate_series(1, ${people}) g`),
  );
  await step(
    `${people} memberships`,
    sql`insert into igreja_usuario (igreja_id, usuario_id, numero_membro)
  select ${graca}, u.id, substr(u.email, 8, position('@' in u.email) - 8) from usuario u where u.email like 'equipe.%@exemplo.com'`,
  );
  const { firstPerson } = await one<{ firstPerson: number }>(
    sql`select min(id)::int as "firstPerson" from usuario where email like 'equipe.%@exemplo.com'`,
  );
  // Gift g belongs to person g % people, over the last two years (one every ~10 minutes).
  await step(
    `${gifts} gifts`,
    sql`insert into pagamento (igreja_id, usuario_id, codigo, tipo, metodo, status, valor_centavos, valor_total_centavos, moeda, valor_parcela_centavos, created_at, updated_at, pago_em)
  select ${graca}, ${firstPerson} + g % ${people}, 'BENCHDOA' || g, 'doacao',
         (array['pix','cartao','boleto'])[1 + g % 3], case when g % 20 = 0 then 'pendente' else 'aprovado' end,
         1000 + (g * 37) % 50000, 1000 + (g * 37) % 50000, 'BRL', 1000 + (g * 37) % 50000,
         now() - make_interval(mins => g * 10), now() - make_interval(mins => g * 10),
         case when g % 20 = 0 then null else now() - make_interval(mins => g * 10) end
  from generate_series(1, ${gifts}) g`,
  );
  await step(
    `${gifts} gift lines`,
    sql`insert into pagamento_item (igreja_id, pagamento_id, motivo_id, motivo_nome, valor_centavos)
  select ${graca}, p.id, ${reason}, ${reasonName}, p.valor_centavos from pagamento p where p.codigo like 'BENCHDOA%'`,
  );
  let event = 0;
  if (registrations > 0) {
    ({ event } = await one<{ event: number }>(
      sql`insert into evento (igreja_id, titulo, descricao, local, endereco, data_inicio, data_fim)
  values (${graca}, 'Conferência de bancada', 'O evento grande do bench.', 'Templo', 'Rua Central, 1',
          date_trunc('hour', now()) + interval '30 days', date_trunc('hour', now()) + interval '30 days 3 hours')
  returning id as event`,
    ));
    await db.execute(sql`insert into evento_ingresso (igreja_id, evento_id, nome, valor_centavos, estoque)
  values (${graca}, ${event}, 'Inteira', 0, ${registrations * 2}), (${graca}, ${event}, 'Meia', 0, ${registrations * 2})`);
    await step(
      `${registrations} registrations`,
      sql`insert into inscricao (igreja_id, evento_id, ingresso_id, usuario_id, status, nome_titular, email_titular, codigo, created_at)
  select ${graca}, ${event}, (select id from evento_ingresso where evento_id = ${event} order by id offset g % 2 limit 1),
         u.id, case when g % 25 = 0 then 'cancelada' when g % 10 = 0 then 'pendente' else 'confirmada' end,
         u.nome || ' ' || u.sobrenome, u.email, 'BENCHINS' || g, now() - make_interval(mins => g)
  from generate_series(1, ${registrations}) g join usuario u on u.id = ${firstPerson} + (g * 3) % ${people}`,
    );
  }
  await step('analyze', sql`analyze`);
  return { graca, firstPerson, event };
}
