// Tenants never meet in a people import (docs/security.md "Tenants never meet: imports and
// invitations"; docs/invitations.md): a row whose CPF or e-mail belongs to another church's
// member enrols nobody, writes nothing into that account and shows nothing of it — not in the
// dry run, not in the result, not in the directory. It becomes an invitation to the row's
// e-mail, which the person may accept. Both probes of the breach are reproduced here.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importViewSchema, type ImportView } from '../../contract/imports.ts';
import { IMPORT_INVITES_MAX, INVITE_MAILS_PER_DAY } from '../../contract/invitations.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import { sha256 } from '../auth/tokens.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { createLocalFileStore } from '../files/local.ts';
import { readOutbox } from '../mail/outbox.ts';
import { apiClient, loginAs, runQueuedTasks } from '../test-kit.ts';
import { makeImportTask } from './import.task.ts';

const root = mkdtempSync(path.join(tmpdir(), 'people-isolation-'));

describe.each(testBackends())('a people import never reaches another church on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let dataDir: string;
  const ids = { graca: 0, grace: 0, maria: 0, john: 0 };
  const tokens = { gracaAdmin: '', graceAdmin: '', john: '' };
  const { call, get } = apiClient(() => api, { lang: 'en' });
  const db = () => database.db;
  const runTasks = () => runQueuedTasks(db(), dataDir, [makeImportTask()]);

  beforeAll(async () => {
    dataDir = path.join(root, backend);
    process.env.DATA_DIR = dataDir;
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({
      db: database.db,
      changes: createChangeFeed(),
      files: createLocalFileStore(path.join(dataDir, 'files')),
    });
    const church = async (code: string) =>
      (await db().select().from(t.churches).where(eq(t.churches.code, code)))[0]!.id;
    ids.graca = await church('graca');
    ids.grace = await church('grace');
    const user = async (email: string) =>
      (await db().select().from(t.users).where(eq(t.users.email, email)))[0]!.id;
    ids.maria = await user('membro@graca.demo'); // graca only; CPF, phone, birth date
    ids.john = await user('member@grace.demo'); // grace only; no CPF
    tokens.gracaAdmin = (await loginAs(api, 'lider@graca.demo')).token;
    tokens.graceAdmin = (await loginAs(api, 'admin@grace.demo')).token;
    tokens.john = (await loginAs(api, 'member@grace.demo')).token;
  }, 240_000);
  afterAll(() => database.close());

  const userRow = async (id: number) =>
    (await db().select().from(t.users).where(eq(t.users.id, id)))[0]!;
  const memberOf = async (churchId: number, userId: number) =>
    (
      await db()
        .select()
        .from(t.churchUsers)
        .where(and(eq(t.churchUsers.churchId, churchId), eq(t.churchUsers.userId, userId)))
    ).length > 0;
  const addresses = (userId: number) =>
    db().$count(t.userAddresses, eq(t.userAddresses.userId, userId));

  /** Upload as a church's admin → dry run → import; both views kept. */
  async function importAs(slug: string, token: string, csv: string) {
    const form = new FormData();
    form.append('arquivo', new File([csv], 'membros.csv'));
    const up = await call('POST', `/admin/${slug}/importacao?tipo=pessoas`, { token, body: form });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const id = (up.body as ImportView).id;
    await runTasks();
    const dry = await get(`/admin/${slug}/importacao/${id}`, { token });
    const preview = importViewSchema.parse(dry.body);
    expect(preview.estado).toBe('analisado');
    const started = await call('POST', `/admin/${slug}/importacao/${id}/executar`, { token });
    expect(started.status).toBe(202);
    await runTasks();
    const done = await get(`/admin/${slug}/importacao/${id}`, { token });
    const result = importViewSchema.parse(done.body);
    expect(result.estado, JSON.stringify(result)).toBe('concluido');
    return { id, dry: dry.body as object, preview, done: done.body as object, result };
  }

  it('a CPF of another church’s member enrols her nowhere and shows nothing of her', async () => {
    const before = await userRow(ids.maria);
    // grace's admin knows only Maria's CPF (she is graca's member)
    const csv = 'Nome,E-mail,CPF\nQualquer Nome,intruso@exemplo.com,529.982.247-25\n';
    const { preview, dry, done, result } = await importAs('grace', tokens.graceAdmin, csv);
    // the dry run calls the row "to invite", by line, never "new" and never by her name
    expect(preview.previa).toMatchObject({ criar: 0, atualizar: 0, iguais: 0, convidar: 1 });
    expect(preview.previa!.convidarLinhas).toEqual([2]);
    expect(preview.previa!.convitesPorDia).toBe(50);
    for (const shown of [JSON.stringify(dry), JSON.stringify(done)])
      for (const secret of ['Maria', 'Souza', 'membro@graca.demo', '98765', '1990-05-14'])
        expect(shown).not.toContain(secret);
    expect(result.resultado).toMatchObject({ criar: 0, atualizar: 0, convidar: 1 });
    // nothing of hers changed, she is not grace's, and the import lists nothing of hers
    expect(await memberOf(ids.grace, ids.maria)).toBe(false);
    expect(await userRow(ids.maria)).toEqual(before);
    const items = await db()
      .select()
      .from(t.importItems)
      .where(eq(t.importItems.churchId, ids.grace));
    expect(items.filter((i) => i.table !== 'convite')).toEqual([]);
    // grace's directory cannot find her
    const found = await get('/admin/grace/pessoas?busca=Maria', { token: tokens.graceAdmin });
    expect(found.body.pessoas).toEqual([]);
    // the row's own e-mail got an invitation; nobody else did
    const invitations = await db()
      .select()
      .from(t.invitations)
      .where(eq(t.invitations.churchId, ids.grace));
    expect(invitations.map((i) => [i.email, i.state])).toEqual([
      ['intruso@exemplo.com', 'pendente'],
    ]);
    expect(await readOutbox(dataDir, 'membro@graca.demo')).toEqual([]);
  });

  it('an e-mail of another church’s member writes no CPF (nor anything) into her account', async () => {
    const before = await userRow(ids.john);
    expect(before.cpf).toBeNull();
    // graca's admin knows John's e-mail and makes up the rest
    const csv = [
      'Nome,E-mail,CPF,Celular,Nascimento,Endereço,Cidade,Nº membro,Célula',
      'Outro Nome,member@grace.demo,111.444.777-35,(11) 91234-5678,15/03/1980,Rua A 1,São Paulo,X-9,Célula Pinheiros',
      'Gente Nova,gente.nova@exemplo.com,,,,,,,',
    ].join('\n');
    const { preview, dry, done, result } = await importAs('graca', tokens.gracaAdmin, csv);
    expect(preview.previa).toMatchObject({ criar: 1, atualizar: 0, convidar: 1 });
    expect(preview.previa!.convidarLinhas).toEqual([2]);
    for (const shown of [JSON.stringify(dry), JSON.stringify(done)])
      for (const secret of ['John', 'Miller']) expect(shown).not.toContain(secret);
    expect(result.resultado).toMatchObject({ criar: 1, convidar: 1 });
    expect(await userRow(ids.john)).toEqual(before);
    expect(await addresses(ids.john)).toBe(0);
    expect(await memberOf(ids.graca, ids.john)).toBe(false);
    expect(
      await db().$count(
        t.groupMembers,
        and(eq(t.groupMembers.churchId, ids.graca), eq(t.groupMembers.userId, ids.john)),
      ),
    ).toBe(0);
    // the truly new person is created as before
    const [fresh] = await db()
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'gente.nova@exemplo.com'));
    expect(fresh).toBeDefined();

    // John gets an invitation naming graca, with nothing of his in it, and accepts it himself
    const [mail] = await readOutbox(dataDir, 'member@grace.demo');
    expect(mail!.subject).toContain('Igreja da Graça');
    expect(mail!.text).not.toMatch(/John|Miller|111\.444|91234/);
    const token = new URL(mail!.links[0]!).searchParams.get('convite')!;
    const [invitation] = await db()
      .select()
      .from(t.invitations)
      .where(
        and(eq(t.invitations.churchId, ids.graca), eq(t.invitations.email, 'member@grace.demo')),
      );
    expect(invitation!.tokenHash).toBe(sha256(token));
    const accepted = await call('POST', '/convite/aceitar', {
      token: tokens.john,
      body: { token },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await memberOf(ids.graca, ids.john)).toBe(true);
    // accepting joins the church; the import's made-up details of his account were never kept
    expect((await userRow(ids.john)).cpf).toBeNull();
    // the church's own details of the row wait for the accept: its member number and group
    const [membership] = await db()
      .select()
      .from(t.churchUsers)
      .where(and(eq(t.churchUsers.churchId, ids.graca), eq(t.churchUsers.userId, ids.john)));
    expect(membership!.memberNumber).toBe('X-9');
    const [pinheiros] = await db()
      .select()
      .from(t.groups)
      .where(and(eq(t.groups.churchId, ids.graca), eq(t.groups.name, 'Célula Pinheiros')));
    expect(
      await db().$count(
        t.groupMembers,
        and(eq(t.groupMembers.groupId, pinheiros!.id), eq(t.groupMembers.userId, ids.john)),
      ),
    ).toBe(1);
  });

  it('a file may invite at most IMPORT_INVITES_MAX people; the lines beyond are refused and say why', async () => {
    const emails = Array.from(
      { length: IMPORT_INVITES_MAX + 2 },
      (_, i) => `fora${i}@outra-igreja.example`,
    );
    await db()
      .insert(t.users)
      .values(emails.map((email) => ({ email, passwordHash: '', firstName: 'Fora' })));
    const form = new FormData();
    form.append(
      'arquivo',
      new File([['Nome,E-mail', ...emails.map((e) => `Alguém,${e}`)].join('\n')], 'muitos.csv'),
    );
    const up = await call('POST', '/admin/graca/importacao?tipo=pessoas', {
      token: tokens.gracaAdmin,
      body: form,
    });
    expect(up.status).toBe(201);
    await runTasks();
    const view = importViewSchema.parse(
      (await get(`/admin/graca/importacao/${up.body.id}`, { token: tokens.gracaAdmin })).body,
    );
    expect(view.previa).toMatchObject({
      convidar: IMPORT_INVITES_MAX,
      criar: 0,
      totalRecusadas: 2,
    });
    expect(view.previa!.recusadas).toEqual([
      {
        linha: IMPORT_INVITES_MAX + 2,
        motivo: `More than ${IMPORT_INVITES_MAX} people to invite in one file: import this line again later, in another file.`,
      },
      {
        linha: IMPORT_INVITES_MAX + 3,
        motivo: `More than ${IMPORT_INVITES_MAX} people to invite in one file: import this line again later, in another file.`,
      },
    ]);
    // the import writes the same: 500 invitations, 50 of them e-mailed today, the rest waiting
    const started = await call('POST', `/admin/graca/importacao/${up.body.id}/executar`, {
      token: tokens.gracaAdmin,
    });
    expect(started.status).toBe(202);
    await runTasks();
    const done = importViewSchema.parse(
      (await get(`/admin/graca/importacao/${up.body.id}`, { token: tokens.gracaAdmin })).body,
    );
    expect(done.resultado).toMatchObject({ convidar: IMPORT_INVITES_MAX, totalRecusadas: 2 });
    const made = await db()
      .select()
      .from(t.invitations)
      .where(and(eq(t.invitations.churchId, ids.graca), eq(t.invitations.importId, up.body.id)));
    expect(made).toHaveLength(IMPORT_INVITES_MAX);
    expect(made.filter((i) => i.sentAt !== null).length).toBeLessThanOrEqual(INVITE_MAILS_PER_DAY);
    expect(made.filter((i) => i.sentAt === null).length).toBeGreaterThanOrEqual(
      IMPORT_INVITES_MAX - INVITE_MAILS_PER_DAY,
    );
    // nobody of elsewhere became graca's
    const outsiders = await db()
      .select({ id: t.users.id })
      .from(t.users)
      .where(inArray(t.users.email, emails));
    expect(
      await db().$count(
        t.churchUsers,
        and(
          eq(t.churchUsers.churchId, ids.graca),
          inArray(
            t.churchUsers.userId,
            outsiders.map((o) => o.id),
          ),
        ),
      ),
    ).toBe(0);
  });

  it('the same file again invites nobody twice, and undo withdraws what is still waiting', async () => {
    const csv = 'Nome,E-mail\nAlguém,admin@grace.demo\n';
    const first = await importAs('graca', tokens.gracaAdmin, csv);
    expect(first.result.resultado).toMatchObject({ convidar: 1 });
    const second = await importAs('graca', tokens.gracaAdmin, csv);
    expect(second.result.resultado).toMatchObject({ convidar: 1, criar: 0 });
    const waiting = () =>
      db()
        .select()
        .from(t.invitations)
        .where(
          and(eq(t.invitations.churchId, ids.graca), eq(t.invitations.email, 'admin@grace.demo')),
        );
    expect(await waiting()).toHaveLength(1);
    const undone = await call('POST', `/admin/graca/importacao/${first.id}/desfazer`, {
      token: tokens.gracaAdmin,
    });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect((await waiting()).map((i) => i.state)).toEqual(['revogado']);
  });
});
