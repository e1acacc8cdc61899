// Visitors' tickets and the after-paid mail (docs/events.md "Visitors", docs/payments.md "After a
// payment is paid"): a visitor buys where the event allows it, with the captcha and the visitor
// limits of a gift; the staff list shows the order; the tickets are e-mailed once the payment is
// paid (at once, or when a Pix is paid later), exactly once; a verified account of the same
// e-mail claims them at login; a visitor's Pix gift paid later gets exactly one receipt.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventsResponseSchema, type EventWire } from '../../contract/events.ts';
import { paymentResponseSchema } from '../../contract/payments.ts';
import { createApi } from '../app.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { createCaptcha } from '../giving/captcha.ts';
import { readOutbox } from '../mail/outbox.ts';
import { paidMailTask } from '../payments/paid-mail.task.ts';
import { sandboxAction } from '../payments/payments.service.ts';
import {
  apiClient,
  expectError,
  expectFieldError,
  loginAs,
  runQueuedTasks,
  STAFF_ACCOUNTS,
} from '../test-kit.ts';

const CPF = '529.982.247-25';

describe.each(testBackends())('visitor tickets and the after-paid mail on %s', (backend) => {
  let database: DatabaseHandle;
  let api: ReturnType<typeof createApi>;
  let gracaId: number;
  let events: EventWire[];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'visitor-tickets-test-'));
  const mails = async (to: string, text: string) =>
    (await readOutbox(dataDir, to)).filter((m) => m.text.includes(text));
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  let seq = 0;
  const key = () => `vt-${backend}-${++seq}-${Math.random().toString(36).slice(2)}`;
  const runTasks = () => runQueuedTasks(database.db, dataDir, [paidMailTask]);
  const event = (title: string) => events.find((e) => e.titulo === title)!;
  const captcha = () => {
    const c = createCaptcha(gracaId, new Date(), 20);
    return { token: c.token, resposta: c.answer };
  };
  const visitorOrder = (ev: EventWire, email: string, extra: Record<string, unknown> = {}) => ({
    evento: ev.id,
    ingressos: [{ ingresso: ev.ingressos[0]!.id, titulares: [{ nome: 'Ana Visitante' }] }],
    metodoPagamento: 'gratuito',
    chaveIdempotencia: key(),
    visitante: { nome: 'Ana Visitante', email, cpf: CPF },
    captcha: captcha(),
    ...extra,
  });
  const setVisitors = (title: string, on: boolean) =>
    database.db
      .update(t.events)
      .set({ visitorsAllowed: on })
      .where(eq(t.events.id, event(title).id));

  // Every call comes from one address: each test starts with the visitor limits at zero.
  beforeEach(async () => void (await database?.db.delete(t.loginAttempts)));
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    const [church] = await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, 'graca'));
    gracaId = church!.id;
    events = eventsResponseSchema.parse((await call('GET', '/igreja/graca/evento/')).body).eventos;
    await runTasks(); // nothing queued by the seed reaches this test's outbox later
  }, 180_000);
  afterAll(() => database.close());

  it('a visitor takes a free ticket where the event allows it: one ticket e-mail, once, and the staff list shows the order', async () => {
    const youth = event('Noite de Louvor Jovem');
    expect(youth.flagVisitante).toBe(true);
    const res = await call('POST', '/pagamento/', { body: visitorOrder(youth, 'ana@visita.test') });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const answer = paymentResponseSchema.parse(res.body);
    expect(answer.pagamento.status).toBe('aprovado');
    expect(answer.inscricoes).toHaveLength(1);
    const ticket = answer.inscricoes[0]!;
    expect(ticket).toMatchObject({ status: 'confirmada', comprador: { id: null } });
    const [row] = await database.db
      .select()
      .from(t.registrations)
      .where(eq(t.registrations.code, ticket.codigo));
    expect(row!.userId).toBeNull();

    // the mail goes after the commit, from the task queue, exactly once
    expect(await mails('ana@visita.test', ticket.codigo)).toHaveLength(0);
    expect(await runTasks()).toHaveLength(1);
    await runTasks();
    const sent = await mails('ana@visita.test', ticket.codigo);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('Noite de Louvor Jovem');
    expect(sent[0]!.html).toContain('data:image/png;base64'); // the QR

    const admin = await loginAs(api, STAFF_ACCOUNTS.admin);
    const list = await call('GET', `/admin/graca/evento/${youth.id}/inscricao?q=ana@visita.test`, {
      token: admin.token,
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const listed = (
      list.body.inscricoes as { codigo: string; comprador: { nome: string; email: string } }[]
    ).find((r) => r.codigo === ticket.codigo);
    expect(listed?.comprador).toMatchObject({ nome: 'Ana Visitante', email: 'ana@visita.test' });
    // the staff event form carries the flag
    const form = await call('GET', `/admin/graca/evento/${youth.id}`, { token: admin.token });
    expect(form.body).toMatchObject({ flagVisitante: true });
  });

  it('the visitor captcha answers for a church with events but no giving, and not for one with neither', async () => {
    const without = async (code: string) =>
      database.db
        .delete(t.churchModules)
        .where(and(eq(t.churchModules.churchId, gracaId), eq(t.churchModules.moduleCode, code)));
    const restore = (code: string) =>
      database.db.insert(t.churchModules).values({ churchId: gracaId, moduleCode: code });
    expect((await call('GET', '/igreja/graca/captcha')).status).toBe(200);
    await without('MOD_DOACAO');
    try {
      const events = await call('GET', '/igreja/graca/captcha');
      expect(events.status).toBe(200);
      expect(events.body.desafio).toMatch(/^[0-9a-f]{64}$/);
      await without('MOD_EVENTO');
      expect((await call('GET', '/igreja/graca/captcha')).status).toBe(404);
      await restore('MOD_EVENTO');
    } finally {
      await restore('MOD_DOACAO');
    }
  });

  it('refuses a visitor where the event takes none, without a CPF, and without a right captcha', async () => {
    const beneficent = event('Curso online: Fundamentos da Fé');
    expectError(
      await call('POST', '/pagamento/', {
        body: visitorOrder(beneficent, 'bia@visita.test', { metodoPagamento: 'pix', pais: 'BR' }),
      }),
      401,
      'auth.loginRequired',
    );
    const youth = event('Noite de Louvor Jovem');
    const noCpf = visitorOrder(youth, 'bia@visita.test');
    noCpf.visitante = { nome: 'Bia', email: 'bia@visita.test', cpf: '' };
    expectFieldError(await call('POST', '/pagamento/', { body: noCpf }), 400, 'visitante.cpf');
    // the field errors came first: the captcha was not spent and still answers
    const again = { ...noCpf, visitante: { ...noCpf.visitante, cpf: CPF } };
    expect((await call('POST', '/pagamento/', { body: again })).status).toBe(201);
    const wrong = visitorOrder(youth, 'bia@visita.test');
    wrong.captcha = { ...wrong.captcha, resposta: '999999' };
    expectFieldError(await call('POST', '/pagamento/', { body: wrong }), 422, 'captcha');
    const none = visitorOrder(youth, 'bia@visita.test', { captcha: undefined });
    expectFieldError(await call('POST', '/pagamento/', { body: none }), 422, 'captcha');
  });

  it('counts visitor orders like visitor gifts: the sixth from one address within the hour is 429', async () => {
    const youth = event('Noite de Louvor Jovem');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await call('POST', '/pagamento/', {
            body: visitorOrder(youth, `limit${i % 2}@visita.test`),
          })
        ).status,
      );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('a Pix ticket paid later is mailed when it is paid, once; a card approved at once is mailed at once', async () => {
    const course = event('Curso online: Fundamentos da Fé');
    await setVisitors(course.titulo, true);
    await runTasks(); // the mails of the tests before
    const res = await call('POST', '/pagamento/', {
      body: visitorOrder(course, 'caio@visita.test', { metodoPagamento: 'pix', pais: 'BR' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const answer = paymentResponseSchema.parse(res.body);
    expect(answer.pagamento.status).not.toBe('aprovado');
    expect(answer.pagamento.pixCopiaCola).toBeTruthy();
    const code = answer.inscricoes[0]!.codigo;
    expect(await runTasks()).toHaveLength(0); // nothing while it waits
    // the per-buyer limit of the ticket (1) counts a visitor's orders by e-mail
    expectError(
      await call('POST', '/pagamento/', {
        body: visitorOrder(course, 'caio@visita.test', { metodoPagamento: 'pix', pais: 'BR' }),
      }),
      422,
    );

    const [payment] = await database.db
      .select()
      .from(t.payments)
      .where(eq(t.payments.code, answer.pagamento.codigo));
    await sandboxAction(database.db, payment!, 'pagar');
    expect(await runTasks()).toHaveLength(1);
    await runTasks();
    const sent = await mails('caio@visita.test', code);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).not.toContain('pendente');
    await setVisitors(course.titulo, false);

    // a member's card approved at once: mailed at once, once
    const member = await loginAs(api, STAFF_ACCOUNTS.member);
    const token = await call('POST', `/general/payment/church/${gracaId}/card/token`, {
      token: member.token,
      body: {
        titular: 'Maria Souza',
        numero: '4111111111111111',
        cvv: '123',
        validade: '12/30',
        cpfTitular: CPF,
        dataNascimentoTitular: '1985-05-10',
      },
    });
    expect(token.status, JSON.stringify(token.body)).toBe(201);
    const conference = event('Conferência Graça 2026');
    const paid = await call('POST', '/pagamento/', {
      token: member.token,
      body: {
        evento: conference.id,
        ingressos: [
          {
            ingresso: conference.ingressos[1]!.id,
            titulares: [
              {
                nome: 'Maria',
                email: 'maria.h@x.test',
                respostas: { camiseta: 'M', telefone: '(11) 99999-0000' },
              },
            ],
          },
        ],
        metodoPagamento: 'cartao',
        cartao: { token: token.body.token as string },
        chaveIdempotencia: key(),
      },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const card = paymentResponseSchema.parse(paid.body);
    expect(card.pagamento.status).toBe('aprovado');
    await runTasks();
    await runTasks();
    expect(await mails('maria.h@x.test', card.inscricoes[0]!.codigo)).toHaveLength(1);
  });

  it('a verified account of the same e-mail claims the tickets at login; an unverified one does not', async () => {
    const youth = event('Noite de Louvor Jovem');
    const bought = paymentResponseSchema.parse(
      (await call('POST', '/pagamento/', { body: visitorOrder(youth, 'Davi@Visita.test') })).body,
    );
    const other = paymentResponseSchema.parse(
      (await call('POST', '/pagamento/', { body: visitorOrder(youth, 'eva@visita.test') })).body,
    );
    const passwordHash = await hashPassword('Senha-forte-123');
    const [davi, eva] = await database.db
      .insert(t.users)
      .values([
        {
          email: 'davi@visita.test',
          firstName: 'Davi',
          passwordHash,
          active: true,
          emailVerified: true,
        },
        {
          email: 'eva@visita.test',
          firstName: 'Eva',
          passwordHash,
          active: true,
          emailVerified: false,
        },
      ])
      .returning({ id: t.users.id });
    await loginAs(api, 'davi@visita.test', 'Senha-forte-123');
    await loginAs(api, 'eva@visita.test', 'Senha-forte-123');
    const rows = await database.db
      .select({ code: t.registrations.code, userId: t.registrations.userId })
      .from(t.registrations)
      .where(
        inArray(t.registrations.code, [bought.inscricoes[0]!.codigo, other.inscricoes[0]!.codigo]),
      );
    const owner = new Map(rows.map((r) => [r.code, r.userId]));
    expect(owner.get(bought.inscricoes[0]!.codigo)).toBe(davi!.id);
    expect(owner.get(other.inscricoes[0]!.codigo)).toBeNull(); // e-mail not proven
    const [order] = await database.db
      .select({ userId: t.payments.userId })
      .from(t.payments)
      .where(eq(t.payments.code, bought.pagamento.codigo));
    expect(order!.userId).toBe(davi!.id);
    expect(eva).toBeTruthy();
  });

  it('a visitor’s Pix gift paid later gets exactly one receipt', async () => {
    const [reason] = await database.db
      .select({ id: t.paymentReasons.id })
      .from(t.paymentReasons)
      .where(eq(t.paymentReasons.churchId, gracaId))
      .limit(1);
    const gift = (email: string, extra: Record<string, unknown>) => ({
      tipo: 'doacao',
      igreja: gracaId,
      motivos: [{ motivo: reason!.id, valor: 40 }],
      chaveIdempotencia: key(),
      visitante: { nome: 'Fábio Visitante', email, cpf: CPF },
      captcha: captcha(),
      ...extra,
    });
    const res = await call('POST', '/pagamento/', {
      body: gift('fabio@visita.test', { metodoPagamento: 'pix', pais: 'BR' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const pix = paymentResponseSchema.parse(res.body);
    await runTasks();
    expect(await mails('fabio@visita.test', pix.pagamento.codigo)).toHaveLength(0);
    const [payment] = await database.db
      .select()
      .from(t.payments)
      .where(eq(t.payments.code, pix.pagamento.codigo));
    await sandboxAction(database.db, payment!, 'pagar');
    await runTasks();
    await runTasks();
    const receipts = await mails('fabio@visita.test', pix.pagamento.codigo);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.links[0]).toContain(`chave=${pix.chaveRecibo}`);
  });
});
