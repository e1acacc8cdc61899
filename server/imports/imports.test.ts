// Moving in (docs/staff.md "Moving in"): real-shaped files made here — a spreadsheet with accents
// and three date formats, a giving CSV, a ChordPro zip, an .ics — through the staff API and the
// task queue: the dry run writes nothing, an import twice creates nothing twice, undo removes
// exactly the import's rows.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importViewSchema, type ImportView } from '../../contract/imports.ts';
import { parseConfig } from '../../common/config.ts';
import { createApi } from '../app.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { keepsPlan } from '../db/pglite-fast.ts';
import { countQueries } from '../db/query-stats.ts';
import { readersOf } from '../db/readers.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { createLocalFileStore } from '../files/local.ts';
import { giftsOf, statementOf } from '../giving/giving.service.ts';
import { drainTasks } from '../jobs/tasks.ts';
import { createMailer, readOutbox } from '../mail/outbox.ts';
import { apiClient, loginAs } from '../test-kit.ts';
import { guessMapping } from './columns.ts';
import { normalisePhone, parseDate, parseMoneyCents } from './formats.ts';
import { makeImportTask } from './import.task.ts';
import { importChurch } from './imports.service.ts';
import { churchZone, storeChurchZone } from '../church/church-clock.ts';
import { importCountry } from './run.ts';
import { redirectFor } from './posts.ts';
import sharp from 'sharp';
import { calendarEvents } from './events.ts';

describe('formats of Brazil, the US and Spanish-speaking countries', () => {
  it('reads dates in day-first, month-first, ISO and with month names', () => {
    expect(parseDate('15/03/1980', 'dmy')).toBe('1980-03-15');
    expect(parseDate('03/15/1980', 'mdy')).toBe('1980-03-15');
    expect(parseDate('1980-03-15', 'mdy')).toBe('1980-03-15');
    expect(parseDate('3 de março de 1990', 'dmy')).toBe('1990-03-03');
    expect(parseDate('12 de diciembre de 1975', 'dmy')).toBe('1975-12-12');
    expect(parseDate('March 4, 1988', 'dmy')).toBe('1988-03-04');
    expect(parseDate('31/02/1980', 'dmy')).toBeNull();
    expect(parseDate('amanhã', 'dmy')).toBeNull();
  });
  it('keeps phones as the product writes them', () => {
    expect(normalisePhone('(11) 98765-4321', 'pt')).toBe('+55 11 98765-4321');
    expect(normalisePhone('(555) 123-4567', 'en')).toBe('+1 555 123 4567');
    expect(normalisePhone('+54 9 11 2345-6789', 'es')).toBe('+54 9 11 2345-6789');
    expect(normalisePhone('telefone', 'pt')).toBeNull();
  });
  it('reads amounts with a comma or a dot for cents', () => {
    expect(parseMoneyCents('R$ 1.234,56')).toBe(123456);
    expect(parseMoneyCents('1,234.56')).toBe(123456);
    expect(parseMoneyCents('50')).toBe(5000);
    expect(parseMoneyCents('1.000')).toBe(100000);
    expect(parseMoneyCents('-5')).toBeNull();
  });
  it('guesses the columns from headers in three languages', () => {
    expect(
      guessMapping(
        ['Nome completo', 'E-mail', 'Celular', 'Data de Nascimento', 'CPF', 'Célula'],
        'pessoas',
      ),
    ).toEqual(['nome', 'email', 'telefone', 'nascimento', 'cpf', 'grupos']);
    expect(
      guessMapping(['Nombre', 'Correo electrónico', 'Teléfono', 'Fecha de nacimiento'], 'pessoas'),
    ).toEqual(['nome', 'email', 'telefone', 'nascimento']);
    expect(guessMapping(['Date', 'Email', 'Fund', 'Amount', 'Payment method'], 'doacoes')).toEqual([
      'data',
      'email',
      'motivo',
      'valor',
      'metodo',
    ]);
  });
  it('brings the next occurrence of a repeating event and leaves past ones out', () => {
    const ics = calendarFile();
    const { events, past } = calendarEvents(ics, new Date('2026-11-25T12:00:00Z'));
    expect(events.map((e) => e.title).sort()).toEqual(['Culto de Natal', 'Ensaio do coral']);
    expect(past).toEqual(['Retiro de Carnaval']);
  });
});

/** A member spreadsheet as a church keeps it: accents, three date formats, a repeated person. */
async function peopleXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Membros');
  sheet.addRow([
    'Nome completo',
    'E-mail',
    'Celular',
    'Data de nascimento',
    'CPF',
    'Nº membro',
    'Célula',
    'Endereço',
    'Cidade',
  ]);
  sheet.addRow([
    'João Conceição Araújo',
    'joao.araujo@exemplo.com.br',
    '(11) 98765-4321',
    '15/03/1980',
    '111.444.777-35',
    'M-001',
    'Célula Moema',
    'Rua das Flores, 12',
    'São Paulo',
  ]);
  sheet.addRow([
    'Ana Lúcia Peña',
    'ana.pena@exemplo.com',
    '11 91234-5678',
    new Date(Date.UTC(1985, 6, 22)),
    '',
    'M-002',
    '',
    '',
    '',
  ]);
  sheet.addRow([
    'Zoë Gonçalves',
    'ZOE@Exemplo.com',
    '',
    '1990-12-01',
    '',
    '',
    'Grupo que não existe',
    '',
    '',
  ]);
  sheet.addRow(['Sem E-mail da Silva', '', '', '', '', '', '', '', '']);
  sheet.addRow(['CPF Errado', 'cpf.errado@exemplo.com', '', '', '111.111.111-11', '', '', '', '']);
  // the demo member under an old e-mail: found by CPF and merged
  sheet.addRow([
    'Membro Demo',
    'membro.antigo@exemplo.com',
    '',
    '3 de março de 1990',
    '529.982.247-25',
    '',
    '',
    '',
    '',
  ]);
  sheet.addRow(['Ana Lúcia Peña', 'ana.pena@exemplo.com', '', '', '', '', '', '', '']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function calendarFile(): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Igreja//Agenda//PT',
    'BEGIN:VEVENT',
    'UID:natal-2030@igreja',
    'DTSTAMP:20260101T000000Z',
    'DTSTART:20301224T220000Z',
    'DTEND:20301225T000000Z',
    'SUMMARY:Culto de Natal',
    'DESCRIPTION:Celebração com a família',
    'LOCATION:Templo central',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:coral@igreja',
    'DTSTAMP:20260101T000000Z',
    'DTSTART:20260105T230000Z',
    'DTEND:20260106T010000Z',
    'RRULE:FREQ=WEEKLY;BYDAY=MO',
    'SUMMARY:Ensaio do coral',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:carnaval@igreja',
    'DTSTAMP:20260101T000000Z',
    'DTSTART:20260214T120000Z',
    'DTEND:20260217T120000Z',
    'SUMMARY:Retiro de Carnaval',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

describe.each(testBackends())('moving in on %s', (backend) => {
  let database: DatabaseHandle;
  let dataDir: string;
  let api: ReturnType<typeof createApi>;
  let graca: number;
  const tokens: Record<string, string> = {};
  const files = () => createLocalFileStore(() => path.join(dataDir, 'files'));

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'imports-'));
    process.env.DATA_DIR = dataDir;
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db, changes: createChangeFeed(), files: files() });
    [{ id: graca }] = (await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.slug, 'graca'))) as [{ id: number }];
    for (const [who, email] of Object.entries({
      admin: 'lider@graca.demo',
      editor: 'editor@graca.demo',
      member: 'membro@graca.demo',
      graceAdmin: 'admin@grace.demo',
    })) {
      tokens[who] = (await loginAs(() => api, email)).token;
    }
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const kit = apiClient(() => api);
  async function call(
    method: string,
    url: string,
    token: string | undefined,
    body?: { json?: unknown; form?: FormData },
  ) {
    const res = await kit.call(method, `/admin/graca${url}`, {
      token,
      lang: 'en',
      body: body?.json ?? body?.form,
    });
    return { status: res.status, body: res.body ?? {} };
  }
  const upload = (
    kind: string,
    name: string,
    bytes: Buffer | string,
    token: string | undefined = tokens.admin,
  ) => {
    const form = new FormData();
    form.append(
      'arquivo',
      new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name),
    );
    return call('POST', `/importacao?tipo=${kind}`, token, { form });
  };
  /** The attachments the test's "old site" serves (this machine has no network). */
  const oldSite = new Map<string, Buffer>();
  const runTasks = () =>
    drainTasks(
      {
        db: database.db,
        now: () => new Date(),
        workerId: 'test',
        settings: parseConfig(),
        mailer: createMailer({ dataDir }),
        files: files(),
      },
      [makeImportTask({ fetchImage: async (url) => oldSite.get(url) ?? null }) as never],
    );
  const counts = async () => ({
    users: await database.db.$count(t.users),
    members: await database.db.$count(t.churchUsers, eq(t.churchUsers.churchId, graca)),
    items: await database.db.$count(t.importItems),
    groupMembers: await database.db.$count(t.groupMembers),
    payments: await database.db.$count(t.payments),
    songs: await database.db.$count(t.praises),
    events: await database.db.$count(t.events),
  });
  const read = async (id: number) =>
    importViewSchema.parse((await call('GET', `/importacao/${id}`, tokens.admin)).body);
  /** Upload → its dry run (a task) → the dry run shown. */
  async function analysed(kind: string, name: string, bytes: Buffer | string) {
    const uploaded = await upload(kind, name, bytes);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    await runTasks();
    const view = await read((uploaded.body as ImportView).id);
    expect(view.estado, JSON.stringify(view)).toBe('analisado');
    return view;
  }
  /** Upload → dry run → (options → dry run again) → start → the task → the finished import. */
  async function importFile(kind: string, name: string, bytes: Buffer | string, options?: object) {
    const view = await analysed(kind, name, bytes);
    if (options) {
      const changed = await call('PUT', `/importacao/${view.id}/opcoes`, tokens.admin, {
        json: { ...view.opcoes, ...options },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      await runTasks();
    }
    const started = await call('POST', `/importacao/${view.id}/executar`, tokens.admin);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await runTasks();
    return read(view.id);
  }

  it("its page's calls are not pages an import makes way for; the rest of the API is", async () => {
    const readers = readersOf(database.db)!;
    let sent = readers.sent;
    // the import page follows an import every 1.5 s: counted, it kept the batches cut small
    expect((await call('GET', '/importacao', tokens.admin)).status).toBe(200);
    expect(readers.sent).toBe(sent);
    sent = readers.sent;
    expect((await call('GET', '/pessoas', tokens.admin)).status).toBe(200);
    expect(readers.sent).toBeGreaterThan(sent);
  });

  it('is for admins only', async () => {
    const bytes = await peopleXlsx();
    expect((await upload('pessoas', 'membros.xlsx', bytes, '')).status).toBe(401);
    for (const who of ['member', 'editor', 'graceAdmin'])
      expect((await upload('pessoas', 'membros.xlsx', bytes, tokens[who])).status).toBe(403);
    expect((await call('GET', '/importacao', tokens.editor)).status).toBe(403);
  });

  it('refuses a file that is not what it says, and an unknown kind', async () => {
    const wrong = await upload('eventos', 'agenda.ics', 'Nome;E-mail\nJoão;joao@x.com\n');
    expect(wrong.status).toBe(415);
    expect(wrong.body.errors.arquivo[0]).toMatch(/iCalendar/);
    expect((await upload('planilhas', 'x.csv', 'a,b\n')).status).toBe(400);
    const none = await call('POST', '/importacao?tipo=pessoas', tokens.admin, {
      form: new FormData(),
    });
    expect(none.status).toBe(400);
    expect(none.body.errors.arquivo).toEqual(['Choose a file.']);
  });

  let peopleImport: ImportView;
  it('shows the dry run of a spreadsheet with its guessed columns, writing nothing', async () => {
    const before = await counts();
    const res = await upload('pessoas', 'membros.xlsx', await peopleXlsx());
    expect(res.status).toBe(201);
    // the upload answers at once: the dry run is a task the page follows
    const queued = importViewSchema.parse(res.body);
    expect(queued).toMatchObject({ estado: 'analisando', previa: null });
    const early = await call('PUT', `/importacao/${queued.id}/opcoes`, tokens.admin, {
      json: queued.opcoes,
    });
    expect(early.status).toBe(409);
    expect(await runTasks()).toHaveLength(1);
    const view = await read(queued.id);
    expect(view.estado).toBe('analisado');
    expect(view.colunas!.map((c) => c.campo)).toEqual([
      'nome',
      'email',
      'telefone',
      'nascimento',
      'cpf',
      'numeroMembro',
      'grupos',
      'endereco',
      'cidade',
    ]);
    expect(view.colunas![0]!.exemplos[0]).toBe('João Conceição Araújo');
    expect(view.opcoes.ordemData).toBe('dmy');
    // João, Ana, Zoë and the bad CPF's person new (the CPF left out); Ana's second row merged
    // into her first; the demo member's CPF under another name and e-mail waits for a confirmation
    expect(view.previa).toMatchObject({ criar: 4, totalRecusadas: 2, confirmarLinhas: [7] });
    expect(view.previa!.iguais + view.previa!.atualizar).toBe(1);
    expect(view.previa!.recusadas).toEqual([
      { linha: 5, motivo: 'No e-mail: a person needs one to have an account.' },
      {
        linha: 7,
        motivo:
          'The CPF 52998224725 belongs to Maria Souza (membro@graca.demo), whose name and e-mail are not these (a typo?): confirm the line to merge it into that person anyway.',
      },
    ]);
    expect(view.previa!.avisos).toContainEqual({
      linha: 6,
      motivo: '“111.111.111-11” is not a valid CPF; the CPF was left out.',
    });
    // a group the church lacks is to be created, not left out
    expect(view.previa!.gruposCriar).toEqual(['Grupo que não existe']);
    expect(view.previa!.avisos.map((a) => a.motivo).join(' ')).not.toMatch(/group/i);
    expect(await counts()).toEqual(before);
    expect(await database.db.$count(t.groups, eq(t.groups.name, 'Grupo que não existe'))).toBe(0);
    peopleImport = view;
  });

  it('asks for the name and e-mail columns before it reads', async () => {
    const res = await call('PUT', `/importacao/${peopleImport.id}/opcoes`, tokens.admin, {
      json: {
        ...peopleImport.opcoes,
        mapeamento: peopleImport.opcoes.mapeamento.map((f) => (f === 'email' ? null : f)),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.mapeamento[0]).toMatch(/email/);
  });

  it('imports in the background: people merged by e-mail, formats read, invitations when asked', async () => {
    const before = await counts();
    const res = await call('PUT', `/importacao/${peopleImport.id}/opcoes`, tokens.admin, {
      json: { ...peopleImport.opcoes, convidar: true, confirmar: [7] },
    });
    expect(res.status).toBe(200);
    // the new choices are read again in the background before the import can start
    expect(res.body.estado).toBe('analisando');
    expect(
      (await call('POST', `/importacao/${peopleImport.id}/executar`, tokens.admin)).status,
    ).toBe(409);
    expect(await runTasks()).toHaveLength(1);
    expect((await read(peopleImport.id)).previa).toMatchObject({ criar: 4, confirmarLinhas: [] });
    expect(
      (await call('POST', `/importacao/${peopleImport.id}/executar`, tokens.admin)).status,
    ).toBe(202);
    // a second click does not start it twice
    expect(
      (await call('POST', `/importacao/${peopleImport.id}/executar`, tokens.admin)).status,
    ).toBe(409);
    const queued = importViewSchema.parse(
      (await call('GET', `/importacao/${peopleImport.id}`, tokens.admin)).body,
    );
    expect(queued.estado).toBe('na_fila');
    expect(await runTasks()).toHaveLength(1);
    const done = importViewSchema.parse(
      (await call('GET', `/importacao/${peopleImport.id}`, tokens.admin)).body,
    );
    expect(done.estado).toBe('concluido');
    expect(done.resultado).toMatchObject({
      criar: 4,
      totalRecusadas: 1,
      convidadas: 4,
      gruposCriar: ['Grupo que não existe'],
    });
    expect(done.progresso).toMatchObject({ feito: 7, total: 7 });
    const after = await counts();
    expect(after.users - before.users).toBe(4);
    expect(after.members - before.members).toBe(4);

    const [joao] = await database.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'joao.araujo@exemplo.com.br'));
    expect(joao).toMatchObject({
      firstName: 'João',
      lastName: 'Conceição Araújo',
      phone: '+55 11 98765-4321',
      birthDate: '1980-03-15',
      cpf: '11144477735',
      passwordHash: '',
    });
    const [ana] = await database.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'ana.pena@exemplo.com'));
    expect(ana!.birthDate).toBe('1985-07-22');
    const [zoe] = await database.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'zoe@exemplo.com'));
    expect(zoe!.birthDate).toBe('1990-12-01');
    const [demo] = await database.db.select().from(t.users).where(eq(t.users.cpf, '52998224725'));
    expect(demo!.email).toBe('membro@graca.demo'); // merged by CPF: what was there stays
    expect(await database.db.$count(t.users, eq(t.users.email, 'membro.antigo@exemplo.com'))).toBe(
      0,
    );
    // visible in the people directory with the member number and the group
    const list = await kit.get('/admin/graca/pessoas?busca=Araújo', { token: tokens.admin });
    expect(JSON.stringify(list.body)).toContain('joao.araujo@exemplo.com.br');
    const [moema] = await database.db
      .select()
      .from(t.groups)
      .where(eq(t.groups.name, 'Célula Moema'));
    expect(
      await database.db.$count(
        t.groupMembers,
        and(eq(t.groupMembers.groupId, moema!.id), eq(t.groupMembers.userId, joao!.id)),
      ),
    ).toBe(1);
    // the unknown group was created for the church (hidden until the team completes it), with Zoë in it
    const [created] = await database.db
      .select()
      .from(t.groups)
      .where(and(eq(t.groups.churchId, graca), eq(t.groups.name, 'Grupo que não existe')));
    expect(created).toMatchObject({ active: false });
    expect(
      await database.db.$count(
        t.groupMembers,
        and(eq(t.groupMembers.groupId, created!.id), eq(t.groupMembers.userId, zoe!.id)),
      ),
    ).toBe(1);
    // the invitation leads to choosing a password on the church's site
    const [mail] = await readOutbox(dataDir, 'joao.araujo@exemplo.com.br');
    expect(mail!.subject).toMatch(/Sua conta na/);
    expect(mail!.links[0]).toMatch(/\/access\?resetToken=/);
  });

  it('imports the same file again without creating anything twice', async () => {
    const before = await counts();
    const again = await importFile('pessoas', 'membros.xlsx', await peopleXlsx());
    expect(again.resultado).toMatchObject({ criar: 0, gruposCriar: [] });
    const after = await counts();
    expect(after.users).toBe(before.users);
    expect(after.members).toBe(before.members);
    expect(after.groupMembers).toBe(before.groupMembers);
    // its undo removes nothing of the first import
    expect((await call('POST', `/importacao/${again.id}/desfazer`, tokens.admin)).status).toBe(200);
    expect(await counts()).toMatchObject({ users: before.users, members: before.members });
  });

  let giftImport: ImportView;
  it('brings giving history as outside gifts: in the history and statement, never refunded', async () => {
    const csv = [
      'Data;E-mail;CPF;Motivo;Valor;Forma',
      '05/01/2025;joao.araujo@exemplo.com.br;;Dízimo;R$ 1.250,00;Transferência',
      '12/01/2025;;111.444.777-35;Missões;80,50;Pix',
      '12/01/2025;;111.444.777-35;Missões;80,50;Pix',
      '13/01/2025;ninguem@exemplo.com;;Dízimo;10,00;Dinheiro',
      '14/01/2025;ana.pena@exemplo.com;;Construção;abc;Dinheiro',
    ].join('\r\n');
    const before = await counts();
    giftImport = await importFile('doacoes', 'doacoes.csv', `\uFEFF${csv}`);
    expect(giftImport.resultado).toMatchObject({ criar: 3, totalRecusadas: 2 });
    expect((await counts()).payments - before.payments).toBe(3);
    const [joao] = await database.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'joao.araujo@exemplo.com.br'));
    const history = await giftsOf(database.db, graca, joao!.id);
    expect(history.map((g) => g.valor).sort((a, b) => a - b)).toEqual([80.5, 80.5, 1250]);
    expect(history.find((g) => g.valor === 1250)).toMatchObject({
      status: 'aprovado',
      metodoPagamento: 'transferencia',
      importada: true,
    });
    // dated at noon of its day on the church's clock (Brasília's noon is 15:00 UTC), so its day is the file's there
    const [tithe] = await database.db
      .select({ at: t.payments.createdAt })
      .from(t.payments)
      .where(and(eq(t.payments.userId, joao!.id), eq(t.payments.totalCents, 125_000)));
    expect(tithe!.at.toISOString()).toBe('2025-01-05T15:00:00.000Z');
    // labelled in the staff list too, where it offers no refund
    const staffList = await call('GET', '/doacao/doacoes', tokens.admin);
    const listed = (
      staffList.body as { doacoes: { codigo: string; importada: boolean; estornavel: boolean }[] }
    ).doacoes.find((g) => g.codigo === history[0]!.codigo);
    expect(listed).toMatchObject({ importada: true, estornavel: false });
    // gifts made here are not labelled
    expect(
      (staffList.body as { doacoes: { importada: boolean }[] }).doacoes.some((g) => !g.importada),
    ).toBe(true);
    const statement = await statementOf(database.db, graca, joao!.id, 2025);
    expect(statement.total).toBe(1411);
    expect(statement.totaisPorMotivo).toContainEqual({ motivo: 'Missões', valor: 161 });
    const refund = await kit.call(
      'POST',
      `/admin/graca/doacao/doacoes/${history[0]!.codigo}/estorno`,
      { token: tokens.admin },
    );
    expect(refund.status).toBe(409);
    // again: nothing twice (the two equal rows stay two)
    const again = await importFile('doacoes', 'doacoes.csv', csv);
    expect(again.resultado).toMatchObject({ criar: 0, iguais: 3 });
  });

  it('refuses to undo people while their gifts stay, then undoes both exactly', async () => {
    const refused = await call('POST', `/importacao/${peopleImport.id}/desfazer`, tokens.admin);
    expect(refused.status).toBe(409);
    expect(refused.body.errors.emUso.join(' ')).toMatch(/João Conceição Araújo .* has gifts/);
    expect((await call('POST', `/importacao/${giftImport.id}/desfazer`, tokens.admin)).status).toBe(
      200,
    );
    const before = await counts();
    const undone = await call('POST', `/importacao/${peopleImport.id}/desfazer`, tokens.admin);
    expect(undone.status).toBe(200);
    expect(undone.body.estado).toBe('desfeito');
    const after = await counts();
    expect(before.users - after.users).toBe(4);
    expect(before.members - after.members).toBe(4);
    expect(
      await database.db.$count(
        t.users,
        inArray(t.users.email, ['joao.araujo@exemplo.com.br', 'zoe@exemplo.com']),
      ),
    ).toBe(0);
    expect(await database.db.$count(t.users, eq(t.users.email, 'membro@graca.demo'))).toBe(1);
    // the group it created went with its only member; the group that was already there stays
    expect(await database.db.$count(t.groups, eq(t.groups.name, 'Grupo que não existe'))).toBe(0);
    expect(await database.db.$count(t.groups, eq(t.groups.name, 'Célula Moema'))).toBe(1);
    expect(
      (await call('POST', `/importacao/${peopleImport.id}/desfazer`, tokens.admin)).status,
    ).toBe(409);
  });

  it('keeps an import whose person has signed in since', async () => {
    const csv = 'Nome,Email\nPedro Álvares,pedro@exemplo.com\n';
    const done = await importFile('pessoas', 'pessoas.csv', csv);
    expect(done.resultado).toMatchObject({ criar: 1 });
    const [pedro] = await database.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, 'pedro@exemplo.com'));
    await database.db.update(t.users).set({ passwordHash: 'x' }).where(eq(t.users.id, pedro!.id));
    const refused = await call('POST', `/importacao/${done.id}/desfazer`, tokens.admin);
    expect(refused.status).toBe(409);
    expect(refused.body.errors.emUso).toEqual([
      'Pedro Álvares (pedro@exemplo.com) has chosen a password.',
    ]);
    expect(await database.db.$count(t.users, eq(t.users.id, pedro!.id))).toBe(1);
  });

  it('undoes the accounts it made with their membership and groups: a role given since blocks it, another church’s keeps the account', async () => {
    const csv =
      'Nome,Email,Célula\nRita Lobo,rita@exemplo.com,Célula Moema\nCaio Prado,caio@exemplo.com,Célula Moema\n';
    const done = await importFile('pessoas', 'pessoas.csv', csv);
    expect(done.resultado).toMatchObject({ criar: 2 });
    const [caio, rita] = await database.db
      .select({ id: t.users.id })
      .from(t.users)
      .where(inArray(t.users.email, ['rita@exemplo.com', 'caio@exemplo.com']))
      .orderBy(t.users.email);
    const ritaId = rita!.id;
    const caioId = caio!.id;
    const ritaJoins = () =>
      database.db.$count(
        t.groupMembers,
        and(eq(t.groupMembers.churchId, graca), eq(t.groupMembers.userId, ritaId)),
      );
    expect(await ritaJoins()).toBe(1);
    const membership = (userId: number) =>
      and(eq(t.churchUsers.churchId, graca), eq(t.churchUsers.userId, userId));
    await database.db
      .update(t.churchUsers)
      .set({ roles: ['ROLE_ADMIN'] })
      .where(membership(caioId));
    const refused = await call('POST', `/importacao/${done.id}/desfazer`, tokens.admin);
    expect(refused.status).toBe(409);
    expect(refused.body.errors.emUso.join(' ')).toMatch(/Caio Prado .*caio@exemplo.com/);
    await database.db.update(t.churchUsers).set({ roles: [] }).where(membership(caioId));

    // another church has added Rita since: her account stays for it, nothing of graca's with it
    const [other] = await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(ne(t.churches.id, graca))
      .limit(1);
    await database.db.insert(t.churchUsers).values({ churchId: other!.id, userId: ritaId });
    expect((await call('POST', `/importacao/${done.id}/desfazer`, tokens.admin)).status).toBe(200);
    expect(await database.db.$count(t.users, eq(t.users.id, caioId))).toBe(0);
    expect(await database.db.$count(t.users, eq(t.users.id, ritaId))).toBe(1);
    expect(await database.db.$count(t.churchUsers, membership(ritaId))).toBe(0);
    expect(await ritaJoins()).toBe(0);
    expect(
      await database.db.$count(
        t.churchUsers,
        and(eq(t.churchUsers.churchId, other!.id), eq(t.churchUsers.userId, ritaId)),
      ),
    ).toBe(1);
  });

  it('brings songs from a ChordPro zip with the editor’s parser', async () => {
    const zip = Buffer.from(
      zipSync({
        'louvores/castelo-forte.cho': strToU8(
          '{title: Castelo Forte}\n{artist: Martinho Lutero}\n{key: C}\n\n[C]Castelo forte é [G]nosso Deus',
        ),
        'louvores/sublime.chopro': strToU8('{t: Sublime graça}\n{key: G}\n[G]Sublime graça'),
        'louvores/sem-titulo.cho': strToU8('[D]Só a letra'),
        '__MACOSX/louvores/._castelo-forte.cho': strToU8('\0\0'),
      }),
    );
    const before = await counts();
    const done = await importFile('louvores', 'louvores.zip', zip);
    expect(done.resultado).toMatchObject({ criar: 2, totalRecusadas: 1 });
    expect(done.resultado!.recusadas[0]!.motivo).toMatch(/sem-titulo\.cho: no \{title/);
    const [song] = await database.db
      .select()
      .from(t.praises)
      .where(and(eq(t.praises.churchId, graca), eq(t.praises.title, 'Castelo Forte')));
    expect(song).toMatchObject({
      author: 'Martinho Lutero',
      tone: 'C',
      chordPro: '[C]Castelo forte é [G]nosso Deus',
    });
    const again = await importFile('louvores', 'louvores.zip', zip);
    expect(again.resultado).toMatchObject({ criar: 0, iguais: 2 });
    expect((await call('POST', `/importacao/${done.id}/desfazer`, tokens.admin)).status).toBe(200);
    expect((await counts()).songs).toBe(before.songs);
  });

  it('brings future events from an .ics as drafts', async () => {
    const before = await counts();
    const done = await importFile('eventos', 'agenda.ics', calendarFile());
    expect(done.resultado).toMatchObject({ criar: 2 });
    expect(done.resultado!.recusadas).toEqual([
      { linha: 21, motivo: '“Retiro de Carnaval” has already happened.' },
    ]);
    const [natal] = await database.db
      .select()
      .from(t.events)
      .where(and(eq(t.events.churchId, graca), eq(t.events.title, 'Culto de Natal')));
    expect(natal).toMatchObject({ active: false, placeName: 'Templo central' });
    expect(natal!.startsAt.toISOString()).toBe('2030-12-24T22:00:00.000Z');
    expect((await counts()).events - before.events).toBe(2);
    expect((await importFile('eventos', 'agenda.ics', calendarFile())).resultado).toMatchObject({
      criar: 0,
      iguais: 2,
    });
  });

  it('reads a file in the church’s clock, the one giving and teams keep: its chosen zone, else its country’s', async () => {
    const idOf = async (slug: string) =>
      (
        await database.db
          .select({ id: t.churches.id })
          .from(t.churches)
          .where(eq(t.churches.slug, slug))
      )[0]!.id;
    const zoneOf = async (slug: string) => {
      const id = await idOf(slug);
      const zone = (await importChurch(database.db, id)).timeZone;
      expect(zone).toBe(await churchZone(database.db, id));
      return zone;
    };
    // no zone chosen in the demo: the country of each church's address decides
    expect(await zoneOf('graca')).toBe('America/Sao_Paulo');
    expect(await zoneOf('grace')).toBe('America/New_York'); // en_US
    expect(await zoneOf('esperanza')).toBe('America/Argentina/Buenos_Aires'); // es
    // a church in Manaus that chose its zone imports on it
    const graca = await idOf('graca');
    await database.db.transaction((tx) => storeChurchZone(tx, graca, 'America/Manaus'));
    try {
      expect(await zoneOf('graca')).toBe('America/Manaus');
    } finally {
      await database.db.transaction((tx) => storeChurchZone(tx, graca, null));
    }
    expect(await zoneOf('graca')).toBe('America/Sao_Paulo');
  });

  it('reads phones, dates and addresses in the church’s language, whatever its locale’s form', async () => {
    const [grace] = await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.slug, 'grace'));
    const church = await importChurch(database.db, grace!.id);
    // grace's locale is `en_US`: the importer's English rules (US phones, month-first dates) apply
    expect(church.lang).toBe('en');
    expect(normalisePhone('(555) 123-4567', church.lang)).toBe('+1 555 123 4567');
    expect(importCountry({ ...church, country: null })).toBe('US');
    expect(importCountry({ country: null, lang: 'pt' })).toBe('BR');
  });

  it('brings WordPress posts with their images, authors, categories and old addresses', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    oldSite.set('https://igreja.example.org/wp-content/uploads/2024/12/natal.png', png);
    const wxr = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Igreja da Graça</title>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>https://igreja.example.org</wp:base_site_url>
  <wp:author><wp:author_login><![CDATA[pastor]]></wp:author_login><wp:author_display_name><![CDATA[Pr. André Müller]]></wp:author_display_name></wp:author>
  <wp:category><wp:cat_name><![CDATA[Mural da Secretaria]]></wp:cat_name></wp:category>
  <wp:category><wp:cat_name><![CDATA[Reflexões]]></wp:cat_name></wp:category>
  <item>
    <title>Natal em família</title>
    <link>https://igreja.example.org/2024/12/natal-em-familia/</link>
    <dc:creator><![CDATA[pastor]]></dc:creator>
    <content:encoded><![CDATA[<p>Venha celebrar &amp; trazer a família.</p><p><img src="https://igreja.example.org/wp-content/uploads/2024/12/natal-300x200.png" alt="Presépio"></p><p><img src="https://cdn.outro.example/banner.jpg"></p><script>alert(1)</script>]]></content:encoded>
    <excerpt:encoded><![CDATA[Celebração de Natal]]></excerpt:encoded>
    <wp:post_id>101</wp:post_id>
    <wp:post_date_gmt>2024-12-20 15:30:00</wp:post_date_gmt>
    <wp:post_name>natal-em-familia</wp:post_name>
    <wp:status>publish</wp:status>
    <wp:post_type>post</wp:post_type>
    <category domain="category" nicename="mural"><![CDATA[Mural da Secretaria]]></category>
    <category domain="post_tag" nicename="natal"><![CDATA[natal]]></category>
    <wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>201</wp:meta_value></wp:postmeta>
  </item>
  <item>
    <title>Graça que basta</title>
    <link>https://igreja.example.org/?p=102</link>
    <dc:creator><![CDATA[pastor]]></dc:creator>
    <content:encoded><![CDATA[Primeiro parágrafo.

Segundo parágrafo.]]></content:encoded>
    <wp:post_id>102</wp:post_id>
    <wp:post_date_gmt>0000-00-00 00:00:00</wp:post_date_gmt>
    <wp:post_date>2025-01-10 08:00:00</wp:post_date>
    <wp:status>draft</wp:status>
    <wp:post_type>post</wp:post_type>
    <category domain="category" nicename="reflexoes"><![CDATA[Reflexões]]></category>
  </item>
  <item>
    <title>Lixo</title>
    <wp:post_id>103</wp:post_id>
    <wp:status>trash</wp:status>
    <wp:post_type>post</wp:post_type>
  </item>
  <item>
    <title>natal.png</title>
    <wp:post_id>201</wp:post_id>
    <wp:post_type>attachment</wp:post_type>
    <wp:attachment_url>https://igreja.example.org/wp-content/uploads/2024/12/natal.png</wp:attachment_url>
  </item>
  <item>
    <title>perdida.jpg</title>
    <wp:post_id>202</wp:post_id>
    <wp:post_type>attachment</wp:post_type>
    <wp:attachment_url>https://igreja.example.org/wp-content/uploads/2020/01/perdida.jpg</wp:attachment_url>
  </item>
</channel>
</rss>`;
    const uploaded = await analysed('posts', 'igreja.WordPress.xml', wxr);
    expect(uploaded.categoriasArquivo).toEqual(['Mural da Secretaria', 'Reflexões']);
    expect(uploaded.previa).toMatchObject({ criar: 2 });
    expect(await database.db.$count(t.contents, eq(t.contents.title, 'Natal em família'))).toBe(0);
    await call('PUT', `/importacao/${uploaded.id}/opcoes`, tokens.admin, {
      json: { ...uploaded.opcoes, categorias: { Reflexões: 'devocional' } },
    });
    await runTasks();
    expect((await call('POST', `/importacao/${uploaded.id}/executar`, tokens.admin)).status).toBe(
      202,
    );
    await runTasks();
    const done = importViewSchema.parse(
      (await call('GET', `/importacao/${uploaded.id}`, tokens.admin)).body,
    );
    expect(done.estado).toBe('concluido');
    expect(done.resultado).toMatchObject({ criar: 2 });
    expect(done.resultado!.imagensFaltando).toEqual(['https://cdn.outro.example/banner.jpg']);

    const [news] = await database.db
      .select()
      .from(t.contents)
      .where(and(eq(t.contents.churchId, graca), eq(t.contents.title, 'Natal em família')));
    expect(news).toMatchObject({
      kind: 'noticia',
      status: 'publicado',
      active: true,
      author: 'Pr. André Müller',
      summary: 'Celebração de Natal',
      keywords: ['natal'],
    });
    expect(news!.publishedAt.toISOString()).toBe('2024-12-20T15:30:00.000Z');
    expect(news!.body).toContain('Venha celebrar &amp; trazer a família.');
    expect(news!.body).not.toContain('<script');
    expect(news!.body).toMatch(
      /<img src="\/api\/v1\/imagem\/conteudo\/[^"]+\.webp" alt="Presépio"/,
    );
    expect(news!.image).toMatch(/^\/api\/v1\/imagem\/conteudo\/.+\.webp$/);
    const [category] = await database.db
      .select()
      .from(t.contentCategories)
      .where(eq(t.contentCategories.id, news!.categoryId!));
    expect(category).toMatchObject({ name: 'Mural da Secretaria', kind: 'noticia' });
    const [devotional] = await database.db
      .select()
      .from(t.contents)
      .where(and(eq(t.contents.churchId, graca), eq(t.contents.title, 'Graça que basta')));
    expect(devotional).toMatchObject({ kind: 'devocional', status: 'rascunho', active: false });
    expect(devotional!.body).toBe('<p>Primeiro parágrafo.</p><p>Segundo parágrafo.</p>');
    // the old addresses lead to the new pages
    expect(await redirectFor(database.db, graca, '/2024/12/natal-em-familia/')).toBe(
      `/news/${news!.id}`,
    );
    expect(await redirectFor(database.db, graca, '/?p=102')).toBe(`/devotionals/${devotional!.id}`);
    const asked = await kit.get(
      `/igreja/graca/redirecionamento?caminho=${encodeURIComponent('/2024/12/Natal-em-familia')}`,
    );
    expect(asked.body).toEqual({ destino: `/news/${news!.id}` });
    expect((await kit.get('/igreja/graca/redirecionamento?caminho=/nada')).status).toBe(404);
    // again: nothing twice; undo: the posts, their new category and the addresses go
    expect((await importFile('posts', 'igreja.WordPress.xml', wxr)).resultado).toMatchObject({
      criar: 0,
      iguais: 2,
    });
    expect((await call('POST', `/importacao/${done.id}/desfazer`, tokens.admin)).status).toBe(200);
    expect(await database.db.$count(t.contents, eq(t.contents.id, news!.id))).toBe(0);
    expect(
      await database.db.$count(t.contentCategories, eq(t.contentCategories.id, category!.id)),
    ).toBe(0);
    expect(await redirectFor(database.db, graca, '/2024/12/natal-em-familia')).toBeNull();
  });

  it('writes a large file in batches where a row the database refuses stops no other', async () => {
    const rows = ['Nome;Sobrenome;E-mail;Telefone'];
    for (let i = 1; i <= 1100; i++)
      rows.push(
        `Pessoa;Número ${i}${i === 600 ? '\u0000' : ''};lote.${i}@exemplo.com;(11) 9${String(i).padStart(4, '0')}-0000`,
      );
    const before = await counts();
    const { result: done, stats } = await countQueries(() =>
      importFile('pessoas', 'grande.csv', rows.join('\n')),
    );
    // no statement carries a value per row: a batch's look-ups carry theirs as arrays, so each has one
    // text for every batch (people-match.ts `anyOf`), and its writes too (insertMany). The look-ups
    // are planned for each run: a plan kept from the first batches, when the church had a hundred
    // people, went on reading every person of the church on each batch after
    const many = (sql: string) => (sql.match(/\$\d+/g)?.length ?? 0) > 100;
    expect(stats.statements.filter(many)).toEqual([]);
    const lookUps = stats.statements.filter((sql) => sql.includes(' = any('));
    expect(lookUps.length).toBeGreaterThanOrEqual(2 * 3); // dry run and import, three batches each
    expect(new Set(lookUps).size).toBeLessThanOrEqual(6);
    expect(lookUps.filter((sql) => keepsPlan(sql))).toEqual([]);
    expect(done.resultado).toMatchObject({ criar: 1099, totalRecusadas: 1 });
    expect(done.resultado!.recusadas[0]!.linha).toBe(601);
    expect(done.resultado!.recusadas[0]!.motivo).toMatch(/^Could not be saved/);
    expect((await counts()).users - before.users).toBe(1099);
    expect(done.progresso).toMatchObject({ feito: 1100, total: 1100 });
  }, 120_000);

  it('tries a failed dry run and a failed import again without a new upload', async () => {
    const ics = calendarFile()
      .replace('natal-2030@igreja', 'vigilia-2031@igreja')
      .replace('Culto de Natal', 'Vigília de Ano Novo')
      .replace(/DTSTART:20301224T220000Z/, 'DTSTART:20311231T220000Z')
      .replace(/DTEND:20301225T000000Z/, 'DTEND:20320101T020000Z');
    const source = (id: number) => `imports/${id}/source`;
    // the dry run fails: the file went missing from the store before the task ran
    const uploaded = await upload('eventos', 'vigilia.ics', ics);
    expect(uploaded.status).toBe(201);
    const id = (uploaded.body as ImportView).id;
    const kept = (await files().get(source(id)))!.bytes;
    expect(
      (await call('POST', `/importacao/${id}/repetir`, tokens.admin)).status,
      'nothing failed yet',
    ).toBe(409);
    await files().delete(source(id));
    await runTasks();
    const failedRead = await read(id);
    expect(failedRead).toMatchObject({ estado: 'falhou', previa: null, resultado: null });
    expect(failedRead.erro).toMatch(/no longer in the file store/);
    await files().put(source(id), kept, 'application/octet-stream');
    // another church's admin cannot retry it
    expect(
      (
        await kit.call('POST', `/admin/grace/importacao/${id}/repetir`, {
          token: tokens.graceAdmin,
        })
      ).status,
    ).toBe(404);
    const again = await call('POST', `/importacao/${id}/repetir`, tokens.admin);
    expect(again.status).toBe(202);
    expect(again.body.estado).toBe('analisando');
    await runTasks();
    expect(await read(id)).toMatchObject({ estado: 'analisado', previa: { criar: 1 } });

    // the import fails the same way, then runs to its end when tried again
    expect((await call('POST', `/importacao/${id}/executar`, tokens.admin)).status).toBe(202);
    await files().delete(source(id));
    await runTasks();
    expect((await read(id)).estado).toBe('falhou');
    await files().put(source(id), kept, 'application/octet-stream');
    const before = await counts();
    const retried = await call('POST', `/importacao/${id}/repetir`, tokens.admin);
    expect(retried.status).toBe(202);
    expect(retried.body.estado).toBe('na_fila');
    expect(await runTasks()).toHaveLength(1);
    const done = await read(id);
    expect(done).toMatchObject({ estado: 'concluido', erro: null, resultado: { criar: 1 } });
    expect((await counts()).events - before.events).toBe(1);
    expect((await call('POST', `/importacao/${id}/repetir`, tokens.admin)).status).toBe(409);
    expect((await call('POST', `/importacao/${id}/desfazer`, tokens.admin)).status).toBe(200);
  });
});
