import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cancelResultSchema,
  checkinBatchResultSchema,
  checkinResultSchema,
  registrationsPageSchema,
  staffEventSchema,
  staffEventsPageSchema,
  type StaffEventInput,
} from '../../contract/events-staff.ts';
import { doorTeamSchema } from '../../contract/events-door.ts';
import { createApi, type Api } from '../app.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { orderCode } from '../payments/codes.ts';
import {
  apiClient,
  expectError,
  expectFieldError,
  loginAll,
  type ApiResponse,
} from '../test-kit.ts';

type Who = 'admin' | 'finance' | 'door' | 'editor' | 'member' | 'graceAdmin';
const ACCOUNTS: Record<Who, string> = {
  admin: 'lider@graca.demo',
  finance: 'ana.costa@graca.demo',
  door: 'carlos.mendes@graca.demo',
  editor: 'editor@graca.demo',
  member: 'membro@graca.demo',
  graceAdmin: 'admin@grace.demo',
};
const HOLDER = { cpfTitular: '529.982.247-25', dataNascimentoTitular: '1985-05-10' };

// One outbox folder for the file: the mailer reads DATA_DIR from the environment in tests.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'events-staff-'));
  process.env.DATA_DIR = dataDir;
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** The rows of a CSV as a spreadsheet reads them: quoted cells may hold the separator and "". */
function parseCsv(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted && ch === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === sep) {
      row.push(cell);
      cell = '';
    } else if (!quoted && ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  return rows;
}

const day = 24 * 3600 * 1000;
const future = (days: number) => new Date(Date.now() + days * day).toISOString();

function eventBody(over: Partial<StaffEventInput> = {}): StaffEventInput {
  return {
    titulo: 'Retiro de Jovens',
    descricao: 'Três dias na serra.',
    local: 'Sítio Esperança',
    endereco: 'Estrada do Sol, 100',
    mapaUrl: 'https://maps.example.com/?q=sitio',
    dataInicio: future(20),
    dataFim: future(22),
    fusoHorario: 'America/Sao_Paulo',
    moeda: 'BRL',
    qtdeMaxParcelas: 3,
    flagJuros: false,
    flagAssumirTaxasServico: true,
    diasPagamentoDinheiro: 3,
    metodosPagamento: ['cartao', 'pix'],
    ingressos: [
      {
        nome: 'Inteira',
        valor: 150,
        estoque: 10,
        limitePorUsuario: 4,
        perguntas: [{ titulo: 'Camiseta', tipo: 'select', obrigatorio: true, opcoes: ['P', 'M'] }],
      },
      { nome: 'Meia', valor: 75, estoque: 5 },
    ],
    ...over,
  };
}

describe.each(testBackends())('staff events desk on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  let grace: number;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, number>;
  const purged: number[] = [];
  const { call } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  const as = (who: Who | undefined) => (who ? tokens[who] : undefined);

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const changes = createChangeFeed();
    changes.onChurchChanged((id) => purged.push(id));
    api = createApi({ db: database.db, changes });
    const idOf = async (slug: string) =>
      (
        await db().select({ id: t.churches.id }).from(t.churches).where(eq(t.churches.slug, slug))
      )[0]!.id;
    [graca, grace] = [await idOf('graca'), await idOf('grace')];
    // The treasurer and the door volunteer: two graca members given the narrower roles.
    for (const [who, role] of [
      ['finance', 'ROLE_ADMIN_FINANCE'],
      ['door', 'ROLE_ADMIN_CHECKIN'],
    ] as const) {
      const [user] = await db().select().from(t.users).where(eq(t.users.email, ACCOUNTS[who]));
      await db()
        .update(t.churchUsers)
        .set({ roles: [role] })
        .where(and(eq(t.churchUsers.userId, user!.id), eq(t.churchUsers.churchId, graca)));
    }
    await loginAll(api, ACCOUNTS, { tokens, ids });
  }, 180_000);
  afterAll(() => database?.close());
  beforeEach(() => {
    purged.length = 0;
  });

  const auditCount = () => db().$count(t.auditLog);

  /** Everyone in `refused` gets 401 (visitor) or 403 and the state and the audit log are unchanged. */
  async function expectRefused(
    refused: (Who | undefined)[],
    run: (token?: string) => Promise<ApiResponse>,
    state: () => Promise<unknown>,
  ) {
    const before = await state();
    const audits = await auditCount();
    for (const who of refused) {
      const res = await run(as(who));
      expect(res.status, `${who ?? 'visitor'}: ${res.path}`).toBe(who ? 403 : 401);
    }
    expect(await state()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  }

  const eventState = (id?: number) => async () => ({
    events: await db().select().from(t.events).where(eq(t.events.churchId, graca)),
    tickets: id ? await db().select().from(t.tickets).where(eq(t.tickets.eventId, id)) : [],
  });

  async function createEvent(over: Partial<StaffEventInput> = {}) {
    const res = await call('POST', '/admin/graca/evento', {
      token: tokens.admin,
      body: eventBody(over),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return staffEventSchema.parse(res.body);
  }

  /** A registration written straight into the database (the checkout has its own tests). */
  async function register(
    eventId: number,
    ticketId: number,
    over: Partial<typeof t.registrations.$inferInsert> = {},
  ) {
    const [row] = await db()
      .insert(t.registrations)
      .values({
        churchId: graca,
        eventId,
        ticketId,
        userId: ids.member,
        status: 'confirmada',
        holderName: 'Maria Souza',
        code: orderCode('TK'),
        ...over,
      })
      .returning();
    if ((over.status ?? 'confirmada') !== 'cancelada')
      await db()
        .update(t.tickets)
        .set({ sold: sql`${t.tickets.sold} + 1` })
        .where(eq(t.tickets.id, ticketId));
    return row!;
  }

  // ---- events ----

  it('creates an event as a draft: only the admin may', async () => {
    const body = eventBody();
    await expectRefused(
      [undefined, 'member', 'editor', 'finance', 'door', 'graceAdmin'],
      (token) => call('POST', '/admin/graca/evento', { token, body }),
      eventState(),
    );
    const made = await createEvent();
    expect(made.publicado).toBe(false);
    expect(made.ingressos.map((k) => k.nome)).toEqual(['Inteira', 'Meia']);
    expect(made.ingressos[0]!.perguntas[0]).toMatchObject({ titulo: 'Camiseta', tipo: 'select' });
    expect(made.metodosPagamento).toEqual(['cartao', 'pix']);
    const [audit] = await db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'events.create'), eq(t.auditLog.targetId, String(made.id))));
    expect(audit?.userName).toBeTruthy();
    // A draft is not on the public pages until published.
    const pub = await call('GET', `/igreja/graca/evento/${made.id}`);
    expect(pub.status).toBe(404);
  });

  it('keeps a rich-text description sanitised, and a plain-text one with its line breaks', async () => {
    const made = await createEvent({
      descricao:
        '<h2>Programa</h2><p onclick="x()">Dia 1 &amp; 2<script>alert(1)</script></p>' +
        '<ul><li><a href="javascript:alert(1)">Inscrição</a></li></ul>',
    });
    // Stored and answered through the content sanitiser: no script, handler or javascript: link.
    expect(made.descricao).toBe(
      '<h2>Programa</h2><p>Dia 1 &amp; 2</p><ul><li><a>Inscrição</a></li></ul>',
    );
    await call('POST', `/admin/graca/evento/${made.id}/publicar`, { token: tokens.admin });
    const pub = await call('GET', `/igreja/graca/evento/${made.id}`);
    expect(pub.status).toBe(200);
    expect(pub.body.evento.descricaoHtml).toBe(made.descricao);
    expect(pub.body.evento.descricao).toBe('Programa\nDia 1 & 2\nInscrição');

    // A plain-text description (seed, imported calendars) keeps its paragraphs and line breaks.
    await db()
      .update(t.events)
      .set({ description: 'Linha 1\nLinha 2\n\n<b>Sem HTML</b>', descriptionFormat: 'texto' })
      .where(eq(t.events.id, made.id));
    const plain = (await call('GET', `/igreja/graca/evento/${made.id}`)).body.evento;
    expect(plain.descricaoHtml).toBe('<p>Linha 1<br>Linha 2</p><p>&lt;b&gt;Sem HTML&lt;/b&gt;</p>');
    expect(plain.descricao).toBe('Linha 1\nLinha 2\n\n<b>Sem HTML</b>');
    // The editor opens it as those paragraphs; saving turns it into rich text.
    const opened = staffEventSchema.parse(
      (await call('GET', `/admin/graca/evento/${made.id}`, { token: tokens.admin })).body,
    );
    expect(opened.descricao).toBe(plain.descricaoHtml);
    const [seeded] = await db()
      .select()
      .from(t.events)
      .where(and(eq(t.events.churchId, graca), eq(t.events.title, 'Conferência Graça 2026')));
    expect(seeded!.descriptionFormat).toBe('texto');
    const shown = (await call('GET', `/igreja/graca/evento/${seeded!.id}`)).body.evento;
    expect(shown.descricaoHtml).toBe(`<p>${seeded!.description}</p>`);
  });

  it('refuses invalid input with field messages in the caller’s language', async () => {
    const res = await call('POST', '/admin/graca/evento', {
      token: tokens.admin,
      lang: 'pt-BR',
      body: eventBody({
        dataFim: future(1),
        ingressos: [
          {
            nome: 'X',
            valor: -1,
            estoque: 2,
            perguntas: [{ titulo: 'Cor', tipo: 'select', opcoes: ['A'] }],
          },
        ],
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.dataFim).toEqual(['O fim precisa ser depois do início.']);
    expect(res.body.errors['ingressos.0.valor']).toEqual(['Informe um preço de 0 ou mais.']);
    expect(res.body.errors['ingressos.0.perguntas.0.opcoes']).toEqual([
      'Uma pergunta de lista precisa de pelo menos duas opções.',
    ]);
  });

  it('edits, publishes, unpublishes and duplicates: admin only, with the version checked', async () => {
    const made = await createEvent({ titulo: 'Culto de Páscoa' });
    const edit = (token?: string, over: Partial<StaffEventInput> = {}) =>
      call('PUT', `/admin/graca/evento/${made.id}`, {
        token,
        body: eventBody({
          titulo: 'Culto de Páscoa 2',
          versao: made.versao,
          ingressos: made.ingressos.map((k) => ({ ...k, estoque: k.estoque + 1 })),
          ...over,
        }),
      });
    const refusedRoles: (Who | undefined)[] = [
      undefined,
      'member',
      'editor',
      'finance',
      'door',
      'graceAdmin',
    ];
    await expectRefused(refusedRoles, (token) => edit(token), eventState(made.id));
    await expectRefused(
      refusedRoles,
      (token) => call('POST', `/admin/graca/evento/${made.id}/publicar`, { token }),
      eventState(made.id),
    );
    await expectRefused(
      refusedRoles,
      (token) => call('POST', `/admin/graca/evento/${made.id}/duplicar`, { token }),
      eventState(made.id),
    );

    const saved = await edit(tokens.admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = staffEventSchema.parse(saved.body);
    expect(after.titulo).toBe('Culto de Páscoa 2');
    expect(after.versao).toBe(made.versao + 1);
    expect(after.ingressos.map((k) => k.estoque)).toEqual([11, 6]);
    expect(purged).toContain(graca);
    // The same older copy again: refused, nothing saved.
    expectError(await edit(tokens.admin, { titulo: 'Stale' }), 409, 'staff.events.versionConflict');

    const published = await call('POST', `/admin/graca/evento/${made.id}/publicar`, {
      token: tokens.admin,
    });
    expect(staffEventSchema.parse(published.body).publicado).toBe(true);
    expect((await call('GET', `/igreja/graca/evento/${made.id}`)).status).toBe(200);
    await call('POST', `/admin/graca/evento/${made.id}/despublicar`, { token: tokens.admin });
    expect((await call('GET', `/igreja/graca/evento/${made.id}`)).status).toBe(404);

    const copy = await call('POST', `/admin/graca/evento/${made.id}/duplicar`, {
      token: tokens.admin,
    });
    expect(copy.status).toBe(201);
    const copied = staffEventSchema.parse(copy.body);
    expect(copied.titulo).toBe('Culto de Páscoa 2 (copy)');
    expect(copied.publicado).toBe(false);
    expect(copied.ingressos.every((k) => k.vendidos === 0)).toBe(true);

    // grace's admin cannot even read graca's event.
    expect(
      (await call('GET', `/admin/graca/evento/${made.id}`, { token: tokens.graceAdmin })).status,
    ).toBe(403);
    expect(
      (await call('GET', `/admin/grace/evento/${made.id}`, { token: tokens.graceAdmin })).status,
    ).toBe(404);
  });

  it('refuses a change that would break what was sold', async () => {
    const made = await createEvent({ titulo: 'Congresso' });
    const [full, half] = made.ingressos;
    await register(made.id, full!.id);
    await register(made.id, full!.id);
    const put = (ingressos: StaffEventInput['ingressos'], over: Partial<StaffEventInput> = {}) =>
      call('PUT', `/admin/graca/evento/${made.id}`, {
        token: tokens.admin,
        body: eventBody({ titulo: 'Congresso', ingressos, ...over }),
      });
    const before = await eventState(made.id)();
    const fewer = await put([{ ...full!, estoque: 1 }, half!]);
    expectError(fewer, 409, 'staff.events.stockBelowSold', 'en', { sold: 2 });
    expect(fewer.body.errors['ingressos.0.estoque']).toBeTruthy();
    expectError(await put([half!]), 409, 'staff.events.ticketHasBuyers', 'en', { name: 'Inteira' });
    expectError(
      await put([full!, half!], { moeda: 'USD' }),
      409,
      'staff.events.currencyLocked',
      'en',
      {
        currency: 'BRL',
      },
    );
    expect(await eventState(made.id)()).toEqual(before);
    // Removing the unsold type and keeping the sold one at its floor is fine.
    const ok = await put([{ ...full!, estoque: 2 }]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(
      staffEventSchema.parse(ok.body).ingressos.map((k) => [k.nome, k.estoque, k.vendidos]),
    ).toEqual([['Inteira', 2, 2]]);
  });

  it('lists events for every desk role, not for the content editor', async () => {
    for (const who of ['admin', 'finance', 'door'] as const) {
      const res = await call('GET', '/admin/graca/evento?busca=CONGRESSO', { token: tokens[who] });
      expect(res.status).toBe(200);
      const page = staffEventsPageSchema.parse(res.body);
      expect(
        page.eventos.find((e) => e.titulo === 'Congresso')?.vendidos,
        JSON.stringify(page),
      ).toBe(2);
    }
    expect((await call('GET', '/admin/graca/evento', { token: tokens.editor })).status).toBe(403);
    expect((await call('GET', '/admin/graca/evento')).status).toBe(401);
  });

  // ---- registrations ----

  it('lists registrations with filters and totals: admin and finance, nobody else', async () => {
    const made = await createEvent({ titulo: 'Acampamento' });
    const [full, half] = made.ingressos;
    const [payment] = await db()
      .insert(t.payments)
      .values({
        churchId: graca,
        userId: ids.member,
        code: orderCode('EV'),
        eventId: made.id,
        method: 'pix',
        status: 'aprovado',
        subtotalCents: 15000,
        totalCents: 15750,
        currency: 'BRL',
        installmentCents: 15750,
      })
      .returning();
    await register(made.id, full!.id, { paymentId: payment!.id, holderName: 'João Araújo' });
    await register(made.id, half!.id, { status: 'pendente', holderName: 'Zoë Ñuñez' });
    await register(made.id, half!.id, { status: 'cancelada', holderName: 'Pedro' });
    const url = `/admin/graca/evento/${made.id}/inscricao`;
    for (const who of ['editor', 'door', 'member', 'graceAdmin'] as const)
      expect((await call('GET', url, { token: tokens[who] })).status).toBe(403);
    const res = await call('GET', url, { token: tokens.finance });
    expect(res.status).toBe(200);
    const page = registrationsPageSchema.parse(res.body);
    expect(page.total).toBe(3);
    expect(page.totais).toMatchObject({
      vendidos: 2,
      confirmadas: 1,
      pendentes: 1,
      canceladas: 1,
      arrecadado: 157.5,
    });
    const search = registrationsPageSchema.parse(
      (await call('GET', `${url}?busca=araujo`, { token: tokens.admin })).body,
    );
    // the one search rule: a door volunteer types without accents or capitals
    const accented = registrationsPageSchema.parse(
      (await call('GET', `${url}?busca=ARAÚJO`, { token: tokens.admin })).body,
    );
    expect(search.total).toBeGreaterThanOrEqual(1);
    expect(accented.total).toBe(search.total);
    expect(
      registrationsPageSchema
        .parse((await call('GET', `${url}?busca=zoe%20nunez`, { token: tokens.admin })).body)
        .inscricoes.map((r) => r.nomeTitular),
    ).toEqual(['Zoë Ñuñez']);
    const byTicket = registrationsPageSchema.parse(
      (await call('GET', `${url}?ingresso=${half!.id}&status=pendente`, { token: tokens.admin }))
        .body,
    );
    expect(byTicket.inscricoes.map((r) => r.nomeTitular)).toEqual(['Zoë Ñuñez']);
    const paid = registrationsPageSchema.parse(
      (await call('GET', `${url}?pagamento=pago`, { token: tokens.admin })).body,
    );
    expect(paid.inscricoes.map((r) => r.nomeTitular)).toEqual(['João Araújo']);
  });

  it('exports a CSV of the one rule: the church’s separator, decimal mark and words, formulas guarded, phones not', async () => {
    const made = await createEvent({ titulo: 'Conferência Ação' });
    const [payment] = await db()
      .insert(t.payments)
      .values({
        churchId: graca,
        userId: ids.member,
        code: orderCode('EV'),
        eventId: made.id,
        method: 'cartao',
        status: 'aprovado',
        subtotalCents: 15000,
        totalCents: 15750,
        currency: 'BRL',
        installmentCents: 15750,
      })
      .returning();
    await register(made.id, made.ingressos[0]!.id, {
      holderName: 'Conceição Ñandú',
      holderEmail: 'conceicao@example.com',
      answers: { [made.ingressos[0]!.perguntas[0]!.id]: 'M' },
      paymentId: payment!.id,
    });
    await register(made.id, made.ingressos[0]!.id, { holderName: '=HYPERLINK("x")' });
    await register(made.id, made.ingressos[0]!.id, { holderName: '+55 11 98765-4321' });
    const url = `/admin/graca/evento/${made.id}/inscricao/csv`;
    expect((await call('GET', url, { token: tokens.door })).status).toBe(403);
    const locale = async (idioma: string) =>
      db().update(t.churches).set({ locale: idioma }).where(eq(t.churches.id, graca));
    try {
      for (const [idioma, sep, words] of [
        [
          'pt_BR',
          ';',
          { header: 'Código do ingresso', paid: 'Aprovado', card: 'Cartão', total: '157,50' },
        ],
        [
          'es',
          ';',
          { header: 'Código de la entrada', paid: 'Aprobado', card: 'Tarjeta', total: '157,50' },
        ],
        ['en_US', ',', { header: 'Ticket code', paid: 'Approved', card: 'Card', total: '157.50' }],
      ] as const) {
        await locale(idioma);
        // the reader's own language does not change the file: the church's does
        const res = await api.request(`/api/v1${url}`, {
          headers: { authorization: `Bearer ${tokens.finance}`, 'accept-language': 'en' },
        });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('text/csv; charset=utf-8');
        expect(res.headers.get('content-disposition')).toContain('conferencia-acao');
        const bytes = new Uint8Array(await res.arrayBuffer());
        expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM
        const text = new TextDecoder('utf-8').decode(bytes);
        const rows = parseCsv(text, sep);
        const header = rows[0]!;
        expect(header[0]).toBe(words.header);
        expect(header).toContain('Camiseta');
        const maria = rows.find((r) => r.includes('Conceição Ñandú'));
        expect(maria, text).toBeTruthy();
        expect(maria!.length).toBe(header.length);
        expect(maria![header.indexOf('Camiseta')]).toBe('M');
        expect(maria).toContain(words.paid);
        expect(maria).toContain(words.card);
        expect(maria).toContain(words.total);
        expect(maria).not.toContain('aprovado');
        expect(maria).not.toContain('cartao');
        // A formula is written as text, never run by the spreadsheet; a phone number stays as typed.
        expect(rows.some((r) => r.includes(`'=HYPERLINK("x")`))).toBe(true);
        expect(rows.some((r) => r.includes('+55 11 98765-4321'))).toBe(true);
        expect(text).not.toContain(`'+55`);
      }
    } finally {
      await locale('pt_BR');
    }
  });

  it('sorts the table by a validated column and exports only the selected rows', async () => {
    const made = await createEvent({ titulo: 'Congresso' });
    const [full, half] = made.ingressos;
    const [payment] = await db()
      .insert(t.payments)
      .values({
        churchId: graca,
        userId: ids.member,
        code: orderCode('EV'),
        eventId: made.id,
        method: 'pix',
        status: 'aprovado',
        subtotalCents: 1000,
        totalCents: 1000,
        currency: 'BRL',
        installmentCents: 1000,
      })
      .returning();
    const old = new Date(Date.now() - 3 * day);
    const bia = await register(made.id, half!.id, { holderName: 'Bia', createdAt: old });
    const alvaro = await register(made.id, full!.id, {
      holderName: 'Álvaro',
      paymentId: payment!.id,
      createdAt: new Date(Date.now() - day),
    });
    const carla = await register(made.id, full!.id, { holderName: 'Carla', status: 'pendente' });
    await db().insert(t.checkins).values({
      churchId: graca,
      eventId: made.id,
      registrationId: bia.id,
      userId: ids.admin,
      userName: 'Lider',
      door: 'Portão A',
      scannedAt: new Date(),
    });
    const url = `/admin/graca/evento/${made.id}/inscricao`;
    const names = async (qs: string) =>
      registrationsPageSchema
        .parse((await call('GET', `${url}?${qs}`, { token: tokens.finance })).body)
        .inscricoes.map((r) => r.nomeTitular);
    // newest first by default; a name sorts with its accent ignored
    expect(await names('')).toEqual(['Carla', 'Álvaro', 'Bia']);
    expect(await names('ordem=data')).toEqual(['Bia', 'Álvaro', 'Carla']);
    expect(await names('ordem=titular')).toEqual(['Álvaro', 'Bia', 'Carla']);
    expect(await names('ordem=-titular')).toEqual(['Carla', 'Bia', 'Álvaro']);
    expect(await names('ordem=ingresso')).toEqual(['Carla', 'Álvaro', 'Bia']); // Inteira, Meia
    expect(await names('ordem=status')).toEqual(['Álvaro', 'Bia', 'Carla']); // confirmada < pendente
    expect(await names('ordem=-pagamento')).toEqual(['Álvaro', 'Carla', 'Bia']); // the paid one, then none
    expect(await names('ordem=checkin')).toEqual(['Bia', 'Carla', 'Álvaro']); // admitted, then the rest
    // sorting keeps the filters
    expect(await names('ordem=titular&ingresso=' + full!.id)).toEqual(['Álvaro', 'Carla']);
    // an unknown column or a bad selection is a 400 by its field, in the reader's language
    const bad = await call('GET', `${url}?ordem=senha`, { token: tokens.finance, lang: 'pt' });
    expect(expectFieldError(bad, 400, 'ordem').errors!.ordem).toEqual([
      'Ordene por uma das colunas da tabela.',
    ]);
    expectFieldError(
      await call('GET', `${url}/csv?ids=1;2`, { token: tokens.finance }),
      400,
      'ids',
    );
    const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    expectFieldError(
      await call('GET', `${url}/csv?ids=${tooMany}`, { token: tokens.finance }),
      400,
      'ids',
    );
    // the selected rows only, in the table's order; another event's or church's ids add nothing
    const csv = await api.request(
      `/api/v1${url}/csv?ids=${carla.id},${alvaro.id},999999&ordem=titular`,
      { headers: { authorization: `Bearer ${tokens.finance}` } },
    );
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Álvaro');
    expect(lines[2]).toContain('Carla');
    expect(lines.join('\n')).not.toContain('Bia');
  });

  it('searches holder, buyer and order by the one rule, and follows a holder’s new name', async () => {
    // a year ahead: it lists after the other tests' events, whose first page of 20 a later test reads
    const made = await createEvent({
      titulo: 'Noite de Louvor',
      dataInicio: future(400),
      dataFim: future(401),
    });
    const [full] = made.ingressos;
    const visitorOrder = orderCode('EV');
    const [payment] = await db()
      .insert(t.payments)
      .values({
        churchId: graca,
        userId: null,
        code: visitorOrder,
        eventId: made.id,
        method: 'pix',
        status: 'aprovado',
        donorName: 'Ícaro Visitante',
        donorEmail: 'icaro.v@example.org',
        subtotalCents: 1000,
        totalCents: 1000,
        currency: 'BRL',
        installmentCents: 1000,
      })
      .returning();
    // the member (Maria Souza, membro@graca.demo, phone +55 11 98765-4321) buys for Tomé
    const tome = await register(made.id, full!.id, {
      holderName: 'Tomé Vasconcelos',
      holderEmail: 'tv.holder@example.com',
    });
    const visitor = await register(made.id, full!.id, {
      userId: null,
      paymentId: payment!.id,
      holderName: 'Lúcia Prado',
    });
    const url = `/admin/graca/evento/${made.id}/inscricao`;
    const found = async (busca: string, ordem = '') =>
      registrationsPageSchema
        .parse(
          (
            await call('GET', `${url}?busca=${encodeURIComponent(busca)}${ordem}`, {
              token: tokens.finance,
            })
          ).body,
        )
        .inscricoes.map((r) => r.nomeTitular);
    expect(await found('TOME')).toEqual(['Tomé Vasconcelos']); // holder's name
    expect(await found('tv.holder@')).toEqual(['Tomé Vasconcelos']); // holder's e-mail
    expect(await found(tome.code.slice(2).toLowerCase())).toEqual(['Tomé Vasconcelos']); // ticket code
    expect(await found('maria souza')).toEqual(['Tomé Vasconcelos']); // buyer's name
    expect(await found('MEMBRO@GRACA')).toEqual(['Tomé Vasconcelos']); // buyer's e-mail
    expect(await found('icaro')).toEqual(['Lúcia Prado']); // a visitor's name and e-mail
    expect(await found('icaro.v@example')).toEqual(['Lúcia Prado']);
    expect(await found(visitorOrder.toLowerCase())).toEqual(['Lúcia Prado']); // order code
    // the buyer's phone is not among the fields searched, nor a term across two of them
    expect(await found('98765')).toEqual([]);
    expect(await found('vasconcelos\ntv')).toEqual([]);
    // the stored folded text follows an edit of the holder's name, for the search and the sort
    await db()
      .update(t.registrations)
      .set({ holderName: 'Ângela Quintana' })
      .where(eq(t.registrations.id, tome.id));
    expect(await found('angela')).toEqual(['Ângela Quintana']);
    expect(await found('vasconcelos')).toEqual([]);
    const sorted = async (ordem: string) =>
      registrationsPageSchema
        .parse((await call('GET', `${url}?ordem=${ordem}`, { token: tokens.finance })).body)
        .inscricoes.map((r) => r.id);
    expect(await sorted('titular')).toEqual([tome.id, visitor.id]);
    expect(await sorted('-titular')).toEqual([visitor.id, tome.id]);
  });

  it('cancels and refunds through the payment pipeline: the seat returns to sale', async () => {
    const made = await createEvent({
      titulo: 'Seminário',
      ingressos: [{ nome: 'Único', valor: 50, estoque: 1 }],
      metodosPagamento: null,
    });
    await call('POST', `/admin/graca/evento/${made.id}/publicar`, { token: tokens.admin });
    const ticket = made.ingressos[0]!;
    // The member buys the only seat with the sandbox card.
    const card = await call('POST', `/general/payment/church/${graca}/card/token`, {
      token: tokens.member,
      body: {
        titular: 'Maria Souza',
        numero: '4111 1111 1111 1111',
        cvv: '123',
        validade: '12/30',
        ...HOLDER,
      },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    const buy = () =>
      call('POST', '/pagamento/', {
        token: tokens.member,
        headers: { 'idempotency-key': `k-${Math.random()}` },
        body: {
          evento: made.id,
          metodoPagamento: 'cartao',
          cartao: { token: card.body.token },
          ingressos: [{ ingresso: ticket.id, titulares: [{ nome: 'Maria Souza' }] }],
        },
      });
    // An event limited to Pix refuses the card (the staff's choice of methods).
    await db()
      .update(t.events)
      .set({ paymentMethods: ['pix'] })
      .where(eq(t.events.id, made.id));
    expect((await buy()).status).toBe(422);
    await db().update(t.events).set({ paymentMethods: null }).where(eq(t.events.id, made.id));
    const bought = await buy();
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body.pagamento.status).toBe('aprovado');
    expect((await buy()).status).toBe(409); // sold out
    const [reg] = await db()
      .select()
      .from(t.registrations)
      .where(eq(t.registrations.eventId, made.id));
    const url = `/admin/graca/evento/${made.id}/inscricao/${reg!.id}/cancelar`;
    const state = async () => ({
      reg: (await db().select().from(t.registrations).where(eq(t.registrations.id, reg!.id)))[0],
      ticket: (await db().select().from(t.tickets).where(eq(t.tickets.id, ticket.id)))[0],
    });
    await expectRefused(
      [undefined, 'member', 'editor', 'door', 'graceAdmin'],
      (token) => call('POST', url, { token }),
      state,
    );

    const res = await call('POST', url, { token: tokens.finance });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(cancelResultSchema.parse(res.body)).toMatchObject({
      resultado: 'estornado',
      canceladas: 1,
    });
    const after = await state();
    expect(after.reg!.status).toBe('cancelada');
    expect(after.ticket!.sold).toBe(0);
    const [payment] = await db()
      .select()
      .from(t.payments)
      .where(eq(t.payments.id, reg!.paymentId!));
    expect(payment!.status).toBe('estornado');
    expectError(
      await call('POST', url, { token: tokens.finance }),
      409,
      'staff.events.alreadyCancelled',
    );
    // The seat is for sale again.
    expect((await buy()).status).toBe(201);
  });

  it('resends the ticket e-mail with its QR: admin and finance', async () => {
    const made = await createEvent({ titulo: 'Vigília' });
    const reg = await register(made.id, made.ingressos[1]!.id, {
      holderEmail: 'holder@example.com',
    });
    const url = `/admin/graca/evento/${made.id}/inscricao/${reg.id}/reenviar`;
    const outbox = async () => {
      try {
        return (await readdir(path.join(dataDir, 'outbox'))).filter((f) => f.endsWith('.json'));
      } catch {
        return [];
      }
    };
    await expectRefused(
      [undefined, 'member', 'editor', 'door', 'graceAdmin'],
      (token) => call('POST', url, { token }),
      outbox,
    );
    const res = await call('POST', url, { token: tokens.finance, lang: 'pt-BR' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.para).toBe('holder@example.com');
    const files = await outbox();
    const mail = JSON.parse(await readFile(path.join(dataDir, 'outbox', files.at(-1)!), 'utf8'));
    expect(mail.to).toBe('holder@example.com');
    expect(mail.subject).toBe('Seu ingresso: Vigília');
    expect(mail.html).toContain('data:image/png;base64,');
    expect(mail.text).toContain(reg.code);
  });

  // ---- check-in ----

  it('answers each ticket at the door with the reason, and only for the door roles', async () => {
    const made = await createEvent({ titulo: 'Noite de Louvor' });
    const other = await createEvent({ titulo: 'Outro Evento' });
    const [full, half] = made.ingressos;
    const ok = await register(made.id, full!.id, { holderName: 'Ana Lima' });
    const cancelled = await register(made.id, half!.id, { status: 'cancelada' });
    const unpaid = await register(made.id, half!.id, { status: 'pendente' });
    const elsewhere = await register(other.id, other.ingressos[0]!.id);
    const [graceTicket] = await db()
      .select({ code: t.registrations.code })
      .from(t.registrations)
      .where(eq(t.registrations.churchId, grace))
      .limit(1);
    const graceCode =
      graceTicket?.code ??
      (
        await (async () => {
          const [ev] = await db()
            .select()
            .from(t.events)
            .where(eq(t.events.churchId, grace))
            .limit(1);
          const [tk] = await db()
            .select()
            .from(t.tickets)
            .where(eq(t.tickets.eventId, ev!.id))
            .limit(1);
          const [u] = await db()
            .select()
            .from(t.users)
            .where(eq(t.users.email, 'member@grace.demo'));
          const [r] = await db()
            .insert(t.registrations)
            .values({
              churchId: grace,
              eventId: ev!.id,
              ticketId: tk!.id,
              userId: u!.id,
              status: 'confirmada',
              holderName: 'Grace',
              code: orderCode('TK'),
            })
            .returning();
          return r!;
        })()
      ).code;
    const url = `/admin/graca/evento/${made.id}/checkin`;
    const scan = (codigo: string, token: string | undefined, porta = 'Portão A') =>
      call('POST', url, { token, body: { codigo, porta } });
    const checkins = () => db().select().from(t.checkins).where(eq(t.checkins.eventId, made.id));
    await expectRefused(
      [undefined, 'member', 'editor', 'finance', 'graceAdmin'],
      (token) => scan(ok.code, token),
      checkins,
    );

    const answer = async (codigo: string) => {
      const res = await scan(codigo, tokens.door);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return checkinResultSchema.parse(res.body);
    };
    expect((await answer('TK-NOPE1234')).resposta.motivo).toBe('naoEncontrado');
    const foreign = await answer(graceCode);
    expect(foreign.resposta).toMatchObject({
      admitido: false,
      motivo: 'outraIgreja',
      titular: null,
    });
    expect((await answer(elsewhere.code)).resposta).toMatchObject({
      motivo: 'outroEvento',
      mensagem: 'This ticket is for another event: Outro Evento.',
    });
    expect((await answer(cancelled.code)).resposta.motivo).toBe('cancelada');
    expect((await answer(unpaid.code)).resposta.motivo).toBe('pendente');
    expect(await checkins()).toEqual([]);

    const first = await answer(ok.code.toLowerCase());
    expect(first.resposta).toMatchObject({
      admitido: true,
      titular: 'Ana Lima',
      ingresso: 'Inteira',
    });
    expect(first.contagem).toEqual({ admitidos: 1, vendidos: 1 });
    const again = await call('POST', url, {
      token: tokens.admin,
      body: { codigo: ok.code, porta: 'Lateral' },
    });
    const used = checkinResultSchema.parse(again.body).resposta;
    expect(used).toMatchObject({ admitido: false, motivo: 'jaUsado', uso: { porta: 'Portão A' } });
    expect(used.mensagem).toMatch(/^Already used: admitted .* at Portão A\.$/);
    const state = await call('GET', url, { token: tokens.door });
    expect(state.body.contagem).toEqual({ admitidos: 1, vendidos: 1 });
  });

  it('admits a ticket once when 50 doors scan it at the same moment', async () => {
    const made = await createEvent({ titulo: 'Concorrência' });
    const reg = await register(made.id, made.ingressos[0]!.id);
    const audits = await auditCount();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', `/admin/graca/evento/${made.id}/checkin`, {
          token: i % 2 ? tokens.door : tokens.admin,
          body: { codigo: reg.code, porta: `Porta ${i}` },
        }),
      ),
    );
    const parsed = answers.map((a) => checkinResultSchema.parse(a.body).resposta);
    expect(parsed.filter((a) => a.admitido)).toHaveLength(1);
    expect(parsed.filter((a) => a.motivo === 'jaUsado')).toHaveLength(49);
    expect(await db().$count(t.checkins, eq(t.checkins.registrationId, reg.id))).toBe(1);
    expect(await auditCount()).toBe(audits + 1);
  }, 60_000);

  it('takes a phone’s offline queue and reports a ticket admitted twice', async () => {
    const made = await createEvent({ titulo: 'Offline' });
    const a = await register(made.id, made.ingressos[0]!.id, { holderName: 'A' });
    const b = await register(made.id, made.ingressos[0]!.id, { holderName: 'B' });
    const earlier = new Date(Date.now() - 60_000).toISOString();
    const res = await call('POST', `/admin/graca/evento/${made.id}/checkin/lote`, {
      token: tokens.door,
      body: {
        leituras: [
          { codigo: a.code, porta: 'Fundos', escaneadoEm: earlier },
          { codigo: b.code, porta: 'Fundos', escaneadoEm: earlier },
          { codigo: a.code, porta: 'Fundos', escaneadoEm: earlier },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const batch = checkinBatchResultSchema.parse(res.body);
    expect(batch.respostas.map((r) => r.admitido)).toEqual([true, true, false]);
    expect(batch.respostas[2]!.motivo).toBe('jaUsado');
    expect(batch.respostas[0]!.uso!.quando).toBe(earlier);
    expect(batch.contagem).toEqual({ admitidos: 2, vendidos: 2 });
  });

  it('limits a door volunteer to the events of their door team; none given: every event', async () => {
    // sooner than the file's other events and the demo's: both on the list's first page whatever the date
    const soon = { dataInicio: future(1), dataFim: future(2) };
    const mine = await createEvent({ titulo: 'Culto de Natal', ...soon });
    const notMine = await createEvent({ titulo: 'Bazar', ...soon });
    const a = await register(mine.id, mine.ingressos[0]!.id, { holderName: 'A' });
    const b = await register(notMine.id, notMine.ingressos[0]!.id, { holderName: 'B' });
    const b2 = await register(notMine.id, notMine.ingressos[0]!.id, { holderName: 'B2' });
    const team = (id: number) => `/admin/graca/evento/${id}/porta`;
    const scan = (id: number, codigo: string, lang?: string) =>
      call('POST', `/admin/graca/evento/${id}/checkin`, {
        token: tokens.door,
        lang,
        body: { codigo, porta: 'Frente' },
      });
    const listed = async () =>
      staffEventsPageSchema
        .parse((await call('GET', '/admin/graca/evento', { token: tokens.door })).body)
        .eventos.map((e) => e.id);

    // No team given yet: the volunteer checks in anywhere (today's behaviour).
    expect(checkinResultSchema.parse((await scan(notMine.id, b.code)).body).resposta.admitido).toBe(
      true,
    );
    expect(await listed()).toEqual(expect.arrayContaining([mine.id, notMine.id]));

    // Only the admin sets a team, and only door volunteers of this church can be on it.
    const teamRows = () => db().select().from(t.eventDoorTeam);
    await expectRefused(
      [undefined, 'member', 'editor', 'finance', 'door', 'graceAdmin'],
      (token) => call('PUT', team(mine.id), { token, body: { usuarios: [ids.door] } }),
      teamRows,
    );
    for (const [lang, word] of [
      ['pt', 'voluntários de portaria'],
      ['en', 'door volunteers'],
      ['es', 'voluntarios de puerta'],
    ] as const) {
      const bad = await call('PUT', team(mine.id), {
        token: tokens.admin,
        lang,
        body: { usuarios: [ids.door, ids.member] },
      });
      expect(expectFieldError(bad, 422, 'usuarios.1').errors!['usuarios.1']![0]).toContain(word);
    }
    expectFieldError(
      await call('PUT', team(mine.id), { token: tokens.admin, body: { usuarios: 'x' } }),
      400,
      'usuarios',
    );
    expect(await teamRows()).toEqual([]);
    // Another church's event is not found.
    const [graceEvent] = await db().select().from(t.events).where(eq(t.events.churchId, grace));
    expect(
      (await call('PUT', team(graceEvent!.id), { token: tokens.admin, body: { usuarios: [] } }))
        .status,
    ).toBe(404);

    const before = await call('GET', team(mine.id), { token: tokens.admin });
    expect(before.status).toBe(200);
    expect(doorTeamSchema.parse(before.body).voluntarios).toContainEqual(
      expect.objectContaining({ id: ids.door, naEquipe: false, eventos: 0 }),
    );
    const saved = await call('PUT', team(mine.id), {
      token: tokens.admin,
      body: { usuarios: [ids.door, ids.door] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(doorTeamSchema.parse(saved.body).voluntarios).toContainEqual(
      expect.objectContaining({ id: ids.door, naEquipe: true, eventos: 1 }),
    );
    expect(await db().$count(t.auditLog, eq(t.auditLog.action, 'events.doorTeam'))).toBe(1);

    // Given an event: that one only, on every check-in call; the rest answer 403 in their language.
    expect(await listed()).toEqual([mine.id]);
    for (const lang of ['pt', 'en', 'es'] as const)
      expectError(await scan(notMine.id, b2.code, lang), 403, 'staff.events.checkin.notAssigned');
    expectError(
      await call('GET', `/admin/graca/evento/${notMine.id}/checkin`, { token: tokens.door }),
      403,
      'staff.events.checkin.notAssigned',
    );
    expectError(
      await call('POST', `/admin/graca/evento/${notMine.id}/checkin/lote`, {
        token: tokens.door,
        body: { leituras: [{ codigo: b2.code }] },
      }),
      403,
      'staff.events.checkin.notAssigned',
    );
    expect(await db().$count(t.checkins, eq(t.checkins.registrationId, b2.id))).toBe(0);
    expect(checkinResultSchema.parse((await scan(mine.id, a.code)).body).resposta.admitido).toBe(
      true,
    );
    // The admin is never limited.
    const byAdmin = await call('POST', `/admin/graca/evento/${notMine.id}/checkin`, {
      token: tokens.admin,
      body: { codigo: b2.code },
    });
    expect(checkinResultSchema.parse(byAdmin.body).resposta.admitido).toBe(true);

    // An empty team gives the volunteer every event again.
    await call('PUT', team(mine.id), { token: tokens.admin, body: { usuarios: [] } });
    expect(await teamRows()).toEqual([]);
    expect(
      (await call('GET', `/admin/graca/evento/${notMine.id}/checkin`, { token: tokens.door }))
        .status,
    ).toBe(200);
  });
});
