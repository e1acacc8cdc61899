// Invitations (docs/invitations.md): graca's admin invites e-mails (with roles), lists, resends
// and withdraws them; only admins of the church may (a visitor, a member, a content editor, a
// treasurer and grace's admin are refused and nothing changes); the invited person sees which
// church asks and accepts with their account — an existing one, or one made from the link — once,
// before the link expires, unless it was withdrawn. The staff's other "add a person" paths
// (group members, the door team) never link someone of another church.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITE_MAILS_PER_DAY,
  invitationSentSchema,
  invitationsPageSchema,
  invitationViewSchema,
} from '../../contract/invitations.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import { sha256 } from '../auth/tokens.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { createMailer, readOutbox } from '../mail/outbox.ts';
import { apiClient, expectError, loginAs } from '../test-kit.ts';
import { sendWaiting } from './invitation-sends.service.ts';

const root = mkdtempSync(path.join(tmpdir(), 'invitations-'));
type Who = 'admin' | 'editor' | 'finance' | 'member' | 'graceAdmin' | 'john';
const ACCOUNTS: Record<Who, string> = {
  admin: 'lider@graca.demo',
  editor: 'editor@graca.demo',
  finance: 'tesoureiro@graca.demo',
  member: 'membro@graca.demo',
  graceAdmin: 'admin@grace.demo',
  john: 'member@grace.demo', // grace's member: a person of another church for graca
};

describe.each(testBackends())('invitations on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let dataDir: string;
  let graca = 0;
  let grace = 0;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, number>;
  const { call, get } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;

  beforeAll(async () => {
    dataDir = path.join(root, backend);
    process.env.DATA_DIR = dataDir;
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db, changes: createChangeFeed() });
    const church = async (code: string) =>
      (await db().select().from(t.churches).where(eq(t.churches.code, code)))[0]!.id;
    graca = await church('graca');
    grace = await church('grace');
    for (const [who, email] of Object.entries(ACCOUNTS) as [Who, string][]) {
      const session = await loginAs(api, email);
      tokens[who] = session.token;
      ids[who] = session.id;
    }
  }, 240_000);
  afterAll(() => database.close());

  const invitationRows = () =>
    db().select().from(t.invitations).where(eq(t.invitations.churchId, graca));
  const audits = (action: string) => db().$count(t.auditLog, eq(t.auditLog.action, action));
  const membership = async (churchId: number, userId: number) =>
    (
      await db()
        .select()
        .from(t.churchUsers)
        .where(and(eq(t.churchUsers.churchId, churchId), eq(t.churchUsers.userId, userId)))
    )[0];
  /** The link of the newest invitation e-mail to an address, and its token. */
  async function linkTo(email: string) {
    const [mail] = await readOutbox(dataDir, email);
    expect(mail, `an e-mail to ${email}`).toBeDefined();
    const link = new URL(mail!.links[0]!);
    return { mail: mail!, link, token: link.searchParams.get('convite')! };
  }
  const invite = (body: object, token: string | undefined = tokens.admin) =>
    call('POST', '/admin/graca/convites', {
      token,
      body,
      headers: { host: 'graca.localhost:4321' },
    });

  it('only the church’s admins invite, list, resend and withdraw; nothing changes otherwise', async () => {
    const before = await invitationRows();
    const refused = [
      (token?: string) => get('/admin/graca/convites', { token }),
      (token?: string) => invite({ email: 'ninguem@exemplo.com' }, token ?? ''),
    ];
    for (const attempt of refused) {
      expect((await attempt(undefined)).status).toBe(401);
      for (const who of ['member', 'editor', 'finance', 'graceAdmin'] as const)
        expect((await attempt(tokens[who])).status, who).toBe(403);
    }
    expect(await invitationRows()).toEqual(before);
    expect(await audits('people.invite')).toBe(0);
  });

  let first = 0;
  it('an admin invites an e-mail with roles: one e-mail with a single-use link, audited', async () => {
    const res = await invite({
      email: 'Nova.Pessoa@Exemplo.com',
      nome: 'Nova',
      roles: ['ROLE_ADMIN_CONTENT'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sent = invitationSentSchema.parse(res.body);
    expect(sent).toMatchObject({
      enviado: true,
      message: 'Invitation sent to nova.pessoa@exemplo.com.',
      convite: {
        email: 'nova.pessoa@exemplo.com',
        estado: 'pendente',
        origem: 'equipe',
        envios: 1,
      },
    });
    first = sent.convite.id;
    const { mail, link, token } = await linkTo('nova.pessoa@exemplo.com');
    expect(link.origin).toBe('http://graca.localhost:4321');
    expect(link.pathname).toBe('/invitation');
    expect(mail.subject).toBe('Convite da Igreja da Graça'); // the church's language (pt)
    expect(mail.text).toContain('Olá, Nova!');
    // only the token's hash is kept
    const [row] = await db().select().from(t.invitations).where(eq(t.invitations.id, first));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await audits('people.invite')).toBe(1);
    // listed as pending
    const page = invitationsPageSchema.parse(
      (await get('/admin/graca/convites', { token: tokens.admin })).body,
    );
    expect(page.convites.map((c) => c.email)).toContain('nova.pessoa@exemplo.com');
    expect(page).toMatchObject({ limiteDiario: INVITE_MAILS_PER_DAY, aguardandoEnvio: 0 });
  });

  it('refuses bad input by field, a member of the church, a second pending invitation and super admin from an admin', async () => {
    const bad = await invite({ email: 'não é e-mail', roles: ['ROLE_KING'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'roles']);
    const pt = await call('POST', '/admin/graca/convites', {
      token: tokens.admin,
      body: { email: '' },
      lang: 'pt',
    });
    expect(pt.status).toBe(400);
    expect(pt.body.errors.email[0]).toMatch(/obrigatório/);
    expectError(
      await invite({ email: 'membro@graca.demo' }),
      409,
      'staff.invitations.alreadyMember',
    );
    expectError(
      await invite({ email: 'nova.pessoa@exemplo.com' }),
      409,
      'staff.invitations.alreadyInvited',
    );
    expectError(
      await invite({ email: 'chefe@exemplo.com', roles: ['ROLE_SUPER_ADMIN'] }),
      403,
      'staff.people.superAdminOnly',
    );
  });

  it('inviting someone of another church answers as for anyone: nothing of theirs is shown or linked', async () => {
    const stranger = await invite({ email: 'member@grace.demo' });
    const nobody = await invite({ email: 'ninguem.ainda@exemplo.com' });
    expect(stranger.status).toBe(201);
    expect(nobody.status).toBe(201);
    const shape = (b: Record<string, any>) => ({
      ...b,
      message: b.message.replace(b.convite.email, '<e-mail>'),
      convite: { ...b.convite, id: 0, email: '', criadoEm: '', expiraEm: '', enviadoEm: '' },
    });
    expect(shape(stranger.body)).toEqual(shape(nobody.body));
    expect(JSON.stringify(stranger.body)).not.toMatch(/John|Miller/);
    expect(await membership(graca, ids.john)).toBeUndefined();
  });

  it('the person sees which church asks and accepts with their account: a member with the roles, once', async () => {
    const { token } = await linkTo('member@grace.demo');
    const seen = await call('POST', '/convite/ver', { body: { token } });
    expect(seen.status).toBe(200);
    expect(invitationViewSchema.parse(seen.body)).toMatchObject({
      igreja: { nome: 'Igreja da Graça', codigo: 'graca' },
      email: 'member@grace.demo',
      contaExiste: true,
    });
    // logged out: a login first; logged in as someone else: refused, nothing changes
    expect((await call('POST', '/convite/aceitar', { body: { token } })).status).toBe(401);
    expectError(
      await call('POST', '/convite/aceitar', { token: tokens.member, body: { token } }),
      403,
      'invitation.otherAccount',
      'en',
      { email: 'member@grace.demo' },
    );
    const accepted = await call('POST', '/convite/aceitar', {
      token: tokens.john,
      body: { token },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.message).toBe('Welcome! You are now a member of Igreja da Graça.');
    expect(await membership(graca, ids.john)).toMatchObject({ active: true });
    expect(await membership(grace, ids.john)).toBeDefined(); // still grace's too
    expect(await audits('people.invite.accept')).toBe(1);
    // the link works once
    expectError(
      await call('POST', '/convite/aceitar', { token: tokens.john, body: { token } }),
      409,
      'invitation.used',
    );
    expectError(await call('POST', '/convite/ver', { body: { token } }), 409, 'invitation.used');
    // now a member: graca sees him, and grace's admin still cannot see graca's invitations
    const page = invitationsPageSchema.parse(
      (await get('/admin/graca/convites?estado=todos', { token: tokens.admin })).body,
    );
    expect(page.convites.find((c) => c.email === 'member@grace.demo')!.estado).toBe('aceito');
  });

  it('a new person creates an account from the link and accepts: a member with the invitation’s roles', async () => {
    const { token } = await linkTo('nova.pessoa@exemplo.com');
    const seen = invitationViewSchema.parse(
      (await call('POST', '/convite/ver', { body: { token } })).body,
    );
    expect(seen).toMatchObject({ contaExiste: false, roles: ['ROLE_ADMIN_CONTENT'] });
    const created = await call('POST', `/igreja/${graca}/usuario/`, {
      body: {
        email: 'nova.pessoa@exemplo.com',
        senha: 'Nova@1234',
        confirmacaoSenha: 'Nova@1234',
        nome: 'Nova',
        sobrenome: 'Pessoa',
        telefone: '+55 11 91234-5678',
        dataNascimento: '1995-07-20',
        sexo: 'F',
        cpf: null,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const accepted = await call('POST', '/convite/aceitar', {
      token: created.body.token,
      body: { token },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const [user] = await db()
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'nova.pessoa@exemplo.com'));
    expect(await membership(graca, user!.id)).toMatchObject({ roles: ['ROLE_ADMIN_CONTENT'] });
  });

  it('a resent invitation has a new link (the old one stops); a withdrawn or expired one works no more', async () => {
    await invite({ email: 'tres@exemplo.com' });
    const old = (await linkTo('tres@exemplo.com')).token;
    const [row] = (await invitationRows()).filter((r) => r.email === 'tres@exemplo.com');
    // another church's admin cannot touch it, through either church
    for (const url of [
      `/admin/graca/convites/${row!.id}/revogar`,
      `/admin/grace/convites/${row!.id}/revogar`,
    ]) {
      const res = await call('POST', url, { token: tokens.graceAdmin });
      expect([403, 404]).toContain(res.status);
    }
    expect(
      (
        await get('/admin/grace/convites?estado=todos', { token: tokens.graceAdmin })
      ).body.convites.map((c: { email: string }) => c.email),
    ).not.toContain('tres@exemplo.com');
    // nor can a visitor, a member, a content editor or a treasurer of graca
    const untouched = await invitationRows();
    for (const action of ['reenviar', 'revogar']) {
      const url = `/admin/graca/convites/${row!.id}/${action}`;
      expect((await call('POST', url)).status).toBe(401);
      for (const who of ['member', 'editor', 'finance', 'graceAdmin'] as const)
        expect((await call('POST', url, { token: tokens[who] })).status, who).toBe(403);
    }
    expect(await invitationRows()).toEqual(untouched);
    expect(await audits('people.invite.revoke')).toBe(0);
    const resent = await call('POST', `/admin/graca/convites/${row!.id}/reenviar`, {
      token: tokens.admin,
    });
    expect(resent.status).toBe(200);
    expect(resent.body.convite.envios).toBe(2);
    expect(await audits('people.invite.resend')).toBe(1);
    const fresh = (await linkTo('tres@exemplo.com')).token;
    expect(fresh).not.toBe(old);
    expectError(
      await call('POST', '/convite/ver', { body: { token: old } }),
      404,
      'invitation.invalid',
    );
    expect((await call('POST', '/convite/ver', { body: { token: fresh } })).status).toBe(200);

    const revoked = await call('POST', `/admin/graca/convites/${row!.id}/revogar`, {
      token: tokens.admin,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.estado).toBe('revogado');
    expect(await audits('people.invite.revoke')).toBe(1);
    expectError(
      await call('POST', '/convite/ver', { body: { token: fresh } }),
      410,
      'invitation.revoked',
    );
    expectError(
      await call('POST', `/admin/graca/convites/${row!.id}/reenviar`, { token: tokens.admin }),
      409,
      'staff.invitations.notPending',
    );

    // an expired link: refused; listed as expired; a resend gives a working one
    await invite({ email: 'quatro@exemplo.com' });
    const late = (await linkTo('quatro@exemplo.com')).token;
    await db()
      .update(t.invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.invitations.tokenHash, sha256(late)));
    expectError(
      await call('POST', '/convite/ver', { body: { token: late } }),
      410,
      'invitation.expired',
    );
    expectError(
      await call('POST', '/convite/aceitar', { token: tokens.member, body: { token: late } }),
      410,
      'invitation.expired',
    );
    const listed = invitationsPageSchema.parse(
      (await get('/admin/graca/convites', { token: tokens.admin })).body,
    );
    expect(listed.convites.find((c) => c.email === 'quatro@exemplo.com')!.estado).toBe('expirado');
  });

  it('a declined invitation cannot be accepted after', async () => {
    await invite({ email: 'cinco@exemplo.com' });
    const { token } = await linkTo('cinco@exemplo.com');
    const declined = await call('POST', '/convite/recusar', { body: { token } });
    expect(declined.status).toBe(200);
    expect(declined.body.message).toBe('You declined the invitation of Igreja da Graça.');
    expectError(
      await call('POST', '/convite/recusar', { body: { token } }),
      409,
      'invitation.used',
    );
    expectError(await call('POST', '/convite/ver', { body: { token: 'x'.repeat(10) } }), 400);
  });

  it('beyond the daily allowance an invitation waits, and goes out on a following day', async () => {
    const already = await db().$count(t.invitationSends, eq(t.invitationSends.churchId, graca));
    const [someone] = await invitationRows();
    await db()
      .insert(t.invitationSends)
      .values(
        Array.from({ length: INVITE_MAILS_PER_DAY - already }, () => ({
          churchId: graca,
          invitationId: someone!.id,
        })),
      );
    const res = await invite({ email: 'espera@exemplo.com' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      enviado: false,
      message: `Invitation saved for espera@exemplo.com. Today’s ${INVITE_MAILS_PER_DAY} invitation e-mails are spent: it goes out within a day.`,
    });
    expect(await readOutbox(dataDir, 'espera@exemplo.com')).toEqual([]);
    const page = invitationsPageSchema.parse(
      (await get('/admin/graca/convites', { token: tokens.admin })).body,
    );
    expect(page).toMatchObject({ enviosHoje: INVITE_MAILS_PER_DAY, aguardandoEnvio: 1 });
    // the job's pass a day later sends it
    const mailer = createMailer({ dataDir });
    expect(await sendWaiting(db(), mailer, graca, 'http://graca.localhost:4321')).toBe(0);
    const tomorrow = new Date(Date.now() + 25 * 60 * 60_000);
    expect(await sendWaiting(db(), mailer, graca, 'http://graca.localhost:4321', tomorrow)).toBe(1);
    expect(await readOutbox(dataDir, 'espera@exemplo.com')).toHaveLength(1);
  });

  it('group members and the door team never take a person of another church', async () => {
    const [group] = await db().select().from(t.groups).where(eq(t.groups.churchId, graca));
    const [stranger] = await db()
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'admin@grace.demo'));
    const before = await db().$count(t.groupMembers, eq(t.groupMembers.userId, stranger!.id));
    // the picker finds only graca's members; an id of grace's person is refused as an unknown one
    const found = await get('/admin/graca/grupos-pessoas?busca=admin@grace', {
      token: tokens.admin,
    });
    expect(found.body.pessoas).toEqual([]);
    const foreign = await call('POST', `/admin/graca/grupos/${group!.id}/membros`, {
      token: tokens.admin,
      body: { idUsuario: stranger!.id },
    });
    const unknown = await call('POST', `/admin/graca/grupos/${group!.id}/membros`, {
      token: tokens.admin,
      body: { idUsuario: 2_000_000 },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual(unknown.body);
    expect(await db().$count(t.groupMembers, eq(t.groupMembers.userId, stranger!.id))).toBe(before);

    const [event] = await db().select().from(t.events).where(eq(t.events.churchId, graca));
    const door = await call('PUT', `/admin/graca/evento/${event!.id}/porta`, {
      token: tokens.admin,
      body: { usuarios: [stranger!.id] },
    });
    expect(door.status).toBe(422);
    expect(JSON.stringify(door.body)).not.toMatch(/Sarah|Johnson/);
    expect(await db().$count(t.eventDoorTeam, eq(t.eventDoorTeam.userId, stranger!.id))).toBe(0);
  });
});
