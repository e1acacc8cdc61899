// E-mail announcements over real SMTP (docs/notifications.md "E-mail announcements"): a local SMTP
// server receives what the job sends; a member reads the plain-text part and the RFC 8058 headers,
// unsubscribes with one click and the next send skips them; a 550 marks an address as bouncing and
// later sends skip it without asking the server again; two workers never send one message twice.
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSendsSchema } from '../../contract/email-announcements.ts';
import { staffNotificationSchema } from '../../contract/notifications-staff.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { createMailer } from '../mail/outbox.ts';
import { apiClient, loginAs, STAFF_ACCOUNTS, type ApiClient } from '../test-kit.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import { announcementMail, type MailChurch } from './email-mail.ts';
import { workEmailSends } from './email-sends.service.ts';
import type { Pace } from '../http/traffic.ts';
import { setLanguage } from './languages.ts';
import { queueEventReminders } from './event-mail.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'email-sends-'));
const settings = { PROVIDER_DOMAIN: 'localhost', PORT: 4321 };

/** A local SMTP server: every message it accepts, parsed; `reject` answers 550 for an address. */
async function startSmtp() {
  const received: ParsedMail[] = [];
  const reject = new Set<string>();
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (reject.has(address.address.toLowerCase())) {
        const error = new Error('5.1.1 Mailbox does not exist') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    reject,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testBackends())('e-mail announcements over SMTP on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let client: ApiClient;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: { token: string; email: string };
  let graca: number;
  let groupId: number;
  let members: { id: number; email: string; name: string }[];
  /** A header as the message carries it (its raw line, unfolded). */
  const header = (mail: ParsedMail, key: string) =>
    mail.headerLines
      .find((h) => h.key === key)
      ?.line.replace(/^[^:]+:\s*/, '')
      .replace(/\r?\n\s+/g, ' ');
  /** The https/http and mailto addresses of List-Unsubscribe. */
  const unsubscribeOf = (mail: ParsedMail) => {
    const [web, mailto] = [...(header(mail, 'list-unsubscribe') ?? '').matchAll(/<([^>]+)>/g)].map(
      (m) => m[1]!,
    );
    return { url: new URL(web!), mailto: mailto! };
  };
  const to = (mail: ParsedMail) =>
    (Array.isArray(mail.to) ? mail.to[0] : mail.to)!.value[0]!.address!.toLowerCase();
  const work = (batch = 200, pace?: Pace) =>
    workEmailSends(database.db, {
      mailer: createMailer({ dataDir, smtpUrl: smtp.url }),
      settings,
      batch,
      pace,
    });
  const send = async (title: string) => {
    const res = await client.call('POST', '/admin/graca/notificacoes', {
      token: admin.token,
      body: {
        titulo: title,
        corpo: 'Encontro na quinta.\n\nTraga a Bíblia.',
        grupoId: groupId,
        email: true,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return staffNotificationSchema.parse(res.body);
  };
  const emails = async () =>
    emailSendsSchema.parse(
      (await client.get('/admin/graca/notificacoes/emails', { token: admin.token })).body,
    );

  beforeAll(async () => {
    process.env.DATA_DIR = path.join(dataDir, backend);
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db, changes: createChangeFeed() });
    client = apiClient(api, { lang: 'pt-BR' });
    smtp = await startSmtp();
    process.env.SMTP_URL = smtp.url; // the API's mailer (the test send) speaks SMTP too
    admin = await loginAs(api, STAFF_ACCOUNTS.admin);
    const [church] = await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, 'graca'));
    graca = church!.id;
    await database.db
      .update(t.churches)
      .set({
        street: 'Rua da Graça',
        number: '100',
        city: 'Recife',
        state: 'PE',
        zipCode: '50000-000',
      })
      .where(eq(t.churches.id, graca));
    // three active members with real addresses, none of them staff
    members = (
      await database.db
        .select({ id: t.users.id, email: t.users.email, name: t.users.firstName })
        .from(t.churchUsers)
        .innerJoin(t.users, eq(t.users.id, t.churchUsers.userId))
        .where(
          and(
            eq(t.churchUsers.churchId, graca),
            eq(t.churchUsers.active, true),
            eq(t.users.active, true),
            sql`jsonb_array_length(${t.churchUsers.roles}) = 0`,
            sql`${t.users.email} not like '%.invalid'`,
            ne(t.users.email, STAFF_ACCOUNTS.member),
          ),
        )
        .orderBy(t.users.id)
        .limit(3)
    ).map((m) => ({ ...m, email: m.email.toLowerCase() }));
    expect(members).toHaveLength(3);
    const [group] = await database.db
      .insert(t.groups)
      .values({ churchId: graca, name: 'Célula do e-mail', weekday: 4, time: '20:00' })
      .returning({ id: t.groups.id });
    groupId = group!.id;
    await database.db
      .insert(t.groupMembers)
      .values(members.map((m) => ({ churchId: graca, groupId, userId: m.id })));
  }, 240_000);
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await smtp?.close();
    await database?.close();
  });

  it('a test goes to the staff member alone first', async () => {
    const res = await client.call('POST', '/admin/graca/notificacoes/teste', {
      token: admin.token,
      body: { titulo: 'Culto de domingo', corpo: 'Às 10h.', grupoId: groupId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ para: STAFF_ACCOUNTS.admin });
    expect(smtp.received.map(to)).toEqual([STAFF_ACCOUNTS.admin]);
    expect(smtp.received[0]!.subject).toBe('[Teste] Culto de domingo');
    expect((await emails()).envios).toEqual([]); // nothing queued by a test
    smtp.received.length = 0;
  });

  it('a notice to a group of 3 arrives 3 times with a text part, the address and one-click unsubscribe', async () => {
    const notice = await send('Reunião da célula');
    expect(notice.email).toMatchObject({ status: 'enviando', total: 3, enviados: 0 });
    const [audit] = await database.db
      .select({ details: t.auditLog.details })
      .from(t.auditLog)
      .where(
        and(
          eq(t.auditLog.action, 'notifications.send'),
          eq(t.auditLog.targetId, String(notice.id)),
        ),
      );
    expect(audit?.details).toMatchObject({ email: true, destinatarios: 3 });
    expect(smtp.received).toHaveLength(0); // the job sends, not the request
    expect(await work()).toBe(3);
    expect(smtp.received.map(to).sort()).toEqual(members.map((m) => m.email).sort());
    for (const mail of smtp.received) {
      const member = members.find((m) => m.email === to(mail))!;
      expect(mail.subject).toBe('Reunião da célula');
      expect(mail.text).toContain(`Olá, ${member.name}!`);
      expect(mail.text).toContain('Encontro na quinta.\n\nTraga a Bíblia.');
      expect(mail.text).toContain('Rua da Graça, 100');
      expect(mail.html).toContain('Traga a Bíblia.');
      expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const { url, mailto } = unsubscribeOf(mail);
      expect(url.pathname).toBe('/api/v1/email/unsubscribe');
      expect(readUnsubscribeToken(url.searchParams.get('t')!)).toEqual({
        userId: member.id,
        churchId: graca,
        kind: 'groups',
      });
      expect(mailto).toMatch(/^mailto:unsubscribe@localhost\?subject=/);
    }
    const list = await client.get('/admin/graca/notificacoes?page=1', { token: admin.token });
    const row = (list.body.notificacoes as { id: number; email: unknown }[]).find(
      (n) => n.id === notice.id,
    );
    expect(row?.email).toMatchObject({ status: 'concluido', total: 3, enviados: 3, pulados: 0 });
  });

  it('sends each message through the pace it is given', async () => {
    await send('Com pausa');
    let paced = 0;
    expect(
      await work(200, (message) => {
        paced++;
        return message();
      }),
    ).toBe(3);
    expect(paced).toBe(3);
  });

  it('one click unsubscribes (GET only asks); the next send skips that member', async () => {
    const first = smtp.received.find((m) => to(m) === members[0]!.email)!;
    const { url } = unsubscribeOf(first);
    const path = `${url.pathname}${url.search}`;
    const page = await api.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="post"');
    expect(html).not.toContain('<script');
    const prefs = () =>
      database.db
        .select()
        .from(t.notificationPreferences)
        .where(eq(t.notificationPreferences.userId, members[0]!.id));
    expect(await prefs()).toEqual([]); // a mail scanner following the link changes nothing
    const click = await api.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status).toBe(200);
    expect(await click.text()).toContain('não enviará mais mensagens dos grupos');
    expect(await prefs()).toMatchObject([{ kind: 'groups', channel: 'email', on: false }]);
    const forgedPage = await api.request(`${url.pathname}?t=nada`, {
      headers: { 'accept-language': 'es' },
    });
    expect(forgedPage.status).toBe(400);
    expect(await forgedPage.text()).toContain('Este enlace no es válido.');
    const forged = await api.request(
      `${url.pathname}?t=${members[1]!.id}.${graca}.groups.${'x'.repeat(43)}`,
      {
        method: 'POST',
      },
    );
    expect(forged.status).toBe(400);

    smtp.received.length = 0;
    const notice = await send('Mudança de horário');
    expect(await work()).toBe(2);
    expect(smtp.received.map(to).sort()).toEqual([members[1]!.email, members[2]!.email].sort());
    const [summary] = (await emails()).envios;
    expect(summary).toMatchObject({ id: expect.any(Number), total: 3, enviados: 2, pulados: 1 });
    expect(notice.email?.id).toBe(summary!.id);
  });

  it('a 550 marks the address as bouncing; later sends skip it without asking the server', async () => {
    smtp.received.length = 0;
    smtp.reject.add(members[1]!.email);
    await send('Aviso um');
    expect(await work()).toBe(1);
    expect(smtp.received.map(to)).toEqual([members[2]!.email]);
    const after = await emails();
    expect(after.envios[0]).toMatchObject({
      enviados: 1,
      devolvidos: 1,
      pulados: 1,
      status: 'concluido',
    });
    expect(after.devolvidos).toEqual([
      expect.objectContaining({ usuarioId: members[1]!.id, email: members[1]!.email }),
    ]);

    smtp.reject.clear();
    smtp.received.length = 0;
    await send('Aviso dois');
    expect(await work()).toBe(1);
    expect(smtp.received.map(to)).toEqual([members[2]!.email]);
    expect((await emails()).envios[0]).toMatchObject({ enviados: 1, devolvidos: 1 });
  });

  it('two workers at once send each message once, and a finished send is never sent again', async () => {
    await database.db.delete(t.emailBounces);
    await database.db.delete(t.notificationPreferences);
    smtp.received.length = 0;
    const notice = await send('Dois nós');
    const counts = await Promise.all([work(1), work(1)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect(smtp.received.map(to).sort()).toEqual(members.map((m) => m.email).sort());
    expect(await work()).toBe(0);
    expect(smtp.received).toHaveLength(3);
    const rows = await database.db
      .select({ status: t.emailRecipients.status })
      .from(t.emailRecipients)
      .where(inArray(t.emailRecipients.sendId, [notice.email!.id]));
    expect(rows.map((r) => r.status)).toEqual(['enviado', 'enviado', 'enviado']);
  });

  it('only staff of the notifications area see the sends or send a test', async () => {
    const member = await loginAs(api, STAFF_ACCOUNTS.member);
    expect(
      (await client.get('/admin/graca/notificacoes/emails', { token: member.token })).status,
    ).toBe(403);
    const test = await client.call('POST', '/admin/graca/notificacoes/teste', {
      token: member.token,
      body: { titulo: 'x', corpo: 'y' },
    });
    expect(test.status).toBe(403);
    const graceAdmin = await loginAs(api, STAFF_ACCOUNTS.graceAdmin);
    expect(
      (await client.get('/admin/graca/notificacoes/emails', { token: graceAdmin.token })).status,
    ).toBe(403);
  });

  it('refuses an audience of another church or an unknown role, per field', async () => {
    const bad = await client.call('POST', '/admin/graca/notificacoes', {
      token: admin.token,
      body: { titulo: 'x', corpo: 'y', email: true, publico: { tipo: 'papel', papel: 'ROLE_X' } },
    });
    expect(bad.status).toBe(400);
    const grace = await database.db
      .select({ id: t.events.id })
      .from(t.events)
      .innerJoin(t.churches, eq(t.churches.id, t.events.churchId))
      .where(eq(t.churches.code, 'grace'))
      .limit(1);
    const other = await client.call('POST', '/admin/graca/notificacoes', {
      token: admin.token,
      body: {
        titulo: 'x',
        corpo: 'y',
        email: true,
        publico: { tipo: 'evento', eventoId: grace[0]!.id },
      },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(422);
    expect((other.body.errors as Record<string, string[]>).publico).toEqual([
      'Esse evento não é um evento desta igreja.',
    ]);
  });

  it('a role audience reaches its holders in the app and by e-mail', async () => {
    smtp.received.length = 0;
    const res = await client.call('POST', '/admin/graca/notificacoes', {
      token: admin.token,
      body: {
        titulo: 'Reunião da equipe',
        corpo: 'Sala 2.',
        email: true,
        publico: { tipo: 'papel', papel: 'ROLE_ADMIN' },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const notice = staffNotificationSchema.parse(res.body);
    const holders = await database.db
      .select({ id: t.churchUsers.userId })
      .from(t.churchUsers)
      .where(
        and(
          eq(t.churchUsers.churchId, graca),
          eq(t.churchUsers.active, true),
          sql`${t.churchUsers.roles} @> '["ROLE_ADMIN"]'::jsonb`,
        ),
      );
    expect(notice.destinatarios).toBe(holders.length);
    expect(notice.publico).toEqual({ tipo: 'papel', nome: 'ROLE_ADMIN' });
    await work();
    expect(smtp.received.map(to)).toContain(STAFF_ACCOUNTS.admin);
    expect(smtp.received.map(to)).not.toContain(members[0]!.email);
  });

  it('a newly published event is announced once to members who want event e-mails', async () => {
    await database.db.delete(t.emailBounces);
    const [event] = await database.db
      .select({ id: t.events.id, title: t.events.title })
      .from(t.events)
      .where(eq(t.events.churchId, graca))
      .limit(1);
    await database.db
      .update(t.events)
      .set({ active: false, startsAt: new Date(Date.now() + 10 * 86_400_000) })
      .where(eq(t.events.id, event!.id));
    await database.db.insert(t.notificationPreferences).values({
      churchId: graca,
      userId: members[0]!.id,
      kind: 'events',
      channel: 'email',
      on: false,
    });
    // a member who chose Spanish gets it in Spanish (the church's is Portuguese)
    await setLanguage(database.db, graca, members[1]!.id, 'es');
    smtp.received.length = 0;
    const publish = (verb: string) =>
      client.call('POST', `/admin/graca/evento/${event!.id}/${verb}`, { token: admin.token });
    expect((await publish('publicar')).status).toBe(200);
    await work();
    const announced = smtp.received.filter((m) => m.subject === `Novo evento: ${event!.title}`);
    expect(announced.length).toBeGreaterThan(2);
    expect(announced.map(to)).toContain(members[2]!.email);
    expect(announced.map(to)).not.toContain(members[1]!.email);
    expect(announced.map(to)).not.toContain(members[0]!.email); // events e-mail off
    const spanish = smtp.received.filter((m) => to(m) === members[1]!.email);
    expect(spanish.map((m) => m.subject)).toEqual([`Nuevo evento: ${event!.title}`]);
    expect(spanish[0]!.text).toContain('Dejar de recibir estos correos');
    await setLanguage(database.db, graca, members[1]!.id, null);
    expect(announced[0]!.text).toContain(`/event/${event!.id}`);
    // unpublished and published again: no second announcement
    expect((await publish('despublicar')).status).toBe(200);
    expect((await publish('publicar')).status).toBe(200);
    smtp.received.length = 0;
    expect(await work()).toBe(0);
  });

  it('links and one-click unsubscribe are https on the public address with PUBLIC_URL_SCHEME=https', () => {
    const mail = announcementMail({
      church: { id: graca, code: 'graca', name: 'Graça' } as MailChurch,
      lang: 'pt',
      to: { userId: members[0]!.id, email: members[0]!.email, name: 'Ana' },
      kind: 'church',
      subject: 'Aviso',
      body: 'Texto',
      link: null,
      settings: { PROVIDER_DOMAIN: 'igrejas.example', PORT: 4321, PUBLIC_URL_SCHEME: 'https' },
    });
    expect(mail.headers?.['List-Unsubscribe']).toMatch(
      /^<https:\/\/graca\.igrejas\.example\/api\/v1\/email\/unsubscribe\?t=[^>]+>, <mailto:/,
    );
    // production without the setting: https too; a demo: http on its port
    expect(
      churchHomeUrl('graca', {
        PROVIDER_DOMAIN: 'igrejas.example',
        PORT: 8080,
        NODE_ENV: 'production',
      }),
    ).toBe('https://graca.igrejas.example');
    expect(churchHomeUrl('graca', settings)).toBe('http://graca.localhost:4321');
  });

  it("an event's registrants are reminded the day before, once even with two nodes", async () => {
    const [registered] = await database.db
      .select({ eventId: t.registrations.eventId, title: t.events.title })
      .from(t.registrations)
      .innerJoin(t.events, eq(t.events.id, t.registrations.eventId))
      .where(
        and(
          eq(t.registrations.churchId, graca),
          eq(t.registrations.status, 'confirmada'),
          sql`${t.registrations.userId} is not null`,
        ),
      )
      .limit(1);
    const now = new Date();
    // every other event of the church far away, this one tomorrow and made a week ago
    await database.db
      .update(t.events)
      .set({ startsAt: new Date(now.getTime() + 30 * 86_400_000) })
      .where(eq(t.events.churchId, graca));
    await database.db
      .update(t.events)
      .set({
        active: true,
        startsAt: new Date(now.getTime() + 20 * 3_600_000),
        createdAt: new Date(now.getTime() - 7 * 86_400_000),
      })
      .where(eq(t.events.id, registered!.eventId));
    const registrants = await database.db
      .selectDistinct({ email: t.users.email })
      .from(t.registrations)
      .innerJoin(t.users, eq(t.users.id, t.registrations.userId))
      .where(
        and(
          eq(t.registrations.eventId, registered!.eventId),
          eq(t.registrations.status, 'confirmada'),
        ),
      );
    const queued = await Promise.all([
      queueEventReminders(database.db, now),
      queueEventReminders(database.db, now),
    ]);
    expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await queueEventReminders(database.db, now)).toBe(0);
    smtp.received.length = 0;
    await work();
    const reminders = smtp.received.filter((m) => m.subject === `Lembrete: ${registered!.title}`);
    expect(reminders.map(to).sort()).toEqual(
      registrants
        .map((r) => r.email.toLowerCase())
        .filter((e) => !e.endsWith('.invalid') && e !== members[0]!.email)
        .sort(),
    );
    expect(reminders[0]!.text).toContain('está chegando');
  });
});
