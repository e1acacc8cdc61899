import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffPlanSchema } from '../../contract/reading-plans-staff.ts';
import * as t from '../db/schema/index.ts';
import { testBackends } from '../db/test-database.ts';
import { openWorshipWorld, type WorshipWorld } from '../praise/worship-staff.test-support.ts';
import { chaptersOf, referencesOf } from './reading-plans-staff.service.ts';

describe('day references (the one reference parser)', () => {
  it('reads chapters and ranges in the plan language and writes them back', () => {
    const passages = chaptersOf('Gn 1; Salmos 1-3\nJo 3', 'pt', 'x');
    expect(passages).toEqual([
      { livro: 'gen', capitulo: 1 },
      { livro: 'ps', capitulo: 1 },
      { livro: 'ps', capitulo: 2 },
      { livro: 'ps', capitulo: 3 },
      { livro: 'john', capitulo: 3 },
    ]);
    expect(referencesOf(passages, 'pt')).toBe('Gênesis 1; Salmos 1-3; João 3');
    for (const bad of ['Gn 51', 'Jo 3:16', 'Xyz 1', 'Gn', ';'])
      expect(() => chaptersOf(bad, 'pt', 'x')).toThrow();
  });
});

describe.each(testBackends())('staff reading plans on %s', (backend) => {
  let w: WorshipWorld;
  const planRows = async () => {
    const db = w.database.db;
    return {
      plans: await db
        .select()
        .from(t.readingPlans)
        .where(eq(t.readingPlans.churchId, w.graca))
        .orderBy(asc(t.readingPlans.id)),
      days: await db.$count(t.readingPlanDays),
    };
  };
  beforeAll(async () => {
    w = await openWorshipWorld(backend);
  }, 180_000);
  afterAll(() => w?.database.close());

  const input = {
    nome: 'Sermão do Monte',
    descricao: 'Três dias em Mateus',
    idioma: 'pt',
    dias: [
      { referencias: 'Mt 5', nota: 'As bem-aventuranças' },
      { referencias: 'Mateus 6' },
      { referencias: 'Mt 7; Sl 1' },
    ],
  };

  it('creates, edits and publishes a plan: admins and content editors only', async () => {
    const create = (token?: string) =>
      w.send('POST', '/admin/graca/plano-leitura', token, { json: input });
    await w.expectRefused(create, planRows, ['chat']);
    const made = await create(w.tokens.editor);
    expect(made.status).toBe(201);
    const plan = staffPlanSchema.parse(made.body);
    expect(plan).toMatchObject({ dias: 3, publicado: false });
    expect(plan.diasPlano[0]).toEqual({
      dia: 1,
      referencias: 'Mateus 5',
      nota: 'As bem-aventuranças',
    });
    expect(plan.diasPlano[2]!.referencias).toBe('Mateus 7; Salmos 1');

    // unpublished: members do not see it
    const publicList = async () =>
      (
        (await w.send('GET', '/igreja/graca/plano-leitura', undefined)).body.planos as {
          uuid: string;
        }[]
      ).map((p) => p.uuid);
    expect(await publicList()).not.toContain(plan.uuid);

    const bad = await w.send('PUT', `/admin/graca/plano-leitura/${plan.id}`, w.tokens.editor, {
      json: { ...input, dias: [{ referencias: 'Mt 5' }, { referencias: 'Mt 29' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('“Mt 29”');
    expect(bad.body.errors?.['dias.1.referencias']).toBeDefined();
    expect((await planRows()).plans.find((p) => p.id === plan.id)?.days).toBe(3);

    const edit = (token?: string) =>
      w.send('PUT', `/admin/graca/plano-leitura/${plan.id}`, token, {
        json: { ...input, dias: input.dias.slice(0, 2) },
      });
    await w.expectRefused(edit, planRows, ['chat']);
    expect((await edit(w.tokens.admin)).body).toMatchObject({ dias: 2 });

    const publish = (token?: string) =>
      w.send('PUT', `/admin/graca/plano-leitura/${plan.id}/publicacao`, token, {
        json: { publicado: true },
      });
    await w.expectRefused(publish, planRows, ['chat']);
    expect((await publish(w.tokens.editor)).body).toMatchObject({ publicado: true });
    expect(w.purged).toContain(w.graca);
    expect(await publicList()).toContain(plan.uuid);
    const unpublish = await w.send(
      'PUT',
      `/admin/graca/plano-leitura/${plan.id}/publicacao`,
      w.tokens.admin,
      {
        json: { publicado: false },
      },
    );
    expect(unpublish.body).toMatchObject({ publicado: false });
    expect(await publicList()).not.toContain(plan.uuid);

    expect(
      (await w.send('GET', `/admin/grace/plano-leitura/${plan.id}`, w.tokens.graceAdmin)).status,
    ).toBe(404);
  });
});
