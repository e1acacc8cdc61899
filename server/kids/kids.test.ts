// Children's ministry check-in (docs/kids.md) on both databases: only the kids role and admins use
// it; rooms and sessions; a family found by phone, name (accents ignored) or card QR; two children
// checked in with one code and the right rooms; full rooms and double check-ins refused; pick-up
// only against the code (a wrong one refused and recorded, an override audited); paging a parent;
// the roster, attendance and CSV; the family's own view; and 4 stations checking in 200 children at
// once lose nothing and never share a code.
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KIDS_CODE_ALPHABET,
  kidsAttendanceSchema,
  kidsDaySchema,
  kidsDoorSchema,
  kidsFamiliesSchema,
  kidsLabelsSchema,
  kidsPrecheckinSchema,
  kidsRoomSchema,
  kidsRosterSchema,
  memberKidsCheckinsSchema,
  volunteerRoomsSchema,
} from '../../contract/kids.ts';
import { addDays, churchToday } from '../../common/time-zone.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import {
  comingSunday,
  KIDS_FAMILY_EMAIL,
  KIDS_FAMILY_PHONE,
  KIDS_STAFF_EMAIL,
} from '../db/seed/kids.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { apiClient, expectError, expectFieldError, loginAs } from '../test-kit.ts';
import { kidsCounts } from './kids-attendance.service.ts';
import { localNow } from './kids-precheckin.service.ts';
import { ageInMonths, schoolYear } from './kids-rules.ts';

type Who = 'kids' | 'admin' | 'editor' | 'finance' | 'member' | 'graceAdmin' | 'carla';
const ACCOUNTS: Record<Who, string> = {
  kids: KIDS_STAFF_EMAIL,
  admin: 'lider@graca.demo',
  editor: 'editor@graca.demo',
  finance: 'tesoureiro@graca.demo',
  member: 'membro@graca.demo',
  graceAdmin: 'admin@grace.demo',
  carla: KIDS_FAMILY_EMAIL,
};
const CODE = new RegExp(`^[${KIDS_CODE_ALPHABET}]{4}$`);

describe.each(testBackends())('children’s check-in on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, number>;
  const { call, get } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  const sunday = comingSunday();
  const post = (path: string, body: unknown, who: Who = 'kids') =>
    call('POST', `/admin/graca/kids/${path}`, { token: tokens[who], body });
  const read = (path: string, who: Who = 'kids') =>
    get(`/admin/graca/kids/${path}`, { token: tokens[who] });
  const audit = (action: string) =>
    db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.churchId, graca), eq(t.auditLog.action, action)));

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    const [row] = await db().select().from(t.churches).where(eq(t.churches.code, 'graca'));
    graca = row!.id;
    for (const [who, email] of Object.entries(ACCOUNTS) as [Who, string][]) {
      const session = await loginAs(api, email);
      tokens[who] = session.token;
      ids[who] = session.id;
    }
  }, 240_000);
  afterAll(() => database?.close());

  it('is for the kids role and admins only', async () => {
    for (const who of ['kids', 'admin'] as const)
      expect((await read('salas', who)).status, who).toBe(200);
    for (const who of ['editor', 'finance', 'member', 'graceAdmin'] as const)
      expect((await read('salas', who)).status, who).toBe(403);
    expect((await get('/admin/graca/kids/salas')).status).toBe(401);
    const before = await db().$count(t.kidsRooms);
    const body = { nome: 'X', idadeMinMeses: 0, idadeMaxMeses: 12, capacidade: 5, proporcao: 2 };
    expect((await post('salas', body, 'member')).status).toBe(403);
    expect(await db().$count(t.kidsRooms)).toBe(before);
  });

  it('keeps rooms with per-field messages, and sessions from the schedule', async () => {
    const bad = await post('salas', {
      nome: '',
      idadeMinMeses: 30,
      idadeMaxMeses: 12,
      capacidade: 0,
      proporcao: 2,
    });
    const error = expectFieldError(bad, 400, 'nome');
    expect(error.errors?.capacidade).toBeDefined();
    const made = await post('salas', {
      nome: 'Adolescentes',
      idadeMinMeses: 144,
      idadeMaxMeses: 179,
      capacidade: 30,
      proporcao: 10,
    });
    expect(made.status).toBe(201);
    const room = kidsRoomSchema.parse(made.body);
    const edited = await call('PUT', `/admin/graca/kids/salas/${room.id}`, {
      token: tokens.kids,
      body: { ...made.body, nome: 'Adolescentes 12+', ativo: true },
    });
    expect(kidsRoomSchema.parse(edited.body).nome).toBe('Adolescentes 12+');
    expect((await audit('kids.update')).map((a) => a.summary)).toContain('Adolescentes 12+');

    // the seed ran the coming Sunday's sessions; generating again adds the new room, keeps the rest
    const before = kidsDaySchema.parse((await read(`sessoes?data=${sunday}`)).body);
    expect(before.sessoes.length).toBeGreaterThan(0);
    const times = new Set(before.sessoes.map((s) => s.horario));
    const after = kidsDaySchema.parse((await post('sessoes/gerar', { data: sunday })).body);
    expect(after.sessoes.length).toBe(before.sessoes.length + times.size);
    expect(after.sessoes.filter((s) => s.sala.nome === 'Adolescentes 12+')).toHaveLength(
      times.size,
    );
    // a Tuesday has no service in graca's schedule
    const tuesday = new Date(`${sunday}T12:00:00Z`);
    tuesday.setUTCDate(tuesday.getUTCDate() + 2);
    expectError(
      await post('sessoes/gerar', { data: tuesday.toISOString().slice(0, 10) }),
      422,
      'staff.kids.noServices',
    );
  });

  it('finds a family by phone, name without accents, a child’s name or the member card QR', async () => {
    const find = async (busca: string) =>
      kidsFamiliesSchema
        .parse(
          (await read(`familias?busca=${encodeURIComponent(busca)}&data=${sunday}&horario=10:30`))
            .body,
        )
        .familias.map((f) => f.responsavel);
    expect(await find('(11) 98765-1234')).toContain('Carla Mendes');
    expect(await find(KIDS_FAMILY_PHONE.slice(-6))).toContain('Carla Mendes');
    expect(await find('CARLA mendes')).toContain('Carla Mendes');
    expect(await find('sofia')).toContain('Carla Mendes');
    expect(await find('zzzz-nobody')).toEqual([]);
    // a visitor family: "joao araujo" finds João Araújo
    const visitor = await post('visitantes', {
      responsavel: 'João Araújo',
      telefone: '+55 11 91234-0000',
      criancas: [{ nome: 'Miguel', sobrenome: 'Araújo', dataNascimento: '2020-02-02' }],
    });
    expect(visitor.status).toBe(201);
    expect(await find('joao araujo')).toEqual(['João Araújo']);
    expectFieldError(
      await post('visitantes', { responsavel: 'A', telefone: '12', criancas: [] }),
      400,
      'telefone',
    );
    // the member card's QR text: {church}:{number}:{card id}
    const [card] = await db()
      .insert(t.memberCards)
      .values({ churchId: graca, userId: ids.carla })
      .returning();
    expect(await find(`graca:1234:${card!.id}`)).toEqual(['Carla Mendes']);
    // another church's card finds nothing here
    const [grace] = await db().select().from(t.churches).where(eq(t.churches.code, 'grace'));
    const [other] = await db()
      .insert(t.memberCards)
      .values({ churchId: grace!.id, userId: ids.carla })
      .returning();
    expect(await find(`grace:1:${other!.id}`)).toEqual([]);
  });

  let labels: ReturnType<typeof kidsLabelsSchema.parse>;

  it('checks two children in with one code, each to the room their age fits', async () => {
    const [family] = kidsFamiliesSchema.parse(
      (await read(`familias?busca=carla&data=${sunday}&horario=10:30`)).body,
    ).familias;
    expect(family!.criancas.map((c) => c.nome)).toEqual(['Lucas Mendes', 'Sofia Mendes']);
    const answer = await post('checkin', {
      data: sunday,
      horario: '10:30',
      estacao: 'Entrada A',
      familia: family!.chave,
      criancas: family!.criancas.map((c) => ({ tipo: c.tipo, id: c.id })),
    });
    expect(answer.status).toBe(201);
    labels = kidsLabelsSchema.parse(answer.body);
    expect(labels.codigo).toMatch(CODE);
    expect(labels.responsavel).toBe('Carla Mendes');
    const rooms = kidsDaySchema
      .parse((await read(`sessoes?data=${sunday}`)).body)
      .sessoes.filter((s) => s.horario === '10:30');
    const roomFor = (birth: string) => {
      const months = ageInMonths(birth, sunday);
      return rooms
        .filter((s) => months >= s.idadeMinMeses && months <= s.idadeMaxMeses)
        .sort((a, b) => a.idadeMaxMeses - a.idadeMinMeses - (b.idadeMaxMeses - b.idadeMinMeses))[0]!
        .sala.nome;
    };
    expect(labels.etiquetas).toEqual([
      expect.objectContaining({
        nome: 'Lucas Mendes',
        sala: roomFor('2019-03-14'),
        observacoes: 'Alergia a leite',
      }),
      expect.objectContaining({ nome: 'Sofia Mendes', sala: roomFor('2023-06-01') }),
    ]);
    // the print page reads the same labels back; a reprint reads one child's
    const printed = kidsLabelsSchema.parse(
      (await read(`codigos/${labels.codigoId}/etiquetas`)).body,
    );
    expect(printed).toEqual(labels);
    const one = kidsLabelsSchema.parse(
      (await read(`codigos/${labels.codigoId}/etiquetas?crianca=${labels.etiquetas[1]!.checkinId}`))
        .body,
    );
    expect(one.etiquetas.map((e) => e.nome)).toEqual(['Sofia Mendes']);
    expect(one.codigo).toBe(labels.codigo);
    // twice at the same time is refused and adds nothing
    const count = await db().$count(t.kidsCheckins);
    expectError(
      await post('checkin', {
        data: sunday,
        horario: '10:30',
        familia: family!.chave,
        criancas: [{ tipo: 'm', id: family!.criancas[0]!.id }],
      }),
      409,
      'staff.kids.alreadyIn',
      'en',
      { name: 'Lucas Mendes' },
    );
    expect(await db().$count(t.kidsCheckins)).toBe(count);
    // another family's child cannot be ticked under this family
    const [ana] = await db()
      .select()
      .from(t.userChildren)
      .where(eq(t.userChildren.firstName, 'Ana'));
    expectError(
      await post('checkin', {
        data: sunday,
        horario: '18:00',
        familia: family!.chave,
        criancas: [{ tipo: 'm', id: ana!.id }],
      }),
      404,
      'staff.kids.childNotFound',
    );
  });

  it('refuses a full room with a clear message', async () => {
    const room = kidsRoomSchema.parse(
      (
        await post('salas', {
          nome: 'Sala pequena',
          idadeMinMeses: 0,
          idadeMaxMeses: 240,
          capacidade: 1,
          proporcao: 1,
        })
      ).body,
    );
    const day = kidsDaySchema.parse(
      (await post('sessoes', { salaId: room.id, data: sunday, horario: '06:15', titulo: 'Teste' }))
        .body,
    );
    const session = day.sessoes.find((s) => s.sala.id === room.id)!;
    const [family] = kidsFamiliesSchema.parse(
      (await read(`familias?busca=carla&data=${sunday}&horario=06:15`)).body,
    ).familias;
    expect(family!.criancas.every((c) => c.sessaoSugerida === session.id)).toBe(true);
    const refused = await post('checkin', {
      data: sunday,
      horario: '06:15',
      familia: family!.chave,
      criancas: family!.criancas.map((c) => ({ tipo: c.tipo, id: c.id })),
    });
    expectError(refused, 409, 'staff.kids.roomFull', 'en', {
      room: 'Sala pequena',
      capacity: '1',
    });
    expect(
      kidsDaySchema
        .parse((await read(`sessoes?data=${sunday}`)).body)
        .sessoes.find((s) => s.id === session.id)!.total,
    ).toBe(0);
  });

  it('lets a child leave only with the family’s code; a wrong one is refused and recorded', async () => {
    const [lucas, sofia] = labels.etiquetas;
    const wrong = labels.codigo === 'AAAA' ? 'CCCC' : 'AAAA';
    expectError(
      await post(`checkin/${lucas!.checkinId}/saida`, { codigo: wrong.toLowerCase() }),
      403,
      'staff.kids.wrongCode',
      'en',
      { code: wrong },
    );
    expect((await audit('kids.pickupRefused')).map((a) => a.targetId)).toEqual([
      String(lucas!.checkinId),
    ]);
    const [still] = await db()
      .select()
      .from(t.kidsCheckins)
      .where(eq(t.kidsCheckins.id, lucas!.checkinId));
    expect(still!.checkedOutAt).toBeNull();
    expectFieldError(await post(`checkin/${lucas!.checkinId}/saida`, {}), 400, 'codigo');
    const out = await post(`checkin/${lucas!.checkinId}/saida`, { codigo: labels.codigo });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ nome: 'Lucas Mendes', override: false });
    expectError(
      await post(`checkin/${lucas!.checkinId}/saida`, { codigo: labels.codigo }),
      409,
      'staff.kids.alreadyOut',
    );
    // staff override with a reason, audited
    const forced = await post(`checkin/${sofia!.checkinId}/saida`, {
      motivo: 'Tag lost; mother shown ID',
    });
    expect(forced.body).toMatchObject({ override: true });
    const [record] = await audit('kids.pickupOverride');
    expect(record!.summary).toContain('Tag lost');
    const [row] = await db()
      .select()
      .from(t.kidsCheckins)
      .where(eq(t.kidsCheckins.id, sofia!.checkinId));
    expect(row!.overrideReason).toBe('Tag lost; mother shown ID');
  });

  it('shows the roster allergies first, pages a parent and shows the code on the door screen', async () => {
    const [family] = kidsFamiliesSchema.parse(
      (await read(`familias?busca=carla&data=${sunday}&horario=18:00`)).body,
    ).familias;
    const lucas = family!.criancas.find((c) => c.nome === 'Lucas Mendes')!;
    const visitor = kidsFamiliesSchema.parse(
      (await read(`familias?busca=araujo&data=${sunday}&horario=18:00`)).body,
    ).familias[0]!;
    const miguel = visitor.criancas[0]!;
    // both into Lucas's room by hand (an override of Miguel's age)
    const sessionId = lucas.sessaoSugerida!;
    const inVisitor = kidsLabelsSchema.parse(
      (
        await post('checkin', {
          data: sunday,
          horario: '18:00',
          familia: visitor.chave,
          criancas: [{ tipo: 'v', id: miguel.id, sessaoId: sessionId }],
        })
      ).body,
    );
    const inLucas = kidsLabelsSchema.parse(
      (
        await post('checkin', {
          data: sunday,
          horario: '18:00',
          familia: family!.chave,
          criancas: [{ tipo: 'm', id: lucas.id }],
        })
      ).body,
    );
    expect(inLucas.codigo).not.toBe(inVisitor.codigo);
    const roster = kidsRosterSchema.parse((await read(`sessoes/${sessionId}/lista`)).body);
    expect(roster.criancas.map((c) => c.nome)).toEqual(['Lucas Mendes', 'Miguel Araújo']);
    expect(roster.criancas[0]!.observacoes).toBe('Alergia a leite');
    expect(roster.sessao.presentes).toBe(2);
    expect(roster.adultosNecessarios).toBe(Math.ceil(2 / roster.sessao.proporcao));

    const paged = await post(`checkin/${inLucas.etiquetas[0]!.checkinId}/chamar`, {});
    expect(paged.body).toEqual({ codigo: inLucas.codigo, notificado: true });
    const notices = await db()
      .select()
      .from(t.notifications)
      .where(
        and(eq(t.notifications.userId, ids.carla), eq(t.notifications.typeCode, 'KIDS_CHAMADA')),
      );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain(inLucas.codigo);
    // a visitor has no account: the door screen is the page
    expect((await post(`checkin/${inVisitor.etiquetas[0]!.checkinId}/chamar`, {})).body).toEqual({
      codigo: inVisitor.codigo,
      notificado: false,
    });
    const door = kidsDoorSchema.parse((await read(`porta?data=${sunday}`)).body);
    expect(door.chamados.map((c) => c.codigo).sort()).toEqual(
      [inLucas.codigo, inVisitor.codigo].sort(),
    );
  });

  it('reports attendance, first-time visitors and a CSV; the family sees its own check-ins', async () => {
    // Miguel came in at 19:05 on Sunday in Brasília (22:05 UTC): the CSV writes the church's time
    const [miguel] = await db()
      .select({ id: t.kidsCheckins.id })
      .from(t.kidsCheckins)
      .innerJoin(t.kidsVisitorChildren, eq(t.kidsVisitorChildren.id, t.kidsCheckins.visitorChildId))
      .where(
        and(eq(t.kidsCheckins.churchId, graca), eq(t.kidsVisitorChildren.firstName, 'Miguel')),
      );
    await db()
      .update(t.kidsCheckins)
      .set({ checkedInAt: new Date(`${sunday}T22:05:00Z`) })
      .where(eq(t.kidsCheckins.id, miguel!.id));
    const report = kidsAttendanceSchema.parse(
      (await read(`frequencia?de=${sunday}&ate=${sunday}`)).body,
    );
    const lucas = report.criancas.find((c) => c.nome === 'Lucas Mendes')!;
    expect(lucas.vezes).toBe(2);
    expect(report.visitantes.map((v) => v.responsavel)).toContain('João Araújo');
    expect(report.visitantes.find((v) => v.responsavel === 'João Araújo')!.criancas).toEqual([
      'Miguel Araújo',
    ]);
    const csv = await api.request(
      `/api/v1/admin/graca/kids/frequencia.csv?de=${sunday}&ate=${sunday}`,
      { headers: { authorization: `Bearer ${tokens.kids}` } },
    );
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    // graca writes pt: `;` and the header in Portuguese
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Data;Horário;Sala;Criança;Responsável;Visitante;Entrada;Saída',
    );
    expect(text).toContain('Miguel Araújo');
    expect(text.split('\r\n').find((l) => l.includes('Miguel Araújo'))).toMatch(/;Sim;19:05;/);
    expect(text).not.toContain(labels.codigo);

    // the staff dashboard's count: the kids role sees it, a content editor does not
    const atSunday = await kidsCounts(db(), graca, new Date(`${sunday}T12:00:00Z`));
    expect(atSunday.hoje).toBe(report.sessoes.reduce((n, s) => n + s.total, 0));
    expect(atSunday.semana).toBe(atSunday.hoje);
    // the church's days (docs/kids.md "Which clock"): 23:30 on Sunday in Brasília is 02:30 UTC on
    // Monday and still Sunday; 23:30 on Saturday (02:30 UTC on Sunday) is not Sunday yet
    const afterSunday = (hours: number) =>
      kidsCounts(db(), graca, new Date(Date.parse(`${sunday}T00:00:00Z`) + hours * 3_600_000));
    expect(await afterSunday(26.5)).toEqual(atSunday);
    expect((await afterSunday(2.5)).hoje).toBe(0);
    const panel = (await get('/admin/graca/painel', { token: tokens.kids })).body;
    expect(panel.atencao.criancas).toEqual(expect.objectContaining({ hoje: expect.any(Number) }));
    const editorPanel = (await get('/admin/graca/painel', { token: tokens.editor })).body;
    expect(editorPanel.atencao.criancas).toBeUndefined();

    const mine = memberKidsCheckinsSchema.parse(
      (await get(`/user/${ids.carla}/kids-checkins?cliente=${graca}`, { token: tokens.carla }))
        .body,
    );
    expect(mine.checkins.map((c) => c.crianca).sort()).toEqual(
      ['Lucas Mendes', 'Lucas Mendes', 'Sofia Mendes'].sort(),
    );
    expect(
      (await get(`/user/${ids.carla}/kids-checkins?cliente=${graca}`, { token: tokens.member }))
        .status,
    ).toBe(403);
  });

  it('counts days on the church’s clock: a family registered late on Sunday is Sunday’s, the default day is the church’s', async () => {
    // registered at 22:30 on Sunday in Brasília (01:30 UTC on Monday), never checked in
    const monday = addDays(sunday, 1);
    const [family] = await db()
      .insert(t.kidsVisitorFamilies)
      .values({
        churchId: graca,
        guardianName: 'Rita Noite',
        phone: '11955550000',
        createdAt: new Date(`${monday}T01:30:00Z`),
      })
      .returning({ id: t.kidsVisitorFamilies.id });
    const firstTime = async (day: string) =>
      kidsAttendanceSchema
        .parse((await read(`frequencia?de=${day}&ate=${day}`)).body)
        .visitantes.map((v) => v.responsavel);
    expect(await firstTime(sunday)).toContain('Rita Noite');
    expect(await firstTime(monday)).not.toContain('Rita Noite');
    await db().delete(t.kidsVisitorFamilies).where(eq(t.kidsVisitorFamilies.id, family!.id));
    // a page that sends no day gets the church's today, not UTC's
    const before = churchToday('America/Sao_Paulo');
    const shown = kidsDaySchema.parse((await read('sessoes')).body).data;
    expect([before, churchToday('America/Sao_Paulo')]).toContain(shown);
  });

  it('takes a station’s queued check-ins and pick-ups once, keeping its offline code unless taken', async () => {
    const room = kidsRoomSchema.parse(
      (
        await post('salas', {
          nome: 'Sala offline',
          idadeMinMeses: 0,
          idadeMaxMeses: 240,
          capacidade: 10,
          proporcao: 5,
        })
      ).body,
    );
    await post('sessoes', { salaId: room.id, data: sunday, horario: '07:45', titulo: 'Offline' });
    // the station's offline list: every family with children, with the slot's rooms suggested
    const list = kidsFamiliesSchema.parse(
      (await read(`familias/todas?data=${sunday}&horario=07:45`)).body,
    ).familias;
    const family = list.find((f) => f.responsavel === 'Carla Mendes')!;
    expect(list.length).toBeGreaterThan(1);
    const [lucas, sofia] = family.criancas;
    expect(lucas!.checkinId).toBeNull();
    const taken = await db()
      .select({ code: t.kidsCodes.code })
      .from(t.kidsCodes)
      .where(and(eq(t.kidsCodes.churchId, graca), eq(t.kidsCodes.day, sunday)));
    const free = [...KIDS_CODE_ALPHABET]
      .map((ch) => ch.repeat(4))
      .find((c) => !taken.some((r) => r.code === c))!;
    const queued = (clienteId: string, child: typeof lucas, codigo: string) =>
      post('checkin', {
        clienteId,
        codigo,
        data: sunday,
        horario: '07:45',
        estacao: 'Offline',
        familia: family.chave,
        criancas: [{ tipo: child!.tipo, id: child!.id }],
      });
    const first = kidsLabelsSchema.parse((await queued('station-a-0001', lucas, free)).body);
    expect(first).toMatchObject({ codigo: free });
    expect(first.codigoTrocado).toBeUndefined();
    // the answer was lost and the queue sends it again: the same check-in, nothing added
    const count = await db().$count(t.kidsCheckins);
    const again = await queued('station-a-0001', lucas, free);
    expect(kidsLabelsSchema.parse(again.body)).toMatchObject({ codigoId: first.codigoId });
    expect(await db().$count(t.kidsCheckins)).toBe(count);
    // another station printed a code another family holds today: a new code, flagged for a reprint
    const clash = kidsLabelsSchema.parse(
      (await queued('station-b-0001', sofia, labels.codigo)).body,
    );
    expect(clash.codigo).not.toBe(labels.codigo);
    expect(clash.codigoTrocado).toBe(true);
    // checked in elsewhere meanwhile: refused by name (the station's conflict report)
    expectError(await queued('station-c-0001', lucas, free), 409, 'staff.kids.alreadyIn', 'en', {
      name: 'Lucas Mendes',
    });
    // the offline list now holds the code, so a pick-up can be checked without the network
    const after = kidsFamiliesSchema
      .parse((await read(`familias/todas?data=${sunday}&horario=07:45`)).body)
      .familias.find((f) => f.chave === family.chave)!;
    expect(after.criancas.map((c) => c.codigo)).toEqual([free, clash.codigo]);
    // a pick-up queued for a child checked in offline too, sent twice: one pick-up
    const pickup = {
      clienteId: 'station-a-0002',
      checkinCliente: 'station-a-0001',
      crianca: { tipo: lucas!.tipo, id: lucas!.id },
      codigo: free,
    };
    const out = await post('saidas', pickup);
    expect(out.body).toMatchObject({ nome: 'Lucas Mendes', override: false });
    expect((await post('saidas', pickup)).body).toEqual(out.body);
    expect((await audit('kids.pickup')).filter((a) => a.summary === 'Lucas Mendes')).toHaveLength(
      2,
    );
    expectError(
      await post('saidas', { ...pickup, clienteId: 'station-b-0002' }),
      409,
      'staff.kids.alreadyOut',
    );
    expectFieldError(
      await post('saidas', { clienteId: 'station-a-0003', codigo: free }),
      400,
      'checkinId',
    );
  });

  it('places a child by school year in a room set by years, with per-field messages', async () => {
    const lucasYear = schoolYear('2019-03-14', sunday);
    const byYears = {
      nome: 'Ano do Lucas',
      anoEscolarMin: lucasYear,
      anoEscolarMax: lucasYear,
      capacidade: 20,
      proporcao: 8,
    };
    expectFieldError(await post('salas', { ...byYears, anoEscolarMax: '' }), 400, 'anoEscolarMax');
    const reversed = await post('salas', { ...byYears, anoEscolarMin: 3, anoEscolarMax: 1 });
    expectFieldError(reversed, 400, 'anoEscolarMax');
    expect(JSON.stringify(reversed.body)).toContain(
      'The last school year must be at least the first.',
    );
    expectFieldError(
      await post('salas', { ...byYears, anoEscolarMin: null, anoEscolarMax: null }),
      400,
      'idadeMinMeses',
    );
    const room = kidsRoomSchema.parse((await post('salas', byYears)).body);
    expect(room).toMatchObject({ anoEscolarMin: lucasYear, idadeMinMeses: 0, idadeMaxMeses: 240 });
    await post('sessoes', { salaId: room.id, data: sunday, horario: '08:15', titulo: 'Anos' });
    const [family] = kidsFamiliesSchema.parse(
      (await read(`familias?busca=carla&data=${sunday}&horario=08:15`)).body,
    ).familias;
    const [lucas, sofia] = family!.criancas;
    // Lucas (March 2019) is in the first years of school; Sofia (2023) is not, whatever her age
    expect(lucas!.anoEscolar).toBe(Number(sunday.slice(0, 4)) - 2019 - 6 + 1);
    expect(lucas!.sessaoSugerida).not.toBeNull();
    // born after 31 March: a year later in school
    expect(schoolYear('2019-04-01', sunday)).toBe(lucasYear - 1);
    expect(sofia!.sessaoSugerida).toBeNull();
  });

  it('a volunteer the rotas put in a room’s position sees that room’s roster only', async () => {
    const [team] = await db()
      .insert(t.teams)
      .values({ churchId: graca, name: 'Kids rooms test' })
      .returning();
    const [position] = await db()
      .insert(t.teamPositions)
      .values({ churchId: graca, teamId: team!.id, name: 'Room teacher' })
      .returning();
    const positions = (await read('posicoes')).body as { posicoes: { id: number }[] };
    expect(positions.posicoes.map((p) => p.id)).toContain(position!.id);
    const rooms = ['Sala do voluntário', 'Outra sala'].map((nome) => ({
      nome,
      idadeMinMeses: 0,
      idadeMaxMeses: 240,
      capacidade: 10,
      proporcao: 5,
    }));
    const [mine, other] = await Promise.all([
      post('salas', { ...rooms[0], posicaoId: position!.id }),
      post('salas', rooms[1]),
    ]).then((r) => r.map((x) => kidsRoomSchema.parse(x.body)));
    expect(mine!.posicaoId).toBe(position!.id);
    for (const room of [mine!, other!])
      await post('sessoes', {
        salaId: room.id,
        data: sunday,
        horario: '11:45',
        titulo: 'Voluntários',
      });
    const [plan] = await db()
      .insert(t.teamPlans)
      .values({
        churchId: graca,
        teamId: team!.id,
        title: 'Domingo',
        date: sunday,
        startTime: '11:45',
      })
      .returning();
    const [slot] = await db()
      .insert(t.planPositions)
      .values({ churchId: graca, planId: plan!.id, positionId: position!.id })
      .returning();
    await db().insert(t.assignments).values({
      churchId: graca,
      planId: plan!.id,
      planPositionId: slot!.id,
      userId: ids.member,
      date: sunday,
      startTime: '11:45',
      state: 'aceita',
    });
    const roomsOf = async (who: Who) =>
      volunteerRoomsSchema
        .parse(
          (
            await get(`/user/${ids[who]}/kids-rooms?cliente=${graca}&data=${sunday}`, {
              token: tokens[who],
            })
          ).body,
        )
        .salas.map((r) => r.sessao.sala.nome);
    expect(await roomsOf('member')).toEqual(['Sala do voluntário']);
    // not on the rota that day, or not themselves: nothing
    expect(await roomsOf('editor')).toEqual([]);
    expectError(
      await get(`/user/${ids.member}/kids-rooms?cliente=${graca}&data=${sunday}`, {
        token: tokens.editor,
      }),
      403,
    );
    // a room links only its own church's positions
    const [foreignTeam] = await db()
      .select()
      .from(t.teams)
      .where(ne(t.teams.churchId, graca))
      .limit(1);
    if (foreignTeam) {
      const [foreign] = await db()
        .insert(t.teamPositions)
        .values({ churchId: foreignTeam.churchId, teamId: foreignTeam.id, name: 'Elsewhere' })
        .returning();
      expectFieldError(
        await post('salas', { ...rooms[1], posicaoId: foreign!.id }),
        404,
        'posicaoId',
      );
    }
  });

  it('a parent pre-checks from the phone within the window; the station sees them arriving and confirms', async () => {
    // a phone whose clock reads 07:13, 30 minutes before a 07:43 service (the window opens 2 h before)
    const at = (hh: number, mm: number) => {
      const now = new Date();
      let fuso = hh * 60 + mm - (now.getUTCHours() * 60 + now.getUTCMinutes());
      if (fuso < -840) fuso += 1440;
      return fuso;
    };
    const fuso = at(7, 13);
    const day = localNow(fuso).day;
    const time = '07:43';
    const rooms = kidsRoomSchema.array().parse((await read('salas')).body.salas);
    for (const room of rooms.filter((r) => r.ativo))
      await post('sessoes', { salaId: room.id, data: day, horario: time, titulo: 'Culto cedo' });
    const me = `/user/${ids.carla}/kids-precheckin?cliente=${graca}`;
    const view = async () =>
      kidsPrecheckinSchema.parse((await get(`${me}&fuso=${fuso}`, { token: tokens.carla })).body);
    const service = (await view()).servicos.find((s) => s.horario === time)!;
    expect(service.aberto).toBe(true);
    expect(service.abre).toBe('05:43');
    expect(service.criancas.map((c) => c.nome)).toEqual(['Lucas Mendes', 'Sofia Mendes']);
    expect(service.criancas.every((c) => c.sala !== null && !c.checkin)).toBe(true);
    const kids = service.criancas.map((c) => c.id);
    const precheck = (body: unknown, who: Who = 'carla', church = graca) =>
      call('POST', `/user/${ids[who]}/kids-precheckin?cliente=${church}`, {
        token: tokens[who],
        body,
      });

    // outside the window: refused with when it opens
    expectError(
      await precheck({ fuso: at(5, 0), horario: time, criancas: kids }),
      422,
      'staff.kids.precheckinClosed',
      'en',
      { time, opens: '05:43', closes: '90' },
    );
    // only the member's own children, in a church they belong to, as themselves
    const [other] = await db()
      .insert(t.userChildren)
      .values({ userId: ids.member, churchId: graca, firstName: 'Outra', birthDate: '2020-01-01' })
      .returning();
    expectFieldError(
      await precheck({ fuso, horario: time, criancas: [kids[0], other!.id] }),
      404,
      'criancas',
    );
    const [grace] = await db().select().from(t.churches).where(eq(t.churches.code, 'grace'));
    expect(
      (
        await call('POST', `/user/${ids.carla}/kids-precheckin?cliente=${grace!.id}`, {
          token: tokens.carla,
          body: { fuso, horario: time, criancas: kids },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call('POST', `/user/${ids.carla}/kids-precheckin?cliente=${graca}`, {
          token: tokens.member,
          body: { fuso, horario: time, criancas: [other!.id] },
        })
      ).status,
    ).toBe(403);

    // pre-checked: a code, the places held, then cancelled before arriving
    const first = kidsLabelsSchema.parse(
      (await precheck({ fuso, horario: time, criancas: kids })).body,
    );
    expect(first.codigo).toMatch(CODE);
    // the family's codes of today (other tests checked Carla's children in at other times too)
    const codesAt = async () => (await view()).codigos.filter((c) => c.horario === time);
    expect(await codesAt()).toEqual([
      expect.objectContaining({ codigo: first.codigo, horario: time, chegando: true }),
    ]);
    expect(
      (
        await call(
          'DELETE',
          `/user/${ids.carla}/kids-precheckin/${first.codigoId}?cliente=${graca}`,
          {
            token: tokens.member,
          },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await call(
          'DELETE',
          `/user/${ids.carla}/kids-precheckin/${first.codigoId}?cliente=${graca}`,
          {
            token: tokens.carla,
          },
        )
      ).status,
    ).toBe(200);
    expect(await codesAt()).toEqual([]);
    expect(await audit('kids.precheckinCancel')).toHaveLength(1);

    const answer = await precheck({ fuso, horario: time, criancas: kids });
    expect(answer.status).toBe(201);
    const labels = kidsLabelsSchema.parse(answer.body);
    expect(labels.etiquetas).toHaveLength(2);
    expect((await audit('kids.precheckin')).length).toBe(2);
    // the station's codes of that day and the phone's never clash (one generator, one unique key)
    const station = await post('visitantes', {
      responsavel: 'Marta Visitante',
      telefone: '11 90000-7777',
      criancas: [{ nome: 'Tiago', dataNascimento: '2021-05-05' }],
    });
    const [tiago] = await db()
      .select()
      .from(t.kidsVisitorChildren)
      .where(eq(t.kidsVisitorChildren.familyId, Number(String(station.body.chave).slice(2))));
    const visitor = kidsLabelsSchema.parse(
      (
        await post('checkin', {
          data: day,
          horario: time,
          familia: station.body.chave,
          criancas: [{ tipo: 'v', id: tiago!.id }],
        })
      ).body,
    );
    const codes = await db()
      .select({ code: t.kidsCodes.code })
      .from(t.kidsCodes)
      .where(and(eq(t.kidsCodes.churchId, graca), eq(t.kidsCodes.day, day)));
    expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
    expect(visitor.codigo).not.toBe(labels.codigo);

    // the station finds the family arriving, with the phone's code; the room does not count them yet
    const [family] = kidsFamiliesSchema.parse(
      (await read(`familias?busca=${KIDS_FAMILY_PHONE}&data=${day}&horario=${time}`)).body,
    ).familias;
    expect(family!.criancas.map((c) => [c.chegando, c.codigoId])).toEqual([
      [true, labels.codigoId],
      [true, labels.codigoId],
    ]);
    const lucasIn = labels.etiquetas[0]!;
    const rosterOf = async () => {
      const sessions = kidsDaySchema
        .parse((await read(`sessoes?data=${day}`)).body)
        .sessoes.filter((s) => s.horario === time && s.sala.nome === lucasIn.sala);
      return kidsRosterSchema.parse((await read(`sessoes/${sessions[0]!.id}/lista`)).body);
    };
    let roster = await rosterOf();
    // the room counts only children in it (a visitor checked in at the station), not those arriving
    const inRoom = roster.sessao.presentes;
    const ours = labels.etiquetas.filter((e) => e.sala === lucasIn.sala).length;
    expect(inRoom).toBe(roster.criancas.filter((c) => !c.chegando && !c.saida).length);
    expect(roster.criancas.find((c) => c.checkinId === lucasIn.checkinId)!.chegando).toBe(true);
    expectError(
      await post(`checkin/${lucasIn.checkinId}/saida`, { codigo: labels.codigo }),
      409,
      'staff.kids.notArrived',
      'en',
      { name: lucasIn.nome },
    );

    // one press confirms the arrival and gives the labels with the same code
    const confirmed = await post(`codigos/${labels.codigoId}/chegada`, { estacao: 'Entrada A' });
    expect(confirmed.status).toBe(200);
    const printed = kidsLabelsSchema.parse(confirmed.body);
    expect(printed.codigo).toBe(labels.codigo);
    expect(printed.etiquetas.map((e) => e.nome)).toEqual(['Lucas Mendes', 'Sofia Mendes']);
    roster = await rosterOf();
    expect(roster.sessao.presentes).toBe(inRoom + ours);
    expect(roster.criancas.find((c) => c.checkinId === lucasIn.checkinId)!.chegando).toBe(false);
    expect(await audit('kids.arrived')).toHaveLength(1);
    expectError(
      await post(`codigos/${labels.codigoId}/chegada`, {}),
      409,
      'staff.kids.alreadyArrived',
    );
    expectError(
      await call(
        'DELETE',
        `/user/${ids.carla}/kids-precheckin/${labels.codigoId}?cliente=${graca}`,
        {
          token: tokens.carla,
        },
      ),
      409,
      'staff.kids.alreadyArrived',
    );
    expect((await codesAt())[0]).toMatchObject({ codigo: labels.codigo, chegando: false });

    // a wrong code the station refused offline is recorded when its queue is sent, once
    const before = (await audit('kids.pickupRefused')).length;
    const refusal = {
      clienteId: 'refusal-0001',
      checkinId: lucasIn.checkinId,
      codigo: 'ZZ99',
      estacao: 'Entrada B',
      em: new Date().toISOString(),
    };
    expect((await post('recusas', refusal)).status).toBe(200);
    expect((await post('recusas', refusal)).status).toBe(200);
    const refused = await audit('kids.pickupRefused');
    expect(refused).toHaveLength(before + 1);
    const record = refused.find((r) => r.details.clienteId === 'refusal-0001')!;
    expect(record).toMatchObject({
      userId: ids.kids,
      targetId: String(lucasIn.checkinId),
      details: { typed: 'ZZ99', offline: true, station: 'Entrada B', at: refusal.em },
    });
    expect((await post('recusas', refusal, 'editor')).status).toBe(403);
  });

  it('4 stations checking in 200 children at once lose nothing and never share a code', async () => {
    const room = kidsRoomSchema.parse(
      (
        await post('salas', {
          nome: 'Auditório',
          idadeMinMeses: 0,
          idadeMaxMeses: 240,
          capacidade: 500,
          proporcao: 10,
        })
      ).body,
    );
    await post('sessoes', { salaId: room.id, data: sunday, horario: '07:07', titulo: 'Carga' });
    const users = await db()
      .insert(t.users)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          email: `family${i}@kids.test`,
          passwordHash: 'x',
          firstName: `Família ${i}`,
        })),
      )
      .returning({ id: t.users.id });
    await db()
      .insert(t.churchUsers)
      .values(users.map((u) => ({ churchId: graca, userId: u.id })));
    const children = await db()
      .insert(t.userChildren)
      .values(
        users.map((u, i) => ({
          churchId: graca,
          userId: u.id,
          firstName: `Criança ${i}`,
          birthDate: '2020-01-01',
        })),
      )
      .returning();
    const stations = [0, 1, 2, 3].map(async (station) => {
      const answers = [];
      for (let i = station; i < children.length; i += 4) {
        const child = children[i]!;
        answers.push(
          await post('checkin', {
            data: sunday,
            horario: '07:07',
            estacao: `Estação ${station + 1}`,
            familia: `m:${child.userId}`,
            criancas: [{ tipo: 'm', id: child.id }],
          }),
        );
      }
      return answers;
    });
    const answers = (await Promise.all(stations)).flat();
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const codes = answers.map((a) => kidsLabelsSchema.parse(a.body).codigo);
    expect(new Set(codes).size).toBe(200);
    const rows = await db()
      .select()
      .from(t.kidsCheckins)
      .where(
        inArray(
          t.kidsCheckins.childId,
          children.map((c) => c.id),
        ),
      );
    expect(rows).toHaveLength(200);
    // every code of the day is unique in the database too, and the key refuses a copy
    const day = await db()
      .select()
      .from(t.kidsCodes)
      .where(and(eq(t.kidsCodes.churchId, graca), eq(t.kidsCodes.day, sunday)));
    expect(new Set(day.map((c) => c.code)).size).toBe(day.length);
    const copy = db().insert(t.kidsCodes).values({ churchId: graca, day: sunday, code: codes[0]! });
    await expect(copy).rejects.toSatisfy((e: unknown) => isUniqueViolation(e));
  }, 120_000);
});
