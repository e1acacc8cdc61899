// A church's data leaves with it (docs/provider.md "A church's data leaves with it"), on both
// databases: graca's admin asks for the zip in Settings, a task writes it into the file store,
// and the signed link sends it back; the zip holds every part as CSV (`;`, decimal comma, BOM,
// words) and JSON with the church's own row counts, its files, a manifest, and nothing of another
// church; a content editor and another church's admin are refused; a tampered link is refused;
// asking and downloading are audited.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportLinkSchema, exportListSchema, exportSchema } from '../../contract/church-export.ts';
import { createApi, type Api } from '../app.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { createLocalFileStore } from '../files/local.ts';
import { apiClient, expectError, loginAs, runQueuedTasks } from '../test-kit.ts';
import { exportTask } from './export.service.ts';
import { EXPORT_PARTS } from './parts.ts';

const root = mkdtempSync(path.join(tmpdir(), 'church-export-'));

describe.each(testBackends())('church export on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  const { call } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  let gracaId = 0;
  let graceId = 0;
  let zip: Record<string, Uint8Array> = {};

  beforeAll(async () => {
    dataDir = path.join(root, backend);
    database = await openTestDatabase(backend);
    const files = createLocalFileStore(path.join(dataDir, 'files'));
    api = createApi({ db: database.db, changes: createChangeFeed(), files });
    const ids = await db().select({ id: t.churches.id, code: t.churches.code }).from(t.churches);
    gracaId = ids.find((c) => c.code === 'graca')!.id;
    graceId = ids.find((c) => c.code === 'grace')!.id;
    // a logo of each church in the file store: only graca's belongs in graca's zip
    await files.put(
      `uploads/igreja/${gracaId}-logo-a1.webp`,
      Buffer.from('graca logo'),
      'image/webp',
    );
    await files.put(
      `uploads/igreja/${graceId}-logo-b2.webp`,
      Buffer.from('grace logo'),
      'image/webp',
    );
    await db()
      .update(t.churchVisuals)
      .set({ logo: `/api/v1/imagem/igreja/${gracaId}-logo-a1.webp` })
      .where(eq(t.churchVisuals.churchId, gracaId));
    await db()
      .update(t.churchVisuals)
      .set({ logo: `/api/v1/imagem/igreja/${graceId}-logo-b2.webp` })
      .where(eq(t.churchVisuals.churchId, graceId));
    for (const email of ['lider@graca.demo', 'editor@graca.demo', 'admin@grace.demo'])
      tokens[email] = (await loginAs(api, email)).token;
    // a payment at 23:30 on 31 December in Brasília: 02:30 UTC on 1 January
    const [first] = await db()
      .select({ id: t.payments.id })
      .from(t.payments)
      .where(eq(t.payments.churchId, gracaId))
      .limit(1);
    await db()
      .update(t.payments)
      .set({ createdAt: new Date('2027-01-01T02:30:00Z') })
      .where(eq(t.payments.id, first!.id));
  }, 240_000);
  afterAll(() => database?.close());

  it('refuses a content editor and another church’s admin, writing nothing', async () => {
    expectError(
      await call('POST', '/admin/graca/exportacao', { token: tokens['editor@graca.demo'] }),
      403,
      'staff.forbidden',
    );
    expectError(
      await call('POST', '/admin/graca/exportacao', { token: tokens['admin@grace.demo'] }),
      403,
      'staff.notStaff',
    );
    expect(await db().$count(t.churchExports)).toBe(0);
  });

  it('queues the zip, refuses a second while it is prepared, and the task makes it ready', async () => {
    const asked = await call('POST', '/admin/graca/exportacao', {
      token: tokens['lider@graca.demo'],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(exportSchema.parse(asked.body)).toMatchObject({
      estado: 'preparando',
      origem: 'equipe',
    });
    expectError(
      await call('POST', '/admin/graca/exportacao', { token: tokens['lider@graca.demo'] }),
      409,
      'exports.running',
    );
    const ran = await runQueuedTasks(db(), dataDir, [exportTask]);
    expect(ran).toHaveLength(1);
    const list = exportListSchema.parse(
      (await call('GET', '/admin/graca/exportacao', { token: tokens['lider@graca.demo'] })).body,
    );
    expect(list.exportacoes[0]).toMatchObject({ estado: 'pronta', erro: null });
    expect(list.exportacoes[0]!.tamanho).toBeGreaterThan(0);
    expect(new Date(list.exportacoes[0]!.expiraEm!).getTime()).toBeGreaterThan(Date.now());
    // another church's admin sees none of it
    const theirs = exportListSchema.parse(
      (await call('GET', '/admin/grace/exportacao', { token: tokens['admin@grace.demo'] })).body,
    );
    expect(theirs.exportacoes).toEqual([]);
  });

  it('sends the zip by a signed link only, named by the church’s day', async () => {
    // made at 22:00 on 31 December in Brasília (01:00 UTC on 1 January): the church's 31st
    await db()
      .update(t.churchExports)
      .set({ readyAt: new Date('2027-01-01T01:00:00Z') })
      .where(eq(t.churchExports.churchId, gracaId));
    const [row] = await db().select().from(t.churchExports);
    // grace's admin cannot get a link to graca's export through grace
    expectError(
      await call('POST', `/admin/grace/exportacao/${row!.id}/link`, {
        token: tokens['admin@grace.demo'],
      }),
      404,
      'exports.notFound',
    );
    const linked = await call('POST', `/admin/graca/exportacao/${row!.id}/link`, {
      token: tokens['lider@graca.demo'],
    });
    expect(linked.status).toBe(200);
    const { url } = exportLinkSchema.parse(linked.body);
    const tampered = url.replace(/assinatura=[^&]+/, 'assinatura=AAAA');
    const refused = await api.request(tampered);
    expect(refused.status).toBe(403);
    const other = url.replace(`/exportacao/${row!.id}/`, `/exportacao/${row!.id + 1}/`);
    expect((await api.request(other)).status).toBe(403);
    const res = await api.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="graca-2026-12-31.zip"',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(row!.size);
    zip = unzipSync(bytes);
    const audits = await db()
      .select({ action: t.auditLog.action })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.churchId, gracaId), eq(t.auditLog.kind, 'exportacao')));
    expect(audits.map((a) => a.action).sort()).toEqual(['church.download', 'church.export']);
  });

  it('holds every part with the church’s row counts, as CSV and JSON, and its files', async () => {
    const text = (name: string) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(zip[name]);
    const counts: Record<string, number> = {
      pessoas: await db().$count(t.churchUsers, eq(t.churchUsers.churchId, gracaId)),
      grupos: await db().$count(t.groups, eq(t.groups.churchId, gracaId)),
      'grupos-membros': await db().$count(t.groupMembers, eq(t.groupMembers.churchId, gracaId)),
      'grupos-reunioes': await db().$count(t.groupMeetings, eq(t.groupMeetings.churchId, gracaId)),
      pagamentos: await db().$count(t.payments, eq(t.payments.churchId, gracaId)),
      doacoes: await db().$count(t.paymentLines, eq(t.paymentLines.churchId, gracaId)),
      'doacoes-recorrentes': await db().$count(
        t.recurringGifts,
        eq(t.recurringGifts.churchId, gracaId),
      ),
      eventos: await db().$count(t.events, eq(t.events.churchId, gracaId)),
      inscricoes: await db().$count(t.registrations, eq(t.registrations.churchId, gracaId)),
      conteudos: await db().$count(t.contents, eq(t.contents.churchId, gracaId)),
      louvores: await db().$count(t.praises, eq(t.praises.churchId, gracaId)),
    };
    expect(EXPORT_PARTS.map((p) => p.name).sort()).toEqual(Object.keys(counts).sort());
    expect(counts.pessoas).toBeGreaterThan(5);
    expect(counts.pagamentos).toBeGreaterThan(0);
    const manifest = JSON.parse(text('manifesto.json')) as { arquivos: Record<string, number> };
    for (const [name, n] of Object.entries(counts)) {
      const rows = JSON.parse(text(`${name}.json`)) as unknown[];
      expect(rows, `${name}.json`).toHaveLength(n);
      expect(manifest.arquivos[`${name}.csv`], `${name}.csv in the manifest`).toBe(n);
      const csv = text(`${name}.csv`);
      expect(csv.startsWith('\uFEFF'), `${name}.csv BOM`).toBe(true);
      // header plus one line per row (a quoted cell may hold line breaks: count records by JSON)
      expect(csv.split('\r\n').filter(Boolean).length, `${name}.csv lines`).toBeGreaterThanOrEqual(
        n + 1,
      );
    }
    // a pt church: `;` between cells, words not codes, amounts with a decimal comma
    const people = text('pessoas.csv');
    expect(people.split('\r\n')[0]).toBe(
      '\uFEFFNome;E-mail;Telefone;Data de nascimento;CPF;Nº de membro;Situação;Funções;Membro desde',
    );
    expect(people).toMatch(/;Administrador;/);
    expect(people).not.toMatch(/ROLE_ADMIN/);
    const payments = text('pagamentos.csv');
    expect(payments).toMatch(/;Aprovado;/);
    expect(payments).toMatch(/;\d+,\d\d;/);
    expect(payments).not.toMatch(/;aprovado;/);
    // moments on the church's clock in the CSV, as ISO instants in the JSON
    expect(payments).toContain(';2026-12-31 23:30;');
    expect(text('pagamentos.json')).toContain('"2027-01-01T02:30:00.000Z"');
    // its logo, and nothing of another church
    expect(Object.keys(zip)).toContain(`arquivos/uploads/igreja/${gracaId}-logo-a1.webp`);
    expect(new TextDecoder().decode(zip[`arquivos/uploads/igreja/${gracaId}-logo-a1.webp`])).toBe(
      'graca logo',
    );
    expect(Object.keys(zip).some((k) => k.includes(`${graceId}-logo`))).toBe(false);
    const graceOnly = await db()
      .select({ email: t.users.email })
      .from(t.churchUsers)
      .innerJoin(t.users, eq(t.users.id, t.churchUsers.userId))
      .where(
        and(
          eq(t.churchUsers.churchId, graceId),
          sql`${t.users.id} not in (select usuario_id from igreja_usuario where igreja_id = ${gracaId})`,
        ),
      );
    expect(graceOnly.length).toBeGreaterThan(0);
    const all = Object.values(zip)
      .map((b) => new TextDecoder().decode(b))
      .join('\n');
    for (const { email } of graceOnly) expect(all).not.toContain(email);
    expect(all).not.toContain('grace logo');
  });
});
