import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/common.ts';
import { scheduleResponseSchema } from '../../contract/schedule.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';

describe.each(testBackends())('GET /igreja/{slug}/agenda/ on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  const client = apiClient(() => api);
  const get = async (path: string) => {
    const res = await client.get<unknown>(path);
    return { status: res.status, body: res.body };
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
  });
  afterAll(() => database.close());

  it('lists the week Monday to Sunday, each day by time, with live streams flagged', async () => {
    const { status, body } = await get('/igreja/graca/agenda/');
    expect(status).toBe(200);
    const { agenda } = scheduleResponseSchema.parse(body);
    expect(agenda.map((s) => `${s.diaSemana} ${s.horario}`)).toEqual([
      '1 07:00',
      '3 20:00',
      '5 20:00',
      '6 16:00',
      '7 09:00',
      '7 10:30',
      '7 18:00',
    ]);
    expect(agenda[0]).toMatchObject({
      titulo: 'Oração da manhã',
      local: 'Online',
      flagTransmissao: true,
    });
    expect(agenda.find((s) => s.titulo === 'Escola Bíblica Dominical')?.flagTransmissao).toBe(
      false,
    );
  });

  it('gives each church only its own services, in its language', async () => {
    const grace = scheduleResponseSchema.parse((await get('/igreja/grace/agenda')).body).agenda;
    expect(grace.map((s) => s.titulo)).toEqual([
      'Midweek Bible Study',
      'Youth Night',
      'Sunday School',
      'Morning Worship',
      'Evening Service',
    ]);
    const esperanza = scheduleResponseSchema.parse(
      (await get('/igreja/esperanza/agenda')).body,
    ).agenda;
    expect(esperanza.map((s) => s.titulo)).toEqual(['Reunión de oración', 'Culto dominical']);
    expect(
      scheduleResponseSchema.parse((await get('/igreja/graca-norte/agenda')).body).agenda,
    ).toEqual([]);
  });

  it('leaves out inactive services', async () => {
    const [church] = await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, 'graca-sul'));
    await database.db.insert(t.weeklyServices).values([
      { churchId: church!.id, weekday: 2, startTime: '19:00', title: 'Ativo', liveStream: false },
      { churchId: church!.id, weekday: 2, startTime: '20:00', title: 'Cancelado', active: false },
    ]);
    const agenda = scheduleResponseSchema.parse(
      (await get('/igreja/graca-sul/agenda')).body,
    ).agenda;
    expect(agenda.map((s) => s.titulo)).toEqual(['Ativo']);
  });

  it('an unknown church is a 404; a malformed slug a 400 naming it', async () => {
    const missing = await get('/igreja/nao-existe/agenda');
    expect(missing.status).toBe(404);
    expect(apiErrorSchema.parse(missing.body).status).toBe(false);
    const bad = await get('/igreja/N%C3%83O/agenda');
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).errors?.slug).toBeTruthy();
  });
});
