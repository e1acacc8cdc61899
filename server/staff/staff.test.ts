// The staff area's gate, profile and audit log (docs/staff.md): who gets in, with which areas,
// and that a staff write is recorded and announced.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, staffMeSchema } from '../../contract/staff.ts';
import { createApi, type Api } from '../app.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectError, loginAs } from '../test-kit.ts';
import { staffWrite } from './write.ts';

describe.each(testBackends())('staff area gate on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  const changed: number[] = [];
  const tokens: Record<string, string> = {};

  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const get = (url: string, token?: string, lang?: string) => call('GET', url, { token, lang });

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const changes = createChangeFeed();
    changes.onChurchChanged((id) => changed.push(id));
    api = createApi({ db: database.db, changes });
    for (const email of [
      'lider@graca.demo',
      'editor@graca.demo',
      'membro@graca.demo',
      'admin@grace.demo',
    ])
      tokens[email] = (await loginAs(api, email)).token;
  });
  afterAll(() => database?.close());

  it('gives an admin every area and a content editor only the content areas', async () => {
    const admin = await get('/admin/graca/eu', tokens['lider@graca.demo']);
    expect(admin.status).toBe(200);
    const me = staffMeSchema.parse(admin.body);
    expect(me.roles).toEqual(['ROLE_ADMIN']);
    expect(me.areas).toContain('church');
    expect(me.areas).toContain('audit');
    expect(me.igrejas.map((c) => c.codigo)).toEqual(['graca']);

    const editor = staffMeSchema.parse(
      (await get('/admin/graca/eu', tokens['editor@graca.demo'])).body,
    );
    expect(editor.areas).toEqual([
      'content',
      'home',
      'notifications',
      'songs',
      'play',
      'readingPlans',
    ]);
  });

  it('refuses a visitor (401), a member and another church’s admin (403), in the caller’s language', async () => {
    expectError(await get('/admin/graca/eu'), 401, 'auth.loginRequired');
    expectError(
      await get('/admin/graca/eu', tokens['membro@graca.demo'], 'es'),
      403,
      'staff.notStaff',
    );
    expectError(await get('/admin/graca/eu', tokens['admin@grace.demo']), 403, 'staff.notStaff');
    expectError(
      await get('/admin/nao-existe/eu', tokens['lider@graca.demo']),
      404,
      'staff.notFound',
    );
  });

  it('keeps the audit log to admins, and a content editor is refused it', async () => {
    expectError(
      await get('/admin/graca/auditoria', tokens['editor@graca.demo'], 'en'),
      403,
      'staff.forbidden',
    );
  });

  it('records a staff write with its audit entry, announces it, and records nothing when it fails', async () => {
    const [graca] = await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, 'graca'));
    const [leader] = await database.db
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, 'lider@graca.demo'));
    const actor = {
      userId: leader!.id,
      name: 'João Pereira',
      churchId: graca!.id,
      roles: ['ROLE_ADMIN'],
    };
    const deps = { db: database.db, changes: createChangeFeed() };
    const seen: number[] = [];
    deps.changes.onChurchChanged((id) => seen.push(id));

    await staffWrite(
      deps,
      actor,
      { action: 'test.write', kind: 'teste', summary: 'Primeira' },
      async () => 1,
    );
    await expect(
      staffWrite(
        deps,
        actor,
        { action: 'test.fail', kind: 'teste', summary: 'Falhou' },
        async () => {
          throw new Error('no');
        },
      ),
    ).rejects.toThrow('no');
    expect(seen).toEqual([graca!.id]);

    const page = auditPageSchema.parse(
      (
        await get(
          `/admin/graca/auditoria?tipo=teste&usuario=${leader!.id}`,
          tokens['lider@graca.demo'],
        )
      ).body,
    );
    expect(page.registros.map((r) => [r.acao, r.resumo, r.usuario.nome])).toEqual([
      ['test.write', 'Primeira', 'João Pereira'],
    ]);
    expect(page.tipos).toContain('teste');
    expect(page.pessoas).toEqual([{ id: leader!.id, nome: 'João Pereira' }]);
  });

  it('carries ROLE_SUPER_ADMIN over every church of the organisation, and no further', async () => {
    const [norte] = await database.db
      .select({ id: t.churches.id, org: t.churches.organizationId })
      .from(t.churches)
      .where(eq(t.churches.code, 'graca-norte'));
    const [editor] = await database.db
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, 'editor@graca.demo'));
    const [membership] = await database.db
      .select({ id: t.churchUsers.id, roles: t.churchUsers.roles })
      .from(t.churchUsers)
      .innerJoin(t.churches, eq(t.churches.id, t.churchUsers.churchId))
      .where(eq(t.churchUsers.userId, editor!.id));
    await database.db
      .update(t.churchUsers)
      .set({ roles: ['ROLE_SUPER_ADMIN'] })
      .where(eq(t.churchUsers.id, membership!.id));
    try {
      const sister = staffMeSchema.parse(
        (await get('/admin/graca-norte/eu', tokens['editor@graca.demo'])).body,
      );
      expect(sister.igreja.id).toBe(norte!.id);
      expect(sister.roles).toEqual(['ROLE_SUPER_ADMIN']);
      expect(sister.igrejas.map((c) => c.codigo).sort()).toEqual([
        'graca',
        'graca-norte',
        'graca-sul',
      ]);
      expect((await get('/admin/grace/eu', tokens['editor@graca.demo'])).status).toBe(403);
    } finally {
      await database.db
        .update(t.churchUsers)
        .set({ roles: membership!.roles })
        .where(eq(t.churchUsers.id, membership!.id));
    }
  });
});
