// The treasurer's giving calls (docs/staff.md "Giving"): who may read and write (content editors
// see no money), nothing changed on a refusal, reasons used by /give at once, the dashboard's
// totals equal the listed gifts and the CSV, refunds through the pipeline, and the yearly
// statement batch e-mailing each giver once with two runners at the same time.
import { churchToday } from '../../common/time-zone.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  givingSummarySchema,
  staffGiftsPageSchema,
  staffReasonSchema,
  staffReasonsSchema,
  staffRecurringPageSchema,
  statementBatchSchema,
} from '../../contract/giving-staff.ts';
import { historyResponseSchema } from '../../contract/giving.ts';
import { churchSchema } from '../../contract/church.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { countQueries } from '../db/query-stats.ts';
import { rowsOf } from '../db/rows.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import type { Mail } from '../mail/outbox.ts';
import { apiClient, expectError, loginAll, STAFF_ACCOUNTS, type StaffWho } from '../test-kit.ts';
import { churchZone, zoneOfChurch } from '../church/church-clock.ts';
import { sendStatementBatches } from './giving-statements.service.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'giving-staff-'));
type Who = StaffWho;

describe.each(testBackends())('staff giving on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  /** graca's clock (Brazil: São Paulo), by which its gifts' days, months and years are counted. */
  const zone = 'America/Sao_Paulo';
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, number>;
  const { call, get } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  const audits = () => db().$count(t.auditLog);

  /** A write refused for a visitor (401), a member, the content editor and grace's admin (403); nothing changes. */
  async function expectRefused(
    attempt: (token?: string) => Promise<{ status: number }>,
    state: () => Promise<unknown>,
  ) {
    const before = await state();
    const logged = await audits();
    expect((await attempt()).status).toBe(401);
    for (const who of ['member', 'editor', 'graceAdmin'] as const)
      expect((await attempt(tokens[who])).status, who).toBe(403);
    expect(await state()).toEqual(before);
    expect(await audits()).toBe(logged);
  }

  const reasons = () =>
    db()
      .select()
      .from(t.paymentReasons)
      .where(eq(t.paymentReasons.churchId, graca))
      .orderBy(asc(t.paymentReasons.id));

  /** A gift of graca (member or visitor) at a given time, with its lines. */
  async function gift(options: {
    userId?: number | null;
    donor?: { name: string; email: string };
    at: string;
    method?: string;
    status?: 'aprovado' | 'pendente' | 'estornado';
    lines: [number, number][];
  }) {
    const all = await reasons();
    const subtotal = options.lines.reduce((s, [, c]) => s + c, 0);
    const code = `T${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    const [p] = await db()
      .insert(t.payments)
      .values({
        churchId: graca,
        userId: options.userId ?? null,
        code,
        kind: 'doacao',
        donorName: options.donor?.name ?? null,
        donorEmail: options.donor?.email ?? null,
        method: options.method ?? 'pix',
        status: options.status ?? 'aprovado',
        subtotalCents: subtotal,
        totalCents: subtotal,
        currency: 'BRL',
        installmentCents: subtotal,
        createdAt: new Date(options.at),
        paidAt: new Date(options.at),
      })
      .returning();
    await db()
      .insert(t.paymentLines)
      .values(
        options.lines.map(([reasonId, amountCents]) => ({
          churchId: graca,
          paymentId: p!.id,
          reasonId,
          reasonName: all.find((r) => r.id === reasonId)!.name,
          amountCents,
        })),
      );
    return code;
  }

  beforeAll(async () => {
    process.env.DATA_DIR = path.join(dataDir, backend);
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db, changes: createChangeFeed() });
    const [row] = await db().select().from(t.churches).where(eq(t.churches.code, 'graca'));
    graca = row!.id;
    await loginAll(api, STAFF_ACCOUNTS, { tokens, ids });
  }, 240_000);
  afterAll(() => database.close());

  it('reads are for admins and treasurers; a content editor sees no money', async () => {
    for (const who of ['admin', 'finance'] as const) {
      staffReasonsSchema.parse(
        (await get('/admin/graca/doacao/motivos', { token: tokens[who] })).body,
      );
      staffGiftsPageSchema.parse(
        (await get('/admin/graca/doacao/doacoes', { token: tokens[who] })).body,
      );
      givingSummarySchema.parse(
        (await get('/admin/graca/doacao/resumo', { token: tokens[who] })).body,
      );
      staffRecurringPageSchema.parse(
        (await get('/admin/graca/doacao/recorrentes', { token: tokens[who] })).body,
      );
    }
    for (const url of [
      '/admin/graca/doacao/motivos',
      '/admin/graca/doacao/doacoes',
      '/admin/graca/doacao/resumo',
      '/admin/graca/doacao/doacoes.csv',
      '/admin/graca/doacao/recorrentes',
      '/admin/graca/doacao/extratos',
    ]) {
      expectError(await get(url, { token: tokens.editor }), 403, 'staff.forbidden');
      expect((await get(url, { token: tokens.member })).status).toBe(403);
      expect((await get(url, { token: tokens.graceAdmin })).status).toBe(403);
      expect((await get(url)).status).toBe(401);
    }
  });

  it('a treasurer creates, edits and orders reasons and /give uses them at once', async () => {
    const give = async () =>
      (await get('/igreja/graca/pagamento-motivo/?doacao=true')).body as {
        motivos: { id: number; nome: string; flagRecorrencia: boolean }[];
      };
    const created = await call('POST', '/admin/graca/doacao/motivos', {
      token: tokens.finance,
      body: { nome: ' Ação social ', descricao: 'Cestas básicas', flagRecorrencia: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const reason = staffReasonSchema.parse(created.body);
    expect(reason).toMatchObject({ nome: 'Ação social', flagAtivo: true, flagRecorrencia: true });
    expect((await give()).motivos.map((m) => m.nome)).toContain('Ação social');

    const edited = await call('PUT', `/admin/graca/doacao/motivos/${reason.id}`, {
      token: tokens.admin,
      body: { nome: 'Ação social', flagRecorrencia: false, flagAtivo: false },
    });
    expect(edited.status).toBe(200);
    expect((await give()).motivos.map((m) => m.nome)).not.toContain('Ação social');

    const ids = (await reasons()).map((r) => r.id).reverse();
    const ordered = await call('PUT', '/admin/graca/doacao/motivos-ordem', {
      token: tokens.finance,
      body: { ids },
    });
    expect(ordered.status).toBe(200);
    const active = (await reasons())
      .filter((r) => r.active)
      .sort((a, b) => a.position - b.position);
    expect((await give()).motivos.map((m) => m.id)).toEqual(active.map((r) => r.id));
    expectError(
      await call('PUT', '/admin/graca/doacao/motivos-ordem', {
        token: tokens.finance,
        body: { ids: ids.slice(1) },
      }),
      400,
      'staff.giving.orderMismatch',
    );

    // the minimum applies to the next gift
    const settings = await call('PUT', '/admin/graca/doacao/configuracao', {
      token: tokens.finance,
      body: {
        valorMinimo: 12.5,
        flagDoacaoOnline: true,
        flagVisitante: true,
        flagRecorrencia: true,
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const [row] = await db()
      .select()
      .from(t.givingSettings)
      .where(eq(t.givingSettings.churchId, graca));
    expect(row!.minimumCents).toBe(1250);

    // a reason of another church is a 404
    const [other] = await db()
      .select({ id: t.paymentReasons.id })
      .from(t.paymentReasons)
      .where(ne(t.paymentReasons.churchId, graca));
    expectError(
      await call('PUT', `/admin/graca/doacao/motivos/${other!.id}`, {
        token: tokens.admin,
        body: { nome: 'x' },
      }),
      404,
      'staff.giving.reasonNotFound',
    );
    expect(
      (
        await call('POST', '/admin/graca/doacao/motivos', {
          token: tokens.admin,
          body: { nome: '' },
        })
      ).status,
    ).toBe(400);
  });

  it('every giving write is refused to a visitor, a member, a content editor and grace’s admin', async () => {
    const [first] = await reasons();
    await expectRefused(
      (token) => call('POST', '/admin/graca/doacao/motivos', { token, body: { nome: 'Intrusa' } }),
      reasons,
    );
    await expectRefused(
      (token) =>
        call('PUT', `/admin/graca/doacao/motivos/${first!.id}`, {
          token,
          body: { nome: 'Mudado' },
        }),
      reasons,
    );
    await expectRefused(
      async (token) =>
        call('PUT', '/admin/graca/doacao/motivos-ordem', {
          token,
          body: { ids: (await reasons()).map((r) => r.id).reverse() },
        }),
      reasons,
    );
    const settings = () =>
      db().select().from(t.givingSettings).where(eq(t.givingSettings.churchId, graca));
    await expectRefused(
      (token) =>
        call('PUT', '/admin/graca/doacao/configuracao', {
          token,
          body: {
            valorMinimo: 1,
            flagDoacaoOnline: false,
            flagVisitante: false,
            flagRecorrencia: false,
          },
        }),
      settings,
    );
    const code = await gift({
      userId: ids.member,
      at: '2026-03-03T12:00:00Z',
      lines: [[first!.id, 1000]],
    });
    const payment = () => db().select().from(t.payments).where(eq(t.payments.code, code));
    await expectRefused(
      (token) => call('POST', `/admin/graca/doacao/doacoes/${code}/estorno`, { token }),
      payment,
    );
    const batches = () => db().select().from(t.statementBatches);
    await expectRefused(
      (token) => call('POST', '/admin/graca/doacao/extratos', { token, body: { ano: 2026 } }),
      batches,
    );
  });

  it('the dashboard’s totals equal the sum of the listed gifts and of the CSV, for the same filters', async () => {
    const [tithe, offering] = await reasons();
    await gift({
      userId: ids.member,
      at: '2025-02-03T10:00:00Z',
      method: 'cartao',
      lines: [[tithe!.id, 12345]],
    });
    await gift({
      donor: { name: 'Zé Visitante', email: 'ze@example.org' },
      at: '2025-02-10T10:00:00Z',
      lines: [
        [tithe!.id, 1001],
        [offering!.id, 2002],
      ],
    });
    await gift({
      userId: ids.member,
      at: '2025-02-28T23:59:00-03:00',
      lines: [[offering!.id, 333]],
    });
    await gift({
      userId: ids.member,
      at: '2025-02-15T10:00:00Z',
      status: 'pendente',
      lines: [[offering!.id, 9999]],
    });
    await gift({ userId: ids.member, at: '2025-03-01T00:00:00-03:00', lines: [[tithe!.id, 777]] });
    for (let i = 0; i < 27; i++)
      await gift({
        userId: ids.member,
        at: `2025-01-${String((i % 28) + 1).padStart(2, '0')}T12:00:00Z`,
        lines: [[tithe!.id, 100 + i]],
      });

    const filters: Record<string, string>[] = [
      { de: '2025-02-01', ate: '2025-02-28', status: 'aprovado' },
      { de: '2025-02-01', ate: '2025-02-28' },
      { de: '2025-02-01', ate: '2025-02-28', motivo: String(offering!.id) },
      { de: '2025-01-01', ate: '2025-12-31', status: 'aprovado', metodo: 'pix' },
      { de: '2025-01-01', ate: '2025-01-31' },
    ];
    for (const f of filters) {
      const qs = new URLSearchParams(f).toString();
      const summary = givingSummarySchema.parse(
        (await get(`/admin/graca/doacao/resumo?${qs}`, { token: tokens.finance })).body,
      );
      let listed = 0;
      let count = 0;
      for (let page = 1; ; page++) {
        const res = staffGiftsPageSchema.parse(
          (await get(`/admin/graca/doacao/doacoes?${qs}&page=${page}`, { token: tokens.finance }))
            .body,
        );
        expect(res.soma).toBe(summary.total);
        listed += res.doacoes.reduce((s, g) => s + Math.round(g.valor * 100), 0);
        count += res.doacoes.length;
        if (page >= res.totalPages) break;
      }
      expect(count).toBe(summary.quantidade);
      expect(listed).toBe(Math.round(summary.total * 100));
      const csv = await api.request(`/api/v1/admin/graca/doacao/doacoes.csv?${qs}`, {
        headers: { authorization: `Bearer ${tokens.finance}`, 'accept-language': 'pt-BR' },
      });
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const bytes = new Uint8Array(await csv.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = new TextDecoder('utf-8', { ignoreBOM: true })
        .decode(bytes)
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      // graca is a Portuguese church: ';' between columns, a decimal comma, words not codes
      expect(rows[0]).toBe('Data;Pedido;Doador;E-mail;Forma de pagamento;Situação;Motivos;Valor');
      expect(rows.length - 1).toBe(summary.quantidade);
      const csvCents = rows
        .slice(1)
        .reduce((s, r) => s + Math.round(Number(r.split(';').at(-1)!.replace(',', '.')) * 100), 0);
      expect(csvCents).toBe(Math.round(summary.total * 100));
      const sum = (list: { valor: number }[]) =>
        list.reduce((s, x) => s + Math.round(x.valor * 100), 0);
      expect(sum(summary.porMotivo)).toBe(Math.round(summary.total * 100));
      expect(sum(summary.porMetodo)).toBe(Math.round(summary.total * 100));
      expect(sum(summary.porPeriodo)).toBe(Math.round(summary.total * 100));
    }
    // February, approved: 123.45 + 30.03 + 3.33
    const feb = givingSummarySchema.parse(
      (
        await get('/admin/graca/doacao/resumo?de=2025-02-01&ate=2025-02-28&status=aprovado', {
          token: tokens.admin,
        })
      ).body,
    );
    expect(feb.total).toBe(156.81);
    expect(feb.agrupamento).toBe('dia');
    // the accents of names and reasons come back from the CSV
    const csv = await api.request(
      '/api/v1/admin/graca/doacao/doacoes.csv?de=2025-02-10&ate=2025-02-10',
      {
        headers: { authorization: `Bearer ${tokens.finance}` },
      },
    );
    const text = new TextDecoder().decode(await csv.arrayBuffer());
    expect(text).toContain('Zé Visitante');
    expect(text).toContain(`${tithe!.name} + ${offering!.name}`);
    expect(text).toContain(';30,03\r\n');
    expect(text).toMatch(/;(Cartão|Pix|Dinheiro|Boleto|Transferência);Aprovado;/);
    expect(text).not.toMatch(/;(cartao|pix|dinheiro);aprovado;/);
    // bad filters are per-field 400s
    const bad = await get('/admin/graca/doacao/doacoes?de=2025-02-30x&ate=2025-01-01', {
      token: tokens.finance,
    });
    expect(bad.status).toBe(400);
    const reversed = await get('/admin/graca/doacao/resumo?de=2025-03-01&ate=2025-01-01', {
      token: tokens.finance,
    });
    expect(reversed.status).toBe(400);
  });

  it('the chart has every month (and day) of the range, 0 where no gift fell', async () => {
    const [tithe] = await reasons();
    await gift({ userId: ids.member, at: '2019-03-15T12:00:00Z', lines: [[tithe!.id, 1500]] });
    await gift({ userId: ids.member, at: '2019-06-20T12:00:00Z', lines: [[tithe!.id, 2500]] });
    const summary = async (qs: string) =>
      givingSummarySchema.parse(
        (await get(`/admin/graca/doacao/resumo?${qs}`, { token: tokens.finance })).body,
      );
    const months = await summary('de=2019-01-01&ate=2019-08-31&status=aprovado');
    expect(months.agrupamento).toBe('mes');
    expect(months.porPeriodo).toEqual([
      { periodo: '2019-01', valor: 0 },
      { periodo: '2019-02', valor: 0 },
      { periodo: '2019-03', valor: 15 },
      { periodo: '2019-04', valor: 0 },
      { periodo: '2019-05', valor: 0 },
      { periodo: '2019-06', valor: 25 },
      { periodo: '2019-07', valor: 0 },
      { periodo: '2019-08', valor: 0 },
    ]);
    // across a year's end, and by day for a short range
    const winter = await summary('de=2018-11-01&ate=2019-03-31&status=aprovado');
    expect(winter.porPeriodo.map((p) => p.periodo)).toEqual([
      '2018-11',
      '2018-12',
      '2019-01',
      '2019-02',
      '2019-03',
    ]);
    const days = await summary('de=2019-03-13&ate=2019-03-17&status=aprovado');
    expect(days.porPeriodo).toEqual([
      { periodo: '2019-03-13', valor: 0 },
      { periodo: '2019-03-14', valor: 0 },
      { periodo: '2019-03-15', valor: 15 },
      { periodo: '2019-03-16', valor: 0 },
      { periodo: '2019-03-17', valor: 0 },
    ]);
  });

  it('the summary and the list answer what the gifts add up to, for each filter (a reference sum)', async () => {
    const [tithe, offering] = await reasons();
    type Made = Parameters<typeof gift>[0] & { code?: string; seq?: number };
    const made: Made[] = [
      {
        userId: ids.member,
        at: '2017-03-05T10:00:00Z',
        lines: [
          [tithe!.id, 1000],
          [offering!.id, 250],
        ],
      },
      {
        donor: { name: 'Íris Visitante', email: 'iris@example.org' },
        at: '2017-03-20T09:00:00Z',
        method: 'cartao',
        lines: [[offering!.id, 4000]],
      },
      { userId: ids.member, at: '2017-03-20T09:00:00Z', lines: [[tithe!.id, 300]] }, // same time: the later one lists first
      {
        userId: ids.member,
        at: '2017-04-02T10:00:00Z',
        method: 'boleto',
        status: 'pendente',
        lines: [[tithe!.id, 700]],
      },
      { userId: ids.member, at: '2017-05-31T23:30:00-03:00', lines: [[tithe!.id, 1234]] },
      {
        userId: ids.member,
        at: '2017-06-01T00:00:00-03:00',
        method: 'cartao',
        status: 'estornado',
        lines: [
          [offering!.id, 999],
          [tithe!.id, 1],
        ],
      },
      { userId: ids.member, at: '2017-01-10T10:00:00Z', lines: [[tithe!.id, 500]] },
    ];
    for (const [i, g] of made.entries()) Object.assign(g, { code: await gift(g), seq: i });
    const names = new Map((await reasons()).map((r) => [r.id, r.name] as const));
    const filters: Record<string, string>[] = [
      { de: '2017-01-01', ate: '2017-12-31' },
      { de: '2017-03-01', ate: '2017-03-31' },
      { de: '2017-01-01', ate: '2017-12-31', status: 'aprovado' },
      { de: '2017-01-01', ate: '2017-12-31', motivo: String(offering!.id) },
      { de: '2017-01-01', ate: '2017-12-31', metodo: 'cartao' },
      { de: '2017-05-31', ate: '2017-05-31' },
      { de: '2017-07-01', ate: '2017-07-31' },
    ];
    for (const f of filters) {
      // the reference: the gifts of the range and filters, with their counted lines
      // days on the church's clock (docs/giving.md "Which clock")
      const inRange = (at: string) => {
        const day = churchToday(zone, Date.parse(at));
        return day >= f.de! && day <= f.ate!;
      };
      const gifts = made
        .filter((g) => inRange(g.at))
        .filter(
          (g) =>
            (!f.status || (g.status ?? 'aprovado') === f.status) &&
            (!f.metodo || (g.method ?? 'pix') === f.metodo),
        )
        .map((g) => ({ ...g, lines: g.lines.filter(([r]) => !f.motivo || r === Number(f.motivo)) }))
        .filter((g) => g.lines.length > 0);
      const cents = (lines: [number, number][]) => lines.reduce((s, [, c]) => s + c, 0);
      const add = (to: Map<string, number>, key: string, c: number) =>
        to.set(key, (to.get(key) ?? 0) + c);
      const byPeriod = new Map<string, number>();
      const byReason = new Map<string, number>();
      const byMethod = new Map<string, number>();
      const daily = Date.parse(f.ate!) - Date.parse(f.de!) <= 62 * 86_400_000;
      for (const g of gifts) {
        add(byPeriod, churchToday(zone, Date.parse(g.at)).slice(0, daily ? 10 : 7), cents(g.lines));
        add(byMethod, g.method ?? 'pix', cents(g.lines));
        for (const [r, c] of g.lines) add(byReason, String(r), c);
      }
      const qs = new URLSearchParams(f).toString();
      const summary = givingSummarySchema.parse(
        (await get(`/admin/graca/doacao/resumo?${qs}`, { token: tokens.finance })).body,
      );
      const inCents = (v: number) => Math.round(v * 100);
      expect(inCents(summary.total), qs).toBe(gifts.reduce((s, g) => s + cents(g.lines), 0));
      expect(summary.quantidade, qs).toBe(gifts.length);
      expect(summary.agrupamento).toBe(daily ? 'dia' : 'mes');
      expect(
        summary.porPeriodo.filter((p) => p.valor !== 0).map((p) => [p.periodo, inCents(p.valor)]),
        qs,
      ).toEqual([...byPeriod].sort(([a], [b]) => (a < b ? -1 : 1)));
      const larger = (a: [string, number], b: [string, number]) =>
        b[1] - a[1] || (a[0] < b[0] ? -1 : 1);
      expect(
        summary.porMotivo.map((r) => [String(r.id), r.nome, inCents(r.valor)]),
        qs,
      ).toEqual([...byReason].sort(larger).map(([id, c]) => [id, names.get(Number(id)), c]));
      expect(
        summary.porMetodo.map((m) => [m.metodo, inCents(m.valor)]),
        qs,
      ).toEqual([...byMethod].sort(larger));
      // the list: newest first (the later of two at the same time first), each with its counted lines' sum
      const page = staffGiftsPageSchema.parse(
        (await get(`/admin/graca/doacao/doacoes?${qs}`, { token: tokens.finance })).body,
      );
      const newest = [...gifts].sort(
        (a, b) => Date.parse(b.at) - Date.parse(a.at) || b.seq! - a.seq!,
      );
      expect(
        page.doacoes.map((g) => [g.codigo, inCents(g.valor)]),
        qs,
      ).toEqual(newest.map((g) => [g.code, cents(g.lines)]));
      expect([page.total, inCents(page.soma)], qs).toEqual([gifts.length, inCents(summary.total)]);
    }
  });

  /** What the summary and the list must answer for `f`, summed here from graca's gifts and lines. */
  async function expectAnswers(f: Record<string, string>) {
    const rows = await db()
      .select({
        id: t.payments.id,
        code: t.payments.code,
        at: t.payments.createdAt,
        method: t.payments.method,
        status: t.payments.status,
        reasonId: t.paymentLines.reasonId,
        cents: t.paymentLines.amountCents,
      })
      .from(t.payments)
      .innerJoin(t.paymentLines, eq(t.paymentLines.paymentId, t.payments.id))
      .where(and(eq(t.payments.churchId, graca), eq(t.payments.kind, 'doacao')));
    // days on the church's clock (docs/giving.md "Which clock")
    const counted = rows.filter(
      (r) =>
        (!f.de || churchToday(zone, r.at) >= f.de) &&
        (!f.ate || churchToday(zone, r.at) <= f.ate) &&
        (!f.status || r.status === f.status) &&
        (!f.metodo || r.method === f.metodo) &&
        (!f.motivo || r.reasonId === Number(f.motivo)),
    );
    const daily = !!f.de && !!f.ate && Date.parse(f.ate) - Date.parse(f.de) <= 62 * 86_400_000;
    const add = (to: Map<string, number>, key: string, c: number) =>
      to.set(key, (to.get(key) ?? 0) + c);
    const byPeriod = new Map<string, number>();
    const byReason = new Map<string, number>();
    const byMethod = new Map<string, number>();
    const byGift = new Map<number, { code: string; at: number; cents: number }>();
    for (const r of counted) {
      add(byPeriod, churchToday(zone, r.at).slice(0, daily ? 10 : 7), r.cents);
      add(byReason, String(r.reasonId), r.cents);
      add(byMethod, r.method, r.cents);
      const g = byGift.get(r.id) ?? { code: r.code, at: r.at.getTime(), cents: 0 };
      byGift.set(r.id, { ...g, cents: g.cents + r.cents });
    }
    const sum = counted.reduce((s, r) => s + r.cents, 0);
    const names = new Map((await reasons()).map((r) => [String(r.id), r.name] as const));
    const qs = new URLSearchParams(f).toString();
    const summary = givingSummarySchema.parse(
      (await get(`/admin/graca/doacao/resumo?${qs}`, { token: tokens.finance })).body,
    );
    const inCents = (v: number) => Math.round(v * 100);
    const larger = (a: [string, number], b: [string, number]) =>
      b[1] - a[1] || (a[0] < b[0] ? -1 : 1);
    expect(
      {
        total: inCents(summary.total),
        quantidade: summary.quantidade,
        agrupamento: summary.agrupamento,
        porPeriodo: summary.porPeriodo
          .filter((p) => p.valor !== 0)
          .map((p) => [p.periodo, inCents(p.valor)]),
        porMotivo: summary.porMotivo.map((r) => [String(r.id), r.nome, inCents(r.valor)]),
        porMetodo: summary.porMetodo.map((m) => [m.metodo, inCents(m.valor)]),
      },
      qs,
    ).toEqual({
      total: sum,
      quantidade: byGift.size,
      agrupamento: daily ? 'dia' : 'mes',
      porPeriodo: [...byPeriod].sort(([a], [b]) => (a < b ? -1 : 1)),
      porMotivo: [...byReason].sort(larger).map(([id, c]) => [id, names.get(id), c]),
      porMetodo: [...byMethod].sort(larger),
    });
    const page = staffGiftsPageSchema.parse(
      (await get(`/admin/graca/doacao/doacoes?${qs}`, { token: tokens.finance })).body,
    );
    expect([page.total, inCents(page.soma)], qs).toEqual([byGift.size, sum]);
    const newest = [...byGift].sort(([ia, a], [ib, b]) => b.at - a.at || ib - ia).slice(0, 25);
    expect(
      page.doacoes.map((g) => [g.codigo, inCents(g.valor)]),
      qs,
    ).toEqual(newest.map(([, g]) => [g.code, g.cents]));
  }

  /** The kept totals equal a rebuild of them from every church's gifts. */
  async function expectKeptTotalsRight() {
    const kept = () =>
      db()
        .select()
        .from(t.givingTotals)
        .where(ne(t.givingTotals.gifts, 0))
        .orderBy(
          asc(t.givingTotals.churchId),
          asc(t.givingTotals.month),
          asc(t.givingTotals.reasonId),
          asc(t.givingTotals.method),
          asc(t.givingTotals.status),
        );
    const before = await kept();
    await db().execute(sql`select doacao_total_refazer()`);
    expect(await kept()).toEqual(before);
  }

  it('the kept month totals follow approvals, refunds, a reason merge, an import and its undo; cut months come from the gifts', async () => {
    const [tithe, offering] = await reasons();
    const created = await call('POST', '/admin/graca/doacao/motivos', {
      token: tokens.finance,
      body: { nome: 'Campanha do telhado' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const campaign = staffReasonSchema.parse(created.body).id;
    await gift({ userId: ids.member, at: '2015-12-31T23:59:59-02:00', lines: [[tithe!.id, 50]] });
    await gift({
      userId: ids.member,
      at: '2016-01-31T23:59:59-02:00',
      lines: [
        [campaign, 500],
        [tithe!.id, 1000],
      ],
    });
    const february = await gift({
      donor: { name: 'Íris Visitante', email: 'iris@example.org' },
      at: '2016-02-01T00:00:00-02:00',
      method: 'cartao',
      lines: [[campaign, 700]],
    });
    const pending = await gift({
      userId: ids.member,
      at: '2016-02-15T12:00:00Z',
      method: 'boleto',
      status: 'pendente',
      lines: [
        [offering!.id, 300],
        [campaign, 200],
      ],
    });
    await gift({
      userId: ids.member,
      at: '2016-03-31T23:00:00-03:00',
      method: 'cartao',
      lines: [[tithe!.id, 1100]],
    });
    await gift({ userId: ids.member, at: '2016-04-01T00:00:00-03:00', lines: [[campaign, 900]] });
    await gift({
      userId: ids.member,
      at: '2016-12-31T23:59:59-02:00',
      lines: [[offering!.id, 400]],
    });
    const filters: Record<string, string>[] = [
      {},
      { de: '2016-01-01', ate: '2016-12-31' },
      { de: '2016-01-31', ate: '2016-04-30' },
      { de: '2016-01-15', ate: '2016-04-15' },
      { de: '2016-01-15', ate: '2016-04-15', motivo: String(campaign) },
      { de: '2016-01-15', ate: '2016-04-15', status: 'aprovado' },
      { de: '2016-01-15', ate: '2016-04-15', metodo: 'cartao' },
      { de: '2016-02-02', ate: '2016-05-30' },
      { de: '2016-02-01', ate: '2016-03-31' },
      { ate: '2016-03-31' },
      { de: '2016-02-10' },
      { de: '2015-12-31', ate: '2016-12-31', motivo: String(tithe!.id) },
    ];
    const check = async () => {
      for (const f of filters) await expectAnswers(f);
      await expectKeptTotalsRight();
    };
    await check();
    // the pending slip is paid
    await db()
      .update(t.payments)
      .set({ status: 'aprovado', updatedAt: new Date() })
      .where(eq(t.payments.code, pending));
    await check();
    // refunded through the pipeline's release
    expect(
      (
        await call('POST', `/admin/graca/doacao/doacoes/${february}/estorno`, {
          token: tokens.finance,
        })
      ).status,
    ).toBe(204);
    await check();
    // the campaign merged into the tithe: January's gift now has two tithe lines, counted once
    const merged = await call('POST', `/admin/graca/doacao/motivos/${campaign}/juntar`, {
      token: tokens.finance,
      body: { destino: tithe!.id },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    await check();
    // an import's gifts (written in one statement each, as a batch is) and its undo
    const imported = await db()
      .insert(t.payments)
      .values(
        ['2016-01-20', '2016-03-10', '2016-04-10'].map((day, i) => ({
          churchId: graca,
          code: `IMP-T-${i}`,
          kind: 'doacao',
          donorName: 'Histórico',
          method: 'dinheiro',
          status: 'aprovado' as const,
          subtotalCents: 1000 + i,
          totalCents: 1000 + i,
          installmentCents: 1000 + i,
          currency: 'BRL',
          gatewayReference: 'import:1',
          createdAt: new Date(`${day}T12:00:00Z`),
        })),
      )
      .returning({ id: t.payments.id, total: t.payments.totalCents });
    await db()
      .insert(t.paymentLines)
      .values(
        imported.map((p) => ({
          churchId: graca,
          paymentId: p.id,
          reasonId: offering!.id,
          reasonName: offering!.name,
          amountCents: p.total,
        })),
      );
    await check();
    await db().delete(t.payments).where(eq(t.payments.gatewayReference, 'import:1'));
    await check();
    // writers at once on the same kept rows, each gift written and approved in its own transaction
    // (side by side on PostgreSQL's pool: the later waits for the earlier's commit, never a deadlock)
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        db().transaction(async (tx) => {
          const [p] = await tx
            .insert(t.payments)
            .values({
              churchId: graca,
              code: `CONC-${i}`,
              kind: 'doacao',
              userId: ids.member,
              method: 'pix',
              status: 'pendente',
              subtotalCents: 110 + i,
              totalCents: 110 + i,
              installmentCents: 110 + i,
              currency: 'BRL',
              createdAt: new Date(`2016-03-0${i + 1}T10:00:00Z`),
            })
            .returning({ id: t.payments.id });
          await tx.insert(t.paymentLines).values([
            {
              churchId: graca,
              paymentId: p!.id,
              reasonId: offering!.id,
              reasonName: 'x',
              amountCents: 100 + i,
            },
            {
              churchId: graca,
              paymentId: p!.id,
              reasonId: tithe!.id,
              reasonName: 'x',
              amountCents: 10,
            },
          ]);
          await tx.update(t.payments).set({ status: 'aprovado' }).where(eq(t.payments.id, p!.id));
        }),
      ),
    );
    await check();
  });

  it('a treasurer refunds an approved gift once through the pipeline; the totals drop', async () => {
    const [tithe] = await reasons();
    const code = await gift({
      userId: ids.member,
      at: '2024-06-10T12:00:00Z',
      lines: [[tithe!.id, 5000]],
    });
    const before = givingSummarySchema.parse(
      (
        await get('/admin/graca/doacao/resumo?de=2024-06-01&ate=2024-06-30&status=aprovado', {
          token: tokens.finance,
        })
      ).body,
    );
    const logged = await audits();
    expect(
      (await call('POST', `/admin/graca/doacao/doacoes/${code}/estorno`, { token: tokens.finance }))
        .status,
    ).toBe(204);
    const [row] = await db().select().from(t.payments).where(eq(t.payments.code, code));
    expect(row!.status).toBe('estornado');
    expect(await audits()).toBe(logged + 1);
    expectError(
      await call('POST', `/admin/graca/doacao/doacoes/${code}/estorno`, { token: tokens.admin }),
      409,
      'staff.giving.notRefundable',
    );
    expectError(
      await call('POST', '/admin/graca/doacao/doacoes/NOPE1234/estorno', { token: tokens.admin }),
      404,
      'staff.giving.giftNotFound',
    );
    const after = givingSummarySchema.parse(
      (
        await get('/admin/graca/doacao/resumo?de=2024-06-01&ate=2024-06-30&status=aprovado', {
          token: tokens.finance,
        })
      ).body,
    );
    expect(Math.round((before.total - after.total) * 100)).toBe(5000);
    // the member's own history shows it refunded
    const mine = await get(`/usuario/${ids.member}/doacao?igreja=${graca}&ano=2024`, {
      token: tokens.member,
    });
    expect(JSON.stringify(mine.body)).toContain('estornado');
  });

  it('lists recurring gifts with their state and next charge', async () => {
    const res = staffRecurringPageSchema.parse(
      (await get('/admin/graca/doacao/recorrentes', { token: tokens.finance })).body,
    );
    expect(res.recorrentes.length).toBeGreaterThan(0);
    const [g] = res.recorrentes;
    expect(g!.estado).toBe('ativa');
    expect(g!.proximaCobranca).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await db()
      .update(t.recurringGifts)
      .set({ failedTries: 1 })
      .where(eq(t.recurringGifts.id, g!.id));
    const failing = staffRecurringPageSchema.parse(
      (await get('/admin/graca/doacao/recorrentes?estado=falhando', { token: tokens.finance }))
        .body,
    );
    expect(failing.recorrentes.map((r) => r.id)).toContain(g!.id);
  });

  it('the yearly statement batch e-mails each giver once, with two runners at the same time', async () => {
    const [tithe] = await reasons();
    const year = 2023;
    for (const [i, who] of [ids.member, ids.admin, ids.finance].entries())
      await gift({
        userId: who,
        at: `${year}-0${i + 1}-05T12:00:00Z`,
        lines: [[tithe!.id, 1000 * (i + 1)]],
      });
    await gift({ userId: ids.member, at: `${year}-07-05T12:00:00Z`, lines: [[tithe!.id, 500]] });
    await gift({
      donor: { name: 'Visitante', email: 'Vis@Example.org' },
      at: `${year}-08-05T12:00:00Z`,
      lines: [[tithe!.id, 700]],
    });
    await gift({
      donor: { name: 'Visitante', email: 'vis@example.org' },
      at: `${year}-09-05T12:00:00Z`,
      lines: [[tithe!.id, 800]],
    });
    await gift({
      userId: ids.graceAdmin,
      at: `${year}-10-05T12:00:00Z`,
      status: 'pendente',
      lines: [[tithe!.id, 900]],
    });

    const started = await call('POST', '/admin/graca/doacao/extratos', {
      token: tokens.finance,
      body: { ano: year },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const batch = statementBatchSchema.parse(started.body);
    expect(batch).toMatchObject({ total: 4, enviados: 0, status: 'enviando' });
    expectError(
      await call('POST', '/admin/graca/doacao/extratos', {
        token: tokens.admin,
        body: { ano: year },
      }),
      409,
      'staff.giving.batchRunning',
    );
    expectError(
      await call('POST', '/admin/graca/doacao/extratos', {
        token: tokens.admin,
        body: { ano: 2001 },
      }),
      422,
      'staff.giving.noGivers',
    );

    const sent: Mail[] = [];
    const mailer = { send: async (mail: Mail) => void sent.push(mail) };
    const settings = { PROVIDER_DOMAIN: 'localhost', PORT: 4321 };
    const { stats } = await countQueries(() =>
      Promise.all([
        sendStatementBatches(db(), { mailer, settings }),
        sendStatementBatches(db(), { mailer, settings }),
      ]),
    );
    // the next givers are listed once for many statements, not read from the year's gifts for each
    // (docs/performance.md "Pages while staff work runs"): a runner lists them, then finds none left
    const lists = stats.statements.filter((q) =>
      /group by[\s\S]*not exists|not exists[\s\S]*group by/i.test(q),
    );
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.length).toBeLessThanOrEqual(4);
    expect(sent.map((m) => m.to.toLowerCase()).sort()).toEqual(
      ['lider@graca.demo', 'membro@graca.demo', 'tesoureiro@graca.demo', 'vis@example.org'].sort(),
    );
    const maria = sent.find((m) => m.to === 'membro@graca.demo')!;
    expect(maria.text).toContain('15,00');
    expect(maria.links[0]).toContain(`/user/giving/statement?ano=${year}`);
    const visitor = sent.find((m) => m.to.toLowerCase() === 'vis@example.org')!;
    expect(visitor.text).toContain('15,00');

    const list = await get('/admin/graca/doacao/extratos', { token: tokens.finance });
    expect((list.body.lotes as { id: number }[])[0]).toMatchObject({
      id: batch.id,
      status: 'concluido',
      enviados: 4,
      total: 4,
    });
    const rows = await db()
      .select()
      .from(t.sentStatements)
      .where(and(eq(t.sentStatements.churchId, graca), eq(t.sentStatements.year, year)));
    expect(rows).toHaveLength(4);

    // a second batch of the same year sends nobody again
    const again = await call('POST', '/admin/graca/doacao/extratos', {
      token: tokens.admin,
      body: { ano: year },
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ status: 'concluido', enviados: 4 });
    await sendStatementBatches(db(), { mailer, settings });
    expect(sent).toHaveLength(4);
  });

  it('days, months and years are the church’s: 23:30 on 31 December in Brasília is that day’s, December’s and that year’s', async () => {
    expect(await churchZone(db(), graca)).toBe(zone);
    // a reason of its own, so the demo's gifts of these months stay out of the filters
    const created = await call('POST', '/admin/graca/doacao/motivos', {
      token: tokens.finance,
      body: { nome: 'Oferta de Natal' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const christmas = staffReasonSchema.parse(created.body).id;
    const only = `motivo=${christmas}&`;
    // 02:30 UTC on 1 January 2027 (UTC would count it in January and in 2027)
    const eve = await gift({
      userId: ids.graceAdmin,
      at: '2026-12-31T23:30:00-03:00',
      lines: [[christmas, 4321]],
    });
    // 02:00 UTC on 1 December: November's on the church's clock
    const november = await gift({
      userId: ids.graceAdmin,
      at: '2026-11-30T23:00:00-03:00',
      method: 'cartao',
      lines: [[christmas, 1200]],
    });
    // January on both clocks
    const january = await gift({
      userId: ids.graceAdmin,
      at: '2027-01-01T00:30:00-03:00',
      lines: [[christmas, 800]],
    });
    const codes = async (qs: string) =>
      staffGiftsPageSchema
        .parse(
          (await get(`/admin/graca/doacao/doacoes?${only}${qs}`, { token: tokens.finance })).body,
        )
        .doacoes.map((g) => g.codigo);
    const periods = async (qs: string) =>
      givingSummarySchema
        .parse(
          (await get(`/admin/graca/doacao/resumo?${only}${qs}`, { token: tokens.finance })).body,
        )
        .porPeriodo.filter((p) => p.valor !== 0)
        .map((p) => [p.periodo, p.valor]);
    const csvDays = async (qs: string) =>
      (
        await (
          await api.request(`/api/v1/admin/graca/doacao/doacoes.csv?${only}${qs}`, {
            headers: { authorization: `Bearer ${tokens.finance}`, 'accept-language': 'pt-BR' },
          })
        ).text()
      )
        .trim()
        .split('\r\n')
        .slice(1)
        .map((r) => r.split(';').slice(0, 2).join(' '));

    // the gifts list's filter of a day: from its start to its end in Brasília
    expect(await codes('de=2026-12-31&ate=2026-12-31')).toEqual([eve]);
    expect(await codes('de=2027-01-01&ate=2027-01-01')).toEqual([january]);
    expect(await codes('de=2026-11-30&ate=2026-11-30')).toEqual([november]);
    expect(await csvDays('de=2026-12-31&ate=2026-12-31')).toEqual([`2026-12-31 ${eve}`]);
    expect(await csvDays('de=2026-11-30&ate=2027-01-01')).toEqual([
      `2027-01-01 ${january}`,
      `2026-12-31 ${eve}`,
      `2026-11-30 ${november}`,
    ]);
    // the chart by day, and by month: whole months from the kept totals, cut ones from the gifts
    expect(await periods('de=2026-12-25&ate=2027-01-05')).toEqual([
      ['2026-12-31', 43.21],
      ['2027-01-01', 8],
    ]);
    const months = [
      ['2026-11', 12],
      ['2026-12', 43.21],
      ['2027-01', 8],
    ];
    expect(await periods('de=2026-10-01&ate=2027-03-31')).toEqual(months);
    expect(await periods('de=2026-10-15&ate=2027-02-15')).toEqual(months);
    expect(await periods('de=2026-11-30&ate=2027-01-01')).toEqual([
      ['2026-11-30', 12],
      ['2026-12-31', 43.21],
      ['2027-01-01', 8],
    ]);
    const kept = async () =>
      (
        await db()
          .select({ month: t.givingTotals.month, cents: t.givingTotals.amountCents })
          .from(t.givingTotals)
          .where(
            and(
              eq(t.givingTotals.churchId, graca),
              eq(t.givingTotals.reasonId, christmas),
              sql`${t.givingTotals.month} between '2026-11-01' and '2027-01-01'`,
              ne(t.givingTotals.gifts, 0),
            ),
          )
          .orderBy(asc(t.givingTotals.month))
      ).map((r) => [r.month, r.cents]);
    expect(await kept()).toEqual([
      ['2026-11-01', 1200],
      ['2026-12-01', 4321],
      ['2027-01-01', 800],
    ]);

    // the yearly statement of 2026 holds the gift of the 31st; 2027's does not
    const sent: Mail[] = [];
    const mailer = { send: async (mail: Mail) => void sent.push(mail) };
    for (const ano of [2026, 2027]) {
      const started = await call('POST', '/admin/graca/doacao/extratos', {
        token: tokens.finance,
        body: { ano },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      while (
        await sendStatementBatches(db(), {
          mailer,
          settings: { PROVIDER_DOMAIN: 'localhost', PORT: 4321 },
        })
      );
    }
    const toGrace = sent.filter((m) => m.to === STAFF_ACCOUNTS.graceAdmin);
    expect(toGrace.map((m) => /55,21|8,00/.exec(m.text)?.[0])).toEqual(['55,21', '8,00']);

    // a church that moves to Portugal counts on Lisbon's clock: its kept months are rebuilt
    const [church] = await db().select().from(t.churches).where(eq(t.churches.id, graca));
    try {
      await db().update(t.churches).set({ country: 'PT' }).where(eq(t.churches.id, graca));
      expect(await kept()).toEqual([
        ['2026-12-01', 1200],
        ['2027-01-01', 4321 + 800],
      ]);
      expect(await periods('de=2026-10-01&ate=2027-03-31')).toEqual([
        ['2026-12', 12],
        ['2027-01', 51.21],
      ]);
      await expectKeptTotalsRight();
    } finally {
      await db()
        .update(t.churches)
        .set({ country: church!.country })
        .where(eq(t.churches.id, graca));
    }
    expect(await kept()).toEqual([
      ['2026-11-01', 1200],
      ['2026-12-01', 4321],
      ['2027-01-01', 800],
    ]);
  });

  it('a church that chose its zone counts on it: 23:30 on 31 December in Manaus is 2026’s there, though 2027’s in Brasília; changing the zone moves its kept months', async () => {
    const created = await call('POST', '/admin/graca/doacao/motivos', {
      token: tokens.finance,
      body: { nome: 'Oferta de Ano Novo' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const newYear = staffReasonSchema.parse(created.body).id;
    // 03:30 UTC on 1 January 2027: 00:30 on the 1st in Brasília, 23:30 on the 31st in Manaus
    const eve = await gift({
      userId: ids.member,
      at: '2026-12-31T23:30:00-04:00',
      lines: [[newYear, 2500]],
    });
    const kept = async () =>
      (
        await db()
          .select({ month: t.givingTotals.month, cents: t.givingTotals.amountCents })
          .from(t.givingTotals)
          .where(
            and(
              eq(t.givingTotals.churchId, graca),
              eq(t.givingTotals.reasonId, newYear),
              ne(t.givingTotals.gifts, 0),
            ),
          )
      ).map((r) => [r.month, r.cents]);
    const codes = async (day: string) =>
      staffGiftsPageSchema
        .parse(
          (
            await get(`/admin/graca/doacao/doacoes?motivo=${newYear}&de=${day}&ate=${day}`, {
              token: tokens.finance,
            })
          ).body,
        )
        .doacoes.map((g) => g.codigo);
    const givenIn = async (year: number) =>
      historyResponseSchema
        .parse(
          (
            await get(`/usuario/${ids.member}/doacao?igreja=${graca}&ano=${year}`, {
              token: tokens.member,
            })
          ).body,
        )
        .doacoes.map((g) => g.codigo)
        .filter((c) => c === eve);
    const publicZone = async () =>
      churchSchema.parse((await get('/igreja/codigo/graca')).body).fusoHorario;
    const setZone = (fusoHorario: string | null, token = tokens.admin) =>
      call('PUT', '/admin/graca/igreja/fuso-horario', { token, body: { fusoHorario } });

    // on the country's clock (Brazil: São Paulo) it is New Year's Day
    expect(await kept()).toEqual([['2027-01-01', 2500]]);
    expect(await codes('2027-01-01')).toEqual([eve]);
    expect(await givenIn(2027)).toEqual([eve]);
    expect(await publicZone()).toBe(zone);

    // the church's settings are its admins': a treasurer may not move its clock; a bad zone is the field's
    expect((await setZone('America/Manaus', tokens.finance)).status).toBe(403);
    expect((await setZone('America/Manaus', tokens.graceAdmin)).status).toBe(403);
    const bad = await setZone('Mars/Olympus');
    expect(bad.status).toBe(400);
    expect((bad.body as { errors: Record<string, string[]> }).errors.fusoHorario).toEqual([
      'Choose a valid time zone (such as America/Sao_Paulo).',
    ]);
    expect(await churchZone(db(), graca)).toBe(zone);

    try {
      const chosen = await setZone('America/Manaus');
      expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
      expect(chosen.body).toMatchObject({
        fusoHorario: 'America/Manaus',
        fusoHorarioPadrao: 'America/Sao_Paulo',
      });
      expect(await churchZone(db(), graca)).toBe('America/Manaus');
      expect(await publicZone()).toBe('America/Manaus');
      // its months were rebuilt in that write, and its days and years are Manaus's
      expect(await kept()).toEqual([['2026-12-01', 2500]]);
      expect(await codes('2026-12-31')).toEqual([eve]);
      expect(await codes('2027-01-01')).toEqual([]);
      expect(await givenIn(2026)).toEqual([eve]);
      expect(await givenIn(2027)).toEqual([]);
      await expectKeptTotalsRight();
    } finally {
      // empty: back to its country's zone (nothing chosen)
      expect((await setZone('')).body).toMatchObject({ fusoHorario: null });
    }
    expect(await kept()).toEqual([['2027-01-01', 2500]]);
    expect(await givenIn(2027)).toEqual([eve]);
    expect(await publicZone()).toBe(zone);
  });

  it('the database’s church clock (igreja_fuso) is zoneOfChurch’s, for every chosen zone, country code and language', async () => {
    const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    const zones = [null, '', 'America/Manaus', 'UTC'];
    const countries = [null, '', 'br', ...letters.flatMap((a) => letters.map((b) => a + b))];
    const locales = [null, '', 'pt-BR', 'pt', 'en', 'en-US', 'es', 'es-AR', 'fr'];
    const rows = await rowsOf<{
      fuso: string | null;
      pais: string | null;
      idioma: string | null;
      relogio: string;
    }>(
      db().execute(sql`
        select f as fuso, p as pais, i as idioma, igreja_fuso(f, p, i) as relogio
        from json_array_elements_text(${JSON.stringify(zones)}::json) f
        cross join json_array_elements_text(${JSON.stringify(countries)}::json) p
        cross join json_array_elements_text(${JSON.stringify(locales)}::json) i`),
    );
    expect(rows).toHaveLength(zones.length * countries.length * locales.length);
    const differ = rows.filter(
      (r) => r.relogio !== zoneOfChurch({ timeZone: r.fuso, country: r.pais, locale: r.idioma }),
    );
    expect(differ).toEqual([]);
    // the chosen zone comes first
    expect(rows.find((r) => r.fuso === 'America/Manaus' && r.pais === 'BR')?.relogio).toBe(
      'America/Manaus',
    );
  });
});
