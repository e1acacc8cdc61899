// An unpaid bank slip at a live Zoop account is given up by the expiry sweep once its due date
// and the clearing time after it have passed (docs/payments.md "Expiry at the gateway"): cancelled
// here, its seats given back, voided at Zoop once (also with two sweeps at once); paid at Zoop
// after that, it stays cancelled here (forward only) for the treasurer to refund.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsResponseSchema, type EventWire } from '../../contract/events.ts';
import { paymentResponseSchema } from '../../contract/payments.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';
import { startFakeZoop, type FakeZoop } from './adapters/fake-zoop.test-support.ts';
import { churchesWithOverduePayments, expireOverduePix, SLIP_GRACE_DAYS } from './expiry.ts';

const MARKETPLACE = 'mkt0a1b2c3d4e5f';
const SELLER = 'seller9f8e7d6c5b';
const API_KEY = 'zpk_test_graca_0001';
const WEBHOOK_SECRET = 'zoop-webhook-graca-0001';
const DAY = 86_400_000;

describe.each(testBackends())('unpaid slips at a live Zoop account on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let fake: FakeZoop;
  let gracaId: number;
  let member = '';
  let conference: EventWire;
  let seq = 0;
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const db = () => database.db;
  const payment = async (code: string) =>
    (await db().select().from(t.payments).where(eq(t.payments.code, code)))[0]!;
  const ticketId = () => conference.ingressos[1]!.id;
  const sold = async () =>
    (
      await db()
        .select({ sold: t.tickets.sold })
        .from(t.tickets)
        .where(eq(t.tickets.id, ticketId()))
    )[0]!.sold;
  const voidsOf = (id: string) =>
    fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith(`/transactions/${id}/void`));

  /** Two conference tickets paid by slip: pending at Zoop, holding two seats. */
  const buySlip = async () => {
    const r = await call('POST', '/pagamento/', {
      token: member,
      body: {
        evento: conference.id,
        metodoPagamento: 'boleto',
        ingressos: [
          {
            ingresso: ticketId(),
            titulares: [
              { nome: 'Maria Souza', respostas: { camiseta: 'M', telefone: '+55 11 98765-4321' } },
              { nome: 'Carlos Souza', respostas: { camiseta: 'G', telefone: '+55 11 91234-5678' } },
            ],
          },
        ],
      },
      headers: {
        'idempotency-key': `slip-${backend}-${++seq}-${Math.random().toString(36).slice(2)}`,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('pendente');
    const row = await payment(p.codigo);
    expect(row.expiresAt).not.toBeNull(); // the due date (Zoop's expiration_date)
    return { code: p.codigo, due: row.expiresAt!, tx: fake.byReference(p.codigo)! };
  };

  beforeAll(async () => {
    fake = await startFakeZoop(MARKETPLACE, API_KEY);
    process.env.ZOOP_API_URL = fake.url;
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    member = (await loginAs(api, 'membro@graca.demo')).token;
    const treasurer = (await loginAs(api, 'tesoureiro@graca.demo')).token;
    const [graca] = await db().select().from(t.churches).where(eq(t.churches.code, 'graca'));
    gracaId = graca!.id;
    const events = eventsResponseSchema.parse(
      (await call('GET', '/igreja/graca/evento/')).body,
    ).eventos;
    conference = events.find((e) => e.titulo === 'Conferência Graça 2026')!;
    // the conference's per-person limit would stop the purchases below
    await db().update(t.tickets).set({ perUserLimit: null }).where(eq(t.tickets.id, ticketId()));
    const live = await call('PUT', '/admin/graca/gateways/zoop', {
      token: treasurer,
      body: {
        modo: 'live',
        credenciais: {
          marketplaceId: MARKETPLACE,
          sellerId: SELLER,
          apiKey: API_KEY,
          webhookSecret: WEBHOOK_SECRET,
        },
      },
    });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await fake?.close();
    delete process.env.ZOOP_API_URL;
    resetAccountSettings();
  });

  it('kept until its due date plus the clearing days, then cancelled here and at Zoop once, seats back', async () => {
    const before = await sold();
    const { code, due, tx } = await buySlip();
    expect(await sold()).toBe(before + 2);
    // the due date we asked for is the one Zoop keeps
    expect(String(tx.payment_method?.expiration_date)).toBe(due.toISOString().slice(0, 10));

    // paid on its due date, a slip may take days to clear: nothing is swept inside the grace
    const inGrace = new Date(due.getTime() + (SLIP_GRACE_DAYS * DAY - 60_000));
    expect(await churchesWithOverduePayments(db(), inGrace)).not.toContain(gracaId);
    expect(await expireOverduePix(db(), gracaId, inGrace, 'await')).toBe(0);
    expect((await payment(code)).status).toBe('pendente');
    expect(voidsOf(tx.id)).toHaveLength(0);

    const after = new Date(due.getTime() + SLIP_GRACE_DAYS * DAY + 60_000);
    expect(await churchesWithOverduePayments(db(), after)).toContain(gracaId);
    expect(await expireOverduePix(db(), gracaId, after, 'await')).toBe(2);
    expect((await payment(code)).status).toBe('cancelado');
    expect(await sold()).toBe(before);
    const regs = await db()
      .select({ status: t.registrations.status })
      .from(t.registrations)
      .where(eq(t.registrations.paymentId, (await payment(code)).id));
    expect(regs.map((r) => r.status)).toEqual(['cancelada', 'cancelada']);
    expect(tx.status).toBe('canceled');
    expect(voidsOf(tx.id)).toHaveLength(1);
    expect(voidsOf(tx.id)[0]!.body).toMatchObject({ on_behalf_of: SELLER });

    // a second sweep finds nothing more to do
    expect(await expireOverduePix(db(), gracaId, after, 'await')).toBe(0);
    expect(voidsOf(tx.id)).toHaveLength(1);
    expect(await sold()).toBe(before);
  });

  it('two sweeps at the same moment (two nodes) cancel it and void it once', async () => {
    const before = await sold();
    const { code, due, tx } = await buySlip();
    const after = new Date(due.getTime() + SLIP_GRACE_DAYS * DAY + 60_000);
    const freed = await Promise.all([
      expireOverduePix(db(), gracaId, after, 'await'),
      expireOverduePix(db(), gracaId, after, 'await'),
    ]);
    expect(freed.sort()).toEqual([0, 2]);
    expect((await payment(code)).status).toBe('cancelado');
    expect(await sold()).toBe(before);
    expect(voidsOf(tx.id)).toHaveLength(1);
  });

  it('paid at Zoop after it was given up: it stays cancelled here (the treasurer refunds)', async () => {
    const before = await sold();
    const { code, due, tx } = await buySlip();
    await expireOverduePix(
      db(),
      gracaId,
      new Date(due.getTime() + SLIP_GRACE_DAYS * DAY + 60_000),
      'await',
    );
    expect((await payment(code)).status).toBe('cancelado');
    // the bank's payment arrives late at Zoop anyway
    tx.status = 'succeeded';
    tx.captured = true;
    const late = await call('POST', `/webhooks/zoop?igreja=${gracaId}`, {
      body: JSON.stringify({
        id: `evt-slip-late-${backend}`,
        type: 'transaction.succeeded',
        resource: 'event',
        payload: { object: { id: tx.id, resource: 'transaction' } },
      }),
      headers: { 'content-type': 'application/json', authorization: WEBHOOK_SECRET },
    });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    const row = await payment(code);
    expect(row.status).toBe('cancelado');
    expect(row.paidAt).toBeNull();
    expect(await sold()).toBe(before);
    // the event is recorded against the payment, for the treasurer to see and refund
    const events = await db()
      .select()
      .from(t.gatewayEvents)
      .where(and(eq(t.gatewayEvents.churchId, gracaId), eq(t.gatewayEvents.paymentId, row.id)));
    expect(events).toHaveLength(1);
  });
});
