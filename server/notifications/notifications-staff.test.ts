// The staff's notifications and the audit log page (docs/staff.md): who may send and delete,
// nothing written on a refusal, links only to this church's items, a group's notice reaching only
// its members (read through the members' own notification call), and the log's filters.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationGroupsSchema,
  notificationTargetsSchema,
  staffNotificationSchema,
  staffNotificationsPageSchema,
} from '../../contract/notifications-staff.ts';
import { auditPageSchema } from '../../contract/staff.ts';
import { notificationsResponseSchema } from '../../contract/user.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { LEADER_GROUP, MEMBER_GROUP } from '../db/seed/groups.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectFieldError, loginAs } from '../test-kit.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'notify-staff-'));

describe.each(testBackends())('staff notifications and audit log on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  let grace: number;
  const users: Record<'admin' | 'editor' | 'member' | 'graceAdmin', { id: number; token: string }> =
    {} as never;

  const client = apiClient(() => api, { lang: 'pt-BR' });
  const call = (method: string, url: string, token?: string, body?: unknown) =>
    client.call<Record<string, unknown>>(method, url, { token, body });
  const expectError = expectFieldError;
  const login = async (email: string) => {
    const { id, token } = await loginAs(api, email);
    return { id, token };
  };
  const rows = async () => (await database.db.select({ n: count() }).from(t.notifications))[0]!.n;
  const audits = async () => (await database.db.select({ n: count() }).from(t.auditLog))[0]!.n;
  /** What a member reads in their own notifications (spec §7), newest first. */
  const inbox = async (who: { token: string }) =>
    notificationsResponseSchema.parse(
      (await call('GET', `/igreja/${graca}/notificacao/?page=1&limit=30`, who.token)).body,
    ).notificacoes;
  const groupId = async (name: string) =>
    (
      await database.db.select({ id: t.groups.id }).from(t.groups).where(eq(t.groups.name, name))
    )[0]!.id;
  const firstContent = async (churchId: number, kind: 'noticia' | 'ebd') =>
    (
      await database.db
        .select({ id: t.contents.id, slug: t.contents.slug, title: t.contents.title })
        .from(t.contents)
        .where(
          and(
            eq(t.contents.churchId, churchId),
            eq(t.contents.kind, kind),
            eq(t.contents.active, true),
          ),
        )
        .limit(1)
    )[0]!;

  beforeAll(async () => {
    process.env.DATA_DIR = path.join(dataDir, backend);
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db, changes: createChangeFeed() });
    const church = async (code: string) =>
      (
        await database.db
          .select({ id: t.churches.id })
          .from(t.churches)
          .where(eq(t.churches.code, code))
      )[0]!.id;
    graca = await church('graca');
    grace = await church('grace');
    users.admin = await login('lider@graca.demo');
    users.editor = await login('editor@graca.demo');
    users.member = await login('membro@graca.demo');
    users.graceAdmin = await login('admin@grace.demo');
  }, 240_000);
  afterAll(() => database.close());

  it('an admin and a content editor send a notice to every member; the member reads it', async () => {
    for (const [who, title] of [
      [users.admin, 'Culto especial domingo'],
      [users.editor, 'Ensaio do coral'],
    ] as const) {
      const before = await audits();
      const res = await call('POST', '/admin/graca/notificacoes', who.token, {
        titulo: `  ${title}  `,
        corpo: 'Venha e traga sua família.',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const sent = staffNotificationSchema.parse(res.body);
      expect(sent).toMatchObject({ titulo: title, grupo: null, destinatarios: null, link: null });
      expect(await audits()).toBe(before + 1);
      const [row] = await database.db
        .select()
        .from(t.notifications)
        .where(eq(t.notifications.id, sent.id));
      expect(row).toMatchObject({
        churchId: graca,
        userId: null,
        typeCode: 'AVISO',
        relatedId: null,
      });
      expect((await inbox(users.member))[0]).toMatchObject({
        titulo: title,
        tipo: { codigo: 'AVISO' },
      });
    }
    const list = staffNotificationsPageSchema.parse(
      (await call('GET', '/admin/graca/notificacoes', users.editor.token)).body,
    );
    expect(list.notificacoes.slice(0, 2).map((n) => n.titulo)).toEqual([
      'Ensaio do coral',
      'Culto especial domingo',
    ]);
    // who sent each, from the audit log
    const names = await database.db
      .select({ id: t.auditLog.userId, name: t.auditLog.userName })
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'notifications.send'));
    expect(list.notificacoes[0]!.autor).toBe(names.find((n) => n.id === users.editor.id)?.name);
    expect(list.notificacoes[1]!.autor).toBe(names.find((n) => n.id === users.admin.id)?.name);
    expect(list.notificacoes[0]!.autor).not.toBe(list.notificacoes[1]!.autor);
    // seeded notices are listed too (a church's history), a group's requests are not
    expect(list.total).toBeGreaterThan(2);
    expect(list.notificacoes.every((n) => !n.titulo.startsWith('CELULA'))).toBe(true);
  });

  it('refuses a member (403), a visitor (401) and grace’s admin (403); nothing is written', async () => {
    const body = { titulo: 'Recusado', corpo: 'Não deve chegar.' };
    const [before, beforeAudit] = [await rows(), await audits()];
    expectError(await call('POST', '/admin/graca/notificacoes', users.member.token, body), 403);
    expectError(await call('POST', '/admin/graca/notificacoes', undefined, body), 401);
    expectError(await call('POST', '/admin/graca/notificacoes', users.graceAdmin.token, body), 403);
    expect(await rows()).toBe(before);
    expect(await audits()).toBe(beforeAudit);
    // reading is refused the same way
    expectError(await call('GET', '/admin/graca/notificacoes', users.member.token), 403);
    expectError(await call('GET', '/admin/graca/notificacoes/alvos', undefined), 401);
    expectError(await call('GET', '/admin/graca/notificacoes/grupos', users.graceAdmin.token), 403);
  });

  it('links to a published item or event of this church, never to another church’s', async () => {
    const news = await firstContent(graca, 'noticia');
    const ebd = await firstContent(graca, 'ebd');
    const graceNews = await firstContent(grace, 'noticia');
    const targets = notificationTargetsSchema.parse(
      (
        await call(
          'GET',
          `/admin/graca/notificacoes/alvos?q=${encodeURIComponent(news.title.slice(0, 6))}`,
          users.editor.token,
        )
      ).body,
    ).alvos;
    expect(targets.some((a) => a.tipo === 'noticia' && a.id === news.id)).toBe(true);
    const [event] = await database.db
      .select({ id: t.events.id, title: t.events.title })
      .from(t.events)
      .where(and(eq(t.events.churchId, graca), eq(t.events.active, true)))
      .limit(1);
    const [graceEvent] = await database.db
      .select({ id: t.events.id })
      .from(t.events)
      .where(eq(t.events.churchId, grace))
      .limit(1);

    const before = [await rows(), await audits()];
    for (const link of [
      { tipo: 'noticia', id: graceNews.id },
      { tipo: 'evento', id: graceEvent!.id },
      { tipo: 'devocional', id: news.id }, // the right church, the wrong kind
    ])
      expectError(
        await call('POST', '/admin/graca/notificacoes', users.admin.token, {
          titulo: 'Link',
          corpo: 'x',
          link,
        }),
        422,
        'link',
      );
    expectError(
      await call('POST', '/admin/graca/notificacoes', users.admin.token, {
        titulo: '',
        corpo: 'x'.repeat(1001),
        link: { tipo: 'podcast', id: 1 },
      }),
      400,
      'titulo',
    );
    expect([await rows(), await audits()]).toEqual(before);

    const toNews = staffNotificationSchema.parse(
      (
        await call('POST', '/admin/graca/notificacoes', users.admin.token, {
          titulo: 'Leia a notícia',
          corpo: 'Saiu hoje.',
          link: { tipo: 'noticia', id: news.id },
        })
      ).body,
    );
    expect(toNews.link).toEqual({ tipo: 'noticia', id: String(news.id), titulo: news.title });
    const toEbd = staffNotificationSchema.parse(
      (
        await call('POST', '/admin/graca/notificacoes', users.admin.token, {
          titulo: 'Aula de domingo',
          corpo: 'Estude antes.',
          link: { tipo: 'ebd', id: ebd.id },
        })
      ).body,
    );
    expect(toEbd.link?.id).toBe(ebd.slug); // EBD classes are addressed by slug (spec §2)
    await call('POST', '/admin/graca/notificacoes', users.admin.token, {
      titulo: 'Inscrições abertas',
      corpo: 'Garanta sua vaga.',
      link: { tipo: 'evento', id: event!.id },
    });
    const seen = await inbox(users.member);
    expect(seen.slice(0, 3).map((n) => [n.tipo.codigo, n.idEntidadeRelacionada])).toEqual([
      ['EVENTO', String(event!.id)],
      ['EBD', ebd.slug],
      ['NOTICIA', String(news.id)],
    ]);
    const list = staffNotificationsPageSchema.parse(
      (await call('GET', '/admin/graca/notificacoes', users.admin.token)).body,
    );
    expect(list.notificacoes[0]!.link).toEqual({
      tipo: 'evento',
      id: String(event!.id),
      titulo: event!.title,
    });
  });

  it('a notice to one group reaches only its members (and its leader)', async () => {
    const groups = notificationGroupsSchema.parse(
      (await call('GET', '/admin/graca/notificacoes/grupos', users.editor.token)).body,
    ).grupos;
    const pinheiros = await groupId(MEMBER_GROUP);
    const vilaMariana = await groupId(LEADER_GROUP);
    expect(groups.find((g) => g.id === pinheiros)?.membros).toBe(4); // three members and the leader

    const res = await call('POST', '/admin/graca/notificacoes', users.editor.token, {
      titulo: 'Só Pinheiros',
      corpo: 'Reunião adiada.',
      grupoId: pinheiros,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sent = staffNotificationSchema.parse(res.body);
    expect(sent).toMatchObject({ grupo: { id: pinheiros, nome: MEMBER_GROUP }, destinatarios: 4 });
    expect((await inbox(users.member))[0]!.titulo).toBe('Só Pinheiros');
    expect((await inbox(users.admin)).some((n) => n.titulo === 'Só Pinheiros')).toBe(false);

    await call('POST', '/admin/graca/notificacoes', users.editor.token, {
      titulo: 'Só Vila Mariana',
      corpo: 'Tragam lanche.',
      grupoId: vilaMariana,
    });
    expect((await inbox(users.admin))[0]!.titulo).toBe('Só Vila Mariana'); // the leader
    expect((await inbox(users.member)).some((n) => n.titulo === 'Só Vila Mariana')).toBe(false);

    // the list counts a group's copies once
    const list = staffNotificationsPageSchema.parse(
      (await call('GET', '/admin/graca/notificacoes', users.editor.token)).body,
    );
    expect(list.notificacoes[1]).toMatchObject({
      id: sent.id,
      titulo: 'Só Pinheiros',
      grupo: { id: pinheiros, nome: MEMBER_GROUP },
      destinatarios: 4,
    });

    // grace's group is not this church's
    const [graceGroup] = await database.db
      .select({ id: t.groups.id })
      .from(t.groups)
      .where(eq(t.groups.churchId, grace))
      .limit(1);
    const before = await rows();
    expectError(
      await call('POST', '/admin/graca/notificacoes', users.admin.token, {
        titulo: 'x',
        corpo: 'y',
        grupoId: graceGroup!.id,
      }),
      422,
      'grupoId',
    );
    expect(await rows()).toBe(before);
  });

  it('deletes a sent notice from every member; others are refused and nothing changes', async () => {
    const pinheiros = await groupId(MEMBER_GROUP);
    const sent = staffNotificationSchema.parse(
      (
        await call('POST', '/admin/graca/notificacoes', users.admin.token, {
          titulo: 'Para apagar',
          corpo: 'Engano.',
          grupoId: pinheiros,
        })
      ).body,
    );
    const copies = async () =>
      (
        await database.db
          .select({ n: count() })
          .from(t.notifications)
          .where(eq(t.notifications.title, 'Para apagar'))
      )[0]!.n;
    expect(await copies()).toBe(4);
    const beforeAudit = await audits();
    expectError(
      await call('DELETE', `/admin/graca/notificacoes/${sent.id}`, users.member.token),
      403,
    );
    expectError(await call('DELETE', `/admin/graca/notificacoes/${sent.id}`, undefined), 401);
    expectError(
      await call('DELETE', `/admin/graca/notificacoes/${sent.id}`, users.graceAdmin.token),
      403,
    );
    // grace's admin on grace's own area cannot reach graca's row either
    expectError(
      await call('DELETE', `/admin/grace/notificacoes/${sent.id}`, users.graceAdmin.token),
      404,
    );
    expect(await copies()).toBe(4);
    expect(await audits()).toBe(beforeAudit);

    const res = await call('DELETE', `/admin/graca/notificacoes/${sent.id}`, users.editor.token);
    expect(res.status).toBe(204);
    expect(await copies()).toBe(0);
    expect((await inbox(users.member)).some((n) => n.titulo === 'Para apagar')).toBe(false);
    const [record] = await database.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'notifications.delete'));
    expect(record).toMatchObject({
      userId: users.editor.id,
      targetId: String(sent.id),
      summary: 'Para apagar',
    });
    expectError(
      await call('DELETE', `/admin/graca/notificacoes/${sent.id}`, users.editor.token),
      404,
    );
    // a group's own request notices are not the staff's to delete
    await database.db.insert(t.notifications).values({
      churchId: graca,
      userId: users.admin.id,
      title: 'Pedido',
      body: 'x',
      typeCode: 'CELULA_SOLICITACAO',
    });
    const [request] = await database.db
      .select({ id: t.notifications.id })
      .from(t.notifications)
      .where(eq(t.notifications.typeCode, 'CELULA_SOLICITACAO'))
      .orderBy(sql`id desc`)
      .limit(1);
    expectError(
      await call('DELETE', `/admin/graca/notificacoes/${request!.id}`, users.admin.token),
      404,
    );
  });

  it('the audit log lists who did what, filtered by person and kind, for admins only', async () => {
    const all = auditPageSchema.parse(
      (await call('GET', '/admin/graca/auditoria', users.admin.token)).body,
    );
    expect(all.total).toBeGreaterThanOrEqual(9);
    expect(all.pessoas.map((p) => p.id).sort()).toEqual([users.admin.id, users.editor.id].sort());
    expect(all.tipos).toContain('notificacao');
    const editor = auditPageSchema.parse(
      (await call('GET', `/admin/graca/auditoria?usuario=${users.editor.id}`, users.admin.token))
        .body,
    );
    expect(editor.total).toBeGreaterThan(0);
    expect(editor.registros.every((r) => r.usuario.id === users.editor.id)).toBe(true);
    expect(editor.registros.map((r) => r.acao)).toContain('notifications.delete');
    const kind = auditPageSchema.parse(
      (await call('GET', '/admin/graca/auditoria?tipo=notificacao&page=1', users.admin.token)).body,
    );
    expect(kind.total).toBe(all.total);
    const none = auditPageSchema.parse(
      (await call('GET', '/admin/graca/auditoria?tipo=banner', users.admin.token)).body,
    );
    expect(none.total).toBe(0);
    // grace's log does not show graca's writes
    const graceLog = auditPageSchema.parse(
      (await call('GET', '/admin/grace/auditoria', users.graceAdmin.token)).body,
    );
    expect(graceLog.registros.some((r) => r.resumo === 'Para apagar')).toBe(false);
    expectError(await call('GET', '/admin/graca/auditoria', users.editor.token), 403);
    expectError(await call('GET', '/admin/graca/auditoria', users.member.token), 403);
    expectError(await call('GET', '/admin/graca/auditoria', undefined), 401);
    expectError(await call('GET', '/admin/graca/auditoria?usuario=abc', users.admin.token), 400);
  });
});
