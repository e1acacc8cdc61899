// Late bounces and complaints (docs/notifications.md "Bounces"): the reports are built here as an
// MTA (RFC 3464 DSN) or a mailbox provider (RFC 5965 ARF) sends them; a permanent failure or a
// complaint marks the address like an SMTP 5xx, a delay marks nothing; the endpoint is off
// without its secret, refuses other input (400) and anything past 256 KB (413).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSendsSchema } from '../../contract/email-announcements.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectError, loginAs } from '../test-kit.ts';
import { readFeedback } from './email-feedback.ts';

const SECRET = 'a-long-webhook-secret-for-tests';

/** An RFC 3464 report: one failed (5.1.1) and one delayed (4.4.1) recipient. */
function dsn(failed: string, delayed: string): string {
  return [
    'From: MAILER-DAEMON@mx.example.net',
    `To: bounces@igrejas.example`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status;',
    '\tboundary="B0UND"',
    '',
    '--B0UND',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.net.',
    '',
    '--B0UND',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    'Arrival-Date: Sun, 29 Nov 2026 10:00:00 +0000',
    '',
    `Final-Recipient: rfc822; ${failed}`,
    `Original-Recipient: rfc822;${failed}`,
    'Action: failed',
    'Status: 5.1.1',
    'Diagnostic-Code: smtp; 550 5.1.1 <user>: Recipient address rejected:',
    ' User unknown in virtual mailbox table',
    '',
    `Final-Recipient: rfc822; ${delayed}`,
    'Action: delayed',
    'Status: 4.4.1',
    '',
    '--B0UND',
    'Content-Type: text/rfc822-headers',
    '',
    'Subject: Culto de domingo',
    '',
    '--B0UND--',
    '',
  ].join('\r\n');
}

/** An RFC 5965 abuse report about a message sent to `recipient`. */
function arf(recipient: string, withRcptTo = true): string {
  return [
    'From: feedback@provider.example',
    'To: abuse@igrejas.example',
    'Subject: FW: Culto de domingo',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="part"',
    '',
    '--part',
    'Content-Type: text/plain',
    '',
    'This is an email abuse report.',
    '--part',
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: SomeGenerator/1.0',
    'Version: 1',
    ...(withRcptTo ? [`Original-Rcpt-To: <${recipient}>`] : []),
    '',
    '--part',
    'Content-Type: message/rfc822',
    '',
    'From: Igreja da Graça <noreply@igrejas.example>',
    `To: Someone <${recipient}>`,
    'Subject: Culto de domingo',
    '',
    'Olá!',
    '--part--',
  ].join('\n');
}

describe('reading DSN and ARF reports', () => {
  it('marks a 5.x.x failure, never a delay; a complaint by its recipient; nothing else', () => {
    expect(readFeedback(dsn('Gone@Example.com', 'slow@example.com'))).toEqual([
      {
        email: 'gone@example.com',
        code: 550,
        reason: expect.stringMatching(/^dsn 5\.1\.1 smtp; 550 5\.1\.1 .*User unknown/),
      },
    ]);
    expect(readFeedback(arf('angry@example.org'))).toEqual([
      { email: 'angry@example.org', code: 0, reason: 'complaint abuse' },
    ]);
    // no Original-Rcpt-To: the original message's To names the recipient
    expect(readFeedback(arf('quiet@example.org', false))?.[0]?.email).toBe('quiet@example.org');
    expect(readFeedback('Subject: hello\n\nJust a message.')).toBeNull();
    expect(
      readFeedback('Content-Type: multipart/report; report-type=delivery-status\n\n'),
    ).toBeNull();
  });
});

describe.each(testBackends())('the late bounce endpoint on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  const { call, get } = apiClient(() => api, { lang: 'pt-BR', json: false });
  const post = (body: string, secret: string | null = SECRET) =>
    call('POST', '/email/retorno', {
      body,
      headers: {
        'content-type': 'message/rfc822',
        ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      },
    });

  beforeAll(async () => {
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'email-feedback-'));
    delete process.env.EMAIL_WEBHOOK_SECRET;
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
  }, 240_000);
  afterAll(async () => {
    delete process.env.EMAIL_WEBHOOK_SECRET;
    resetAccountSettings();
    await database.close();
  });

  it('is off without its setting, then marks bounces and complaints staff see', async () => {
    expectError(await post(dsn('membro@graca.demo', 'x@example.com')), 404);
    process.env.EMAIL_WEBHOOK_SECRET = SECRET;
    resetAccountSettings();
    expectError(await post(dsn('membro@graca.demo', 'x@example.com'), 'wrong-secret'), 404);
    expectError(await post(dsn('membro@graca.demo', 'x@example.com'), null), 404);
    expectError(await post('Subject: hi\n\nnot a report'), 400, 'email.feedbackInvalid');
    expectError(await post('x'.repeat(256 * 1024 + 1)), 413, 'email.feedbackTooLarge');

    // a member complains (ARF); a late DSN says another address does not exist
    const [ana] = await database.db
      .select({ email: t.users.email })
      .from(t.users)
      .where(eq(t.users.email, 'ana.costa@graca.demo'));
    const complained = await post(arf(ana!.email));
    expect(complained.status, JSON.stringify(complained.body)).toBe(200);
    expect(complained.body).toMatchObject({ marcados: ['ana.costa@graca.demo'] });
    // a provider that posts it as text/plain is read the same way
    const bounced = await call('POST', '/email/retorno', {
      body: dsn('membro@graca.demo', 'late@example.com'),
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${SECRET}` },
    });
    expect(bounced.body).toMatchObject({ marcados: ['membro@graca.demo'] });
    const rows = await database.db.select().from(t.emailBounces);
    expect(rows.find((r) => r.email === 'late@example.com')).toBeUndefined();
    expect(rows.find((r) => r.email === 'ana.costa@graca.demo')).toMatchObject({
      code: 0,
      reason: 'complaint abuse',
    });
    expect(rows.find((r) => r.email === 'membro@graca.demo')?.code).toBe(550);

    // staff see both members among the addresses that get no mail
    const admin = await loginAs(api, 'lider@graca.demo');
    const panel = emailSendsSchema.parse(
      (await get('/admin/graca/notificacoes/emails', { token: admin.token })).body,
    );
    expect(panel.devolvidos.map((d) => d.email).sort()).toEqual(
      expect.arrayContaining(['ana.costa@graca.demo', 'membro@graca.demo']),
    );
    expect(panel.devolvidos.find((d) => d.email === 'ana.costa@graca.demo')?.motivo).toBe(
      'complaint abuse',
    );
  });
});
