// Card testing through visitor gifts (docs/security.md "Visitor gifts and card testing"): a script
// that solves the proof of work and tries 40 cards is stopped after a few, declined cards cool
// down their address and the card wherever it comes from, only approved gifts mail a receipt,
// and a real visitor still gives in one try. PGlite and PostgreSQL.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captchaResponseSchema } from '../../contract/giving.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { readOutbox } from '../mail/outbox.ts';
import { paidMailTask } from '../payments/paid-mail.task.ts';
import { apiClient, runQueuedTasks } from '../test-kit.ts';
import { solveChallenge } from './captcha.ts';

const HOLDER = { cpfTitular: '529.982.247-25', dataNascimentoTitular: '1985-05-10' };

/** A Luhn-valid 16-digit card number: the "stolen cards" a tester runs through. */
function cardNumber(i: number): string {
  const body = `4556${String(i).padStart(11, '0')}`;
  let sum = 0;
  for (let k = 0; k < 15; k++) {
    let d = Number(body[14 - k]);
    if (k % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

describe.each(testBackends())('visitor gift limits on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let gracaId: number;
  let offering: number;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'visitor-limits-'));
  const saved = { TRUST_PROXY: process.env.TRUST_PROXY, DATA_DIR: process.env.DATA_DIR };
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  let seq = 0;

  /** One whole visitor attempt, as a script or a browser makes it, from `from`. */
  async function attempt(from: string, number: string, email: string, lang = 'pt-BR') {
    const headers = { 'x-forwarded-for': from };
    const cap = captchaResponseSchema.parse(
      (await call('GET', '/igreja/graca/captcha', { headers })).body,
    );
    const answer = solveChallenge(cap.salt, cap.desafio, cap.maxNumero);
    const tok = await call('POST', `/general/payment/church/${gracaId}/card/token`, {
      headers,
      lang,
      body: { titular: 'A Visitor', numero: number, cvv: '123', validade: '12/30', ...HOLDER },
    });
    if (tok.status !== 201) return { stage: 'token', status: tok.status, body: tok.body };
    const gift = await call('POST', '/pagamento/', {
      headers,
      lang,
      body: {
        tipo: 'doacao',
        igreja: gracaId,
        metodoPagamento: 'cartao',
        cartao: { token: tok.body.token },
        visitante: { nome: 'A Visitor', email, cpf: '529.982.247-25' },
        pais: 'BR',
        captcha: { token: cap.token, resposta: String(answer) },
        motivos: [{ motivo: offering, valor: 25 }],
        chaveIdempotencia: `limits-${backend}-${++seq}-${Math.random()}`,
      },
    });
    return { stage: 'gift', status: gift.status, body: gift.body };
  }
  const gifts = () => database.db.select().from(t.payments).where(eq(t.payments.churchId, gracaId));

  beforeAll(async () => {
    process.env.TRUST_PROXY = '1'; // each "person" is the address the proxy in front writes
    process.env.DATA_DIR = dataDir;
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    const [church] = await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, 'graca'));
    gracaId = church!.id;
    const reasons = (await call('GET', '/igreja/graca/pagamento-motivo/?doacao=true')).body
      .motivos as { id: number; nome: string }[];
    offering = reasons.find((r) => r.nome === 'Oferta')!.id;
  }, 180_000);
  beforeEach(async () => void (await database.db.delete(t.loginAttempts)));
  afterAll(async () => {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    resetAccountSettings();
    await database?.close();
  });

  // 41 visitor challenges solved in the test: minutes on a loaded 2-core machine.
  it(
    '40 scripted attempts from one address are stopped after a few; a real visitor gives in one try',
    {
      timeout: 180_000,
    },
    async () => {
      const before = (await gifts()).length;
      const outcomes = [];
      for (let i = 0; i < 40; i++)
        outcomes.push(await attempt('198.51.100.7', cardNumber(i), `tester${i}@example.com`));
      const firstRefusal = outcomes.findIndex((o) => o.status === 429);
      expect(firstRefusal).toBeGreaterThan(0);
      expect(firstRefusal).toBeLessThanOrEqual(5);
      expect(outcomes.slice(firstRefusal).every((o) => o.status === 429)).toBe(true);
      expect(outcomes[firstRefusal]!.body.message).toMatch(
        /Muitas tentativas de pagamento sem conta/,
      );
      // at most 5 gifts reached the gateway; 35 never did
      expect((await gifts()).length - before).toBeLessThanOrEqual(5);

      // someone else, at the same time, from their own address: one try
      const visitor = await attempt('203.0.113.20', '4111 1111 1111 1111', 'real@example.com');
      expect(visitor, JSON.stringify(visitor)).toMatchObject({ stage: 'gift', status: 201 });
      expect(visitor.body.pagamento.status).toBe('aprovado');
      await runQueuedTasks(database.db, dataDir, [paidMailTask]); // the receipt goes after the commit
      expect(await readOutbox(dataDir, 'real@example.com')).toHaveLength(1);
    },
  );

  it('a declined card cools down its address and itself, and e-mails nobody; the refusal speaks en and es', async () => {
    const declined = '4000 0000 0000 0002';
    const first = await attempt('198.51.100.8', declined, 'victim1@example.com');
    expect(first.body.pagamento?.status, JSON.stringify(first)).toBe('nao_aprovado');
    await attempt('198.51.100.8', declined, 'victim2@example.com');
    // the address waits, even with a good card…
    const next = await attempt('198.51.100.8', cardNumber(900), 'victim3@example.com', 'en');
    expect(next.status).toBe(429);
    expect(next.body.message).toMatch(/declined a moment ago.*try again in \d+ min/);
    // …and the card waits, from any address
    const elsewhere = await attempt('198.51.100.99', declined, 'victim4@example.com', 'es');
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body.message).toMatch(/fue rechazada hace poco/);
    for (const to of ['victim1@example.com', 'victim2@example.com'])
      expect(await readOutbox(dataDir, to)).toHaveLength(0); // no receipt for a declined gift
  });

  it('one card tried from many addresses is stopped by its fingerprint', async () => {
    const statuses = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await attempt(`192.0.2.${i + 1}`, cardNumber(500), `rot${i}@example.com`)).status,
      );
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal).toBeGreaterThan(0);
    expect(firstRefusal).toBeLessThanOrEqual(5);
  });

  it('the limits are rows in the database, so every node counts the same', async () => {
    await attempt('198.51.100.50', cardNumber(700), 'shared@example.com');
    const rows = await database.db.select().from(t.loginAttempts);
    expect(rows.map((r) => r.key)).toEqual(
      expect.arrayContaining(['gift:ip:198.51.100.50', 'cardtoken:ip:198.51.100.50']),
    );
  });
});
