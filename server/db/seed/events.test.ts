// The demo events' seats (docs/events.md "Demo data"): every seat a seeded ticket type counts as
// sold is an active registration, so the staff desk's totals, the check-in count and the public
// "seats left" all tell the same story.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client.ts';
import { openTestDatabase, testBackends } from '../test-database.ts';

describe.each(testBackends())('seeded events on %s', (backend) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
  }, 180_000);
  afterAll(() => database?.close());

  it('count as sold exactly the active registrations of each ticket type', async () => {
    type Row = {
      event: string;
      ticket: string;
      sold: number;
      stock: number;
      active: number;
      foreign: number;
    };
    const result = await database.db.execute(sql`
        select e.titulo as event, k.nome as ticket, k.vendidos as sold, k.estoque as stock,
          (select count(*) from inscricao r
            where r.ingresso_id = k.id and r.status in ('confirmada', 'pendente'))::int as active,
          (select count(*) from inscricao r
            where r.ingresso_id = k.id and r.igreja_id <> k.igreja_id)::int as foreign
        from evento_ingresso k join evento e on e.id = k.evento_id
        order by k.id`);
    const rows = (result as unknown as { rows: Row[] }).rows;
    expect(rows.length).toBeGreaterThan(10);
    const wrong = rows.filter((r) => Number(r.sold) !== Number(r.active) || Number(r.foreign) > 0);
    expect(wrong).toEqual([]);
    // The demo still shows sold-out and partly sold events.
    expect(rows.some((r) => r.sold > 0 && r.sold === r.stock)).toBe(true);
    expect(rows.some((r) => r.sold > 0 && r.sold < r.stock)).toBe(true);
  });

  it('collects for each paid event its seats times their price (every paid seat has its payment)', async () => {
    type Row = { event: string; expected: number; collected: number; unpaid: number };
    // what the registrations page shows: approved payments of the event against its seats' prices
    const result = await database.db.execute(sql`
        select e.titulo as event,
          (select coalesce(sum(k.valor_centavos), 0) from inscricao r
            join evento_ingresso k on k.id = r.ingresso_id
            where r.evento_id = e.id and r.status = 'confirmada')::int as expected,
          (select coalesce(sum(p.valor_total_centavos), 0) from pagamento p
            where p.evento_id = e.id and p.igreja_id = e.igreja_id and p.status = 'aprovado')::int
            as collected,
          (select count(*) from inscricao r join evento_ingresso k on k.id = r.ingresso_id
            where r.evento_id = e.id and k.valor_centavos > 0 and r.pagamento_id is null)::int
            as unpaid
        from evento e
        where exists (select 1 from evento_ingresso k where k.evento_id = e.id and k.valor_centavos > 0)
        order by e.id`);
    const rows = (result as unknown as { rows: Row[] }).rows;
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.filter((r) => Number(r.expected) > 0).length).toBeGreaterThan(5);
    const wrong = rows.filter(
      (r) => Number(r.expected) !== Number(r.collected) || Number(r.unpaid) > 0,
    );
    expect(wrong).toEqual([]);
  });
});
