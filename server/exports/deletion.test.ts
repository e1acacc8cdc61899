// Deleting a church after a grace period (docs/provider.md "Deleting a church"), on both
// databases: only a provider admin marks a church (its code typed again); it is suspended at once
// (suspend/reactivate refused meanwhile), its export is made for the provider; cancel puts back
// the state it had; once due, the job deletes it only when the export is ready — every row of the
// church, its files, the team's copies — keeps the provider's zip, leaves the other churches
// whole, and records it in the provider's audit log.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportLinkSchema, exportListSchema } from '../../contract/church-export.ts';
import { providerChurchSchema } from '../../contract/provider.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { createLocalFileStore } from '../files/local.ts';
import { addProviderAdmin } from '../provider/admins.service.ts';
import { apiClient, expectError, loginAs, runQueuedTasks } from '../test-kit.ts';
import { deleteOneDueChurch } from './deletion.service.ts';
import { exportTask } from './export.service.ts';

const root = mkdtempSync(path.join(tmpdir(), 'church-deletion-'));
const PASSWORD = 'Nova@Senha123';

describe.each(testBackends())('church deletion on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let dataDir: string;
  let provider = '';
  let gracaAdmin = '';
  let graceId = 0;
  const { call } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  const files = () => createLocalFileStore(path.join(dataDir, 'files'));
  const churchRows = async (id: number) => {
    // every table with a church column, counted for this church
    const tables = await rowsOf<{ table_name: string }>(
      db().execute(
        sql`select table_name from information_schema.columns where column_name = 'igreja_id' and table_schema = 'public'`,
      ),
    );
    let n = 0;
    for (const { table_name } of tables) {
      if (table_name === 'exportacao') continue; // the provider's copy outlives the church
      const [row] = await rowsOf<{ n: number }>(
        db().execute(
          sql.raw(`select count(*)::int as n from "${table_name}" where igreja_id = ${id}`),
        ),
      );
      n += Number(row!.n);
    }
    return n;
  };

  beforeAll(async () => {
    dataDir = path.join(root, backend);
    process.env.DATA_DIR = dataDir;
    process.env.PROVIDER_DOMAIN = 'localhost';
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db, changes: createChangeFeed(), files: files() });
    const added = await addProviderAdmin(db(), 'dono@plataforma.test', 'http://localhost:4321');
    const token = new URL(added.link!).searchParams.get('token')!;
    await call('POST', '/provider/senha', { body: { token, senha: PASSWORD } });
    provider = (await loginAs(api, 'dono@plataforma.test', PASSWORD)).token;
    gracaAdmin = (await loginAs(api, 'lider@graca.demo')).token;
    const [grace] = await db()
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, 'grace'));
    graceId = grace!.id;
    await files().put(`uploads/igreja/${graceId}-logo-z9.webp`, Buffer.from('grace'), 'image/webp');
    await db()
      .update(t.churchVisuals)
      .set({ logo: `/api/v1/imagem/igreja/${graceId}-logo-z9.webp` })
      .where(eq(t.churchVisuals.churchId, graceId));
  }, 240_000);
  afterAll(() => database?.close());

  it('refuses a church admin, and a code typed wrong, changing nothing', async () => {
    expectError(
      await call('POST', `/provider/igrejas/${graceId}/exclusao`, {
        token: gracaAdmin,
        body: { codigo: 'grace' },
      }),
      403,
      'provider.forbidden',
    );
    const wrong = await call('POST', `/provider/igrejas/${graceId}/exclusao`, {
      token: provider,
      body: { codigo: 'graca' },
    });
    expectError(wrong, 422, 'deletion.code');
    expect(await db().$count(t.churchDeletions)).toBe(0);
    const [church] = await db().select().from(t.churches).where(eq(t.churches.id, graceId));
    expect(church!.active).toBe(true);
  });

  it('suspends at once, makes the export, and cancelling puts the church back', async () => {
    const marked = await call('POST', `/provider/igrejas/${graceId}/exclusao`, {
      token: provider,
      body: { codigo: 'grace', dias: 30 },
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const church = providerChurchSchema.parse(marked.body);
    expect(church.estado).toBe('suspensa');
    const days = (new Date(church.exclusao!.excluirEm).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expectError(
      await call('POST', `/provider/igrejas/${graceId}/reativar`, { token: provider }),
      409,
      'deletion.marked',
    );
    expectError(
      await call('POST', `/provider/igrejas/${graceId}/exclusao`, {
        token: provider,
        body: { codigo: 'grace' },
      }),
      409,
      'deletion.marked',
    );
    const cancelled = await call('DELETE', `/provider/igrejas/${graceId}/exclusao`, {
      token: provider,
    });
    expect(providerChurchSchema.parse(cancelled.body)).toMatchObject({
      estado: 'ativa',
      exclusao: null,
    });
    const actions = await db()
      .select({ action: t.providerAudit.action })
      .from(t.providerAudit)
      .where(eq(t.providerAudit.targetId, String(graceId)));
    expect(actions.map((a) => a.action)).toEqual(['church.markDeletion', 'church.cancelDeletion']);
  });

  it('deletes a due church only once its export is ready: its rows and files, not the provider’s zip nor other churches', async () => {
    const marked = await call('POST', `/provider/igrejas/${graceId}/exclusao`, {
      token: provider,
      body: { codigo: 'grace', dias: 1 },
    });
    expect(marked.status).toBe(200);
    const before = await churchRows(graceId);
    expect(before).toBeGreaterThan(10);
    const gracaBefore = await churchRows(1);
    const later = new Date(Date.now() + 2 * 86_400_000);
    // not yet due: nothing happens; due but the export not ready: nothing either
    expect(await deleteOneDueChurch(db(), files(), undefined, new Date())).toBeNull();
    expect(await deleteOneDueChurch(db(), files(), undefined, later)).toBeNull();
    expect(await churchRows(graceId)).toBe(before);
    await runQueuedTasks(db(), dataDir, [exportTask]);
    expect(await deleteOneDueChurch(db(), files(), undefined, later)).toBe(graceId);
    expect(await churchRows(graceId)).toBe(0);
    expect(await db().$count(t.churches, eq(t.churches.id, graceId))).toBe(0);
    expect(await files().get(`uploads/igreja/${graceId}-logo-z9.webp`)).toBeNull();
    expect(await churchRows(1)).toBe(gracaBefore);
    // the provider keeps the zip made before, and can download it
    const list = exportListSchema.parse(
      (await call('GET', '/provider/exportacoes', { token: provider })).body,
    );
    const kept = list.exportacoes.find(
      (e) => e.igreja.codigo === 'grace' && e.origem === 'exclusao',
    );
    expect(kept).toMatchObject({ estado: 'pronta', expiraEm: null });
    const { url } = exportLinkSchema.parse(
      (await call('POST', `/provider/exportacoes/${kept!.id}/link`, { token: provider })).body,
    );
    const zip = await api.request(url);
    expect(zip.status).toBe(200);
    expect((await zip.arrayBuffer()).byteLength).toBe(kept!.tamanho);
    const purge = await db()
      .select({ action: t.providerAudit.action })
      .from(t.providerAudit)
      .where(eq(t.providerAudit.action, 'church.purge'));
    expect(purge).toHaveLength(1);
    // run again: nothing left to delete
    expect(await deleteOneDueChurch(db(), files(), undefined, later)).toBeNull();
  });
});
