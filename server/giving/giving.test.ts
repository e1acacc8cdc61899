import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  captchaResponseSchema,
  historyResponseSchema,
  reasonsResponseSchema,
  recurringGiftsResponseSchema,
  statementResponseSchema,
  type Reason,
} from '../../contract/giving.ts';
import { message } from '../../contract/messages/index.ts';
import { paymentResponseSchema } from '../../contract/payments.ts';
import { createApi } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs, runQueuedTasks } from '../test-kit.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resetAccountSettings } from '../auth/settings.ts';
import { readOutbox } from '../mail/outbox.ts';
import { paidMailTask } from '../payments/paid-mail.task.ts';
import { createCaptcha, MAX_NUMBER } from './captcha.ts';

/** spec §3 Payment fields: graca's card gateway (zoop) needs the holder's CPF and birth date. */
const HOLDER = { cpfTitular: '529.982.247-25', dataNascimentoTitular: '1985-05-10' };

describe.each(testBackends())('giving on %s', (backend) => {
  let database: DatabaseHandle;
  let api: ReturnType<typeof createApi>;
  let member: { id: number; token: string };
  let gracaId: number;
  let reasons: Reason[];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'give-test-'));
  const mails = (to: string) => readOutbox(dataDir, to);
  let seq = 0;
  const key = () => `give-${backend}-${++seq}-${Math.random().toString(36).slice(2)}`;

  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const reason = (name: string) => reasons.find((r) => r.nome === name)!;
  const card = async (number = '4111111111111111', token = member.token) => {
    const r = await call('POST', `/general/payment/church/${gracaId}/card/token`, {
      token,
      body: {
        titular: 'Maria Souza',
        numero: number,
        cvv: '123',
        validade: '12/30',
        ...HOLDER,
      },
    });
    return r.body.token as string;
  };
  const gift = (extra: Record<string, unknown>) => ({
    tipo: 'doacao',
    igreja: gracaId,
    metodoPagamento: 'pix',
    chaveIdempotencia: key(),
    ...extra,
  });
  /** A recurring tithe of R$ `days` every `days` days, paid by a test card: its payment. */
  const recurringTithe = async (token: string, days: number) => {
    const r = await call('POST', '/pagamento/', {
      token,
      body: gift({
        metodoPagamento: 'cartao',
        cartao: { token: await card(undefined, token) },
        recorrencia: true,
        recorrenciaDias: days,
        motivos: [{ motivo: reason('Dízimo').id, valor: days }],
      }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return paymentResponseSchema.parse(r.body).pagamento;
  };

  // Every call here comes from one address: each test starts with the visitor limits at zero (visitor-limits.test.ts tests them).
  beforeEach(async () => void (await database?.db.delete(t.loginAttempts)));
  beforeAll(async () => {
    // receipts go to this file's own outbox
    process.env.DATA_DIR = dataDir;
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    member = await loginAs(api, 'membro@graca.demo', DEMO_PASSWORD);
    const [church] = await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, 'graca'));
    gracaId = church!.id;
    const r = await call('GET', '/igreja/graca/pagamento-motivo/?doacao=true');
    expect(r.status).toBe(200);
    reasons = reasonsResponseSchema.parse(r.body).motivos;
  }, 180_000); // migrating and seeding PGlite is slow on a busy machine
  afterAll(() => database.close());

  it('lists the church reasons with which allow recurrence', () => {
    expect(reasons.map((r) => r.nome)).toEqual(['Dízimo', 'Oferta', 'Missões', 'Construção']);
    expect(reasons.filter((r) => r.flagRecorrencia).map((r) => r.nome)).toEqual([
      'Dízimo',
      'Missões',
    ]);
  });

  it('splits one gift across two reasons: one payment, one receipt, two lines in history', async () => {
    const token = await card();
    const r = await call('POST', '/pagamento/', {
      token: member.token,
      body: gift({
        metodoPagamento: 'cartao',
        cartao: { token },
        motivos: [
          { motivo: reason('Oferta').id, valor: 50 },
          { motivo: reason('Missões').id, valor: 25.5 },
        ],
      }),
    });
    expect(r.status).toBe(201);
    const p = paymentResponseSchema.parse(r.body).pagamento;
    expect(p.status).toBe('aprovado');
    expect(p.tipo).toBe('doacao');
    expect(p.valor).toBe(75.5);
    expect(p.itens.map((i) => [i.motivo, i.valor])).toEqual([
      ['Oferta', 50],
      ['Missões', 25.5],
    ]);
    const receipts = (await mails('membro@graca.demo')).filter((m) => m.text.includes(p.codigo));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Oferta');
    expect(receipts[0]!.text).toContain('Missões');
    const h = historyResponseSchema.parse(
      (await call('GET', `/usuario/${member.id}/doacao?igreja=${gracaId}`, { token: member.token }))
        .body,
    );
    expect(h.doacoes[0]!.codigo).toBe(p.codigo);
    expect(h.doacoes[0]!.itens).toHaveLength(2);
  });

  it('refuses bad amounts with a 400 and per-field messages', async () => {
    const r = await call('POST', '/pagamento/', {
      token: member.token,
      body: gift({
        motivos: [
          { motivo: reason('Oferta').id, valor: 'dez' },
          { motivo: reason('Dízimo').id, valor: -5 },
          { motivo: reason('Missões').id, valor: 10.123 },
        ],
      }),
    });
    expect(r.status).toBe(400);
    expect(r.body.errors['motivos.0.valor']).toEqual(['Informe um número.']);
    expect(r.body.errors['motivos.1.valor']).toEqual(['Informe um número positivo.']);
    expect(r.body.errors['motivos.2.valor']).toEqual(['Use no máximo duas casas decimais.']);
    const low = await call('POST', '/pagamento/', {
      token: member.token,
      body: gift({ motivos: [{ motivo: reason('Oferta').id, valor: 5 }] }),
    });
    expect(low.status).toBe(400);
    expect(low.body.errors['motivos.0.valor']).toEqual([
      'O valor da doação está abaixo do valor mínimo.',
    ]);
  });

  it("answers giving's refusals and every not found in the request's language (one catalogue, contract/messages/)", async () => {
    const low = await call('POST', '/pagamento/', {
      token: member.token,
      body: gift({ motivos: [{ motivo: reason('Oferta').id, valor: 5 }] }),
      lang: 'en',
    });
    expect(low.body.errors['motivos.0.valor']).toEqual([
      'The gift amount is below the minimum value.',
    ]);
    const receipt = await call('GET', '/pagamento/DOA-NOPE/recibo?chave=xxxxxxxxxxxxxxxxxxxx', {
      lang: 'es',
    });
    expect(receipt).toEqual({
      status: 404,
      body: { status: false, message: message('es', 'pay.notFound') },
    });
    expect(message('es', 'pay.notFound')).not.toBe(message('pt', 'pay.notFound'));
    const gone = await call('PUT', `/usuario/${member.id}/doacao-recorrente/999999`, {
      token: member.token,
      body: { recorrenciaDias: 30 },
      lang: 'en',
    });
    expect(gone).toEqual({
      status: 404,
      body: { status: false, message: 'Recurring gift not found.' },
    });
    const visitor = await call('POST', '/pagamento/', {
      body: gift({ motivos: [{ motivo: reason('Oferta').id, valor: 20 }] }),
      lang: 'es',
    });
    expect(visitor.status).toBe(400);
    expect(visitor.body.errors['visitante.nome']).toEqual(['Este campo es obligatorio.']);
  });

  it('allows recurrence for one authorised reason only', async () => {
    const token = await card();
    const two = await call('POST', '/pagamento/', {
      token: member.token,
      body: gift({
        metodoPagamento: 'cartao',
        cartao: { token },
        recorrencia: true,
        motivos: [
          { motivo: reason('Dízimo').id, valor: 50 },
          { motivo: reason('Missões').id, valor: 50 },
        ],
      }),
    });
    expect(two.status).toBe(422);
    expect(two.body.message).toBe('A recorrência só é permitida para um motivo.');
    const unauthorised = await call('POST', '/pagamento/', {
      token: member.token,
      body: gift({
        metodoPagamento: 'cartao',
        cartao: { token },
        recorrencia: true,
        motivos: [{ motivo: reason('Oferta').id, valor: 50 }],
      }),
    });
    expect(unauthorised.status).toBe(422);
    expect(unauthorised.body.message).toBe(
      'A recorrência só é permitida para os motivos autorizados pela igreja.',
    );
    const ok = await call('POST', '/pagamento/', {
      token: member.token,
      body: gift({
        metodoPagamento: 'cartao',
        cartao: { token },
        recorrencia: true,
        motivos: [{ motivo: reason('Missões').id, valor: 40 }],
      }),
    });
    expect(ok.status).toBe(201);
    const p = paymentResponseSchema.parse(ok.body).pagamento;
    expect(p.doacaoRecorrente?.recorrenciaDias).toBe(30);
    const list = recurringGiftsResponseSchema.parse(
      (
        await call('GET', `/usuario/${member.id}/doacao-recorrente?igreja=${gracaId}`, {
          token: member.token,
        })
      ).body,
    ).doacoesRecorrentes;
    const mine = list.find((g) => g.id === p.doacaoRecorrente!.id)!;
    expect(mine.motivo.nome).toBe('Missões');
    expect(mine.cartao?.final).toBe('1111');
    // change, pause, resume, cancel
    expect(
      (
        await call('PUT', `/usuario/${member.id}/doacao-recorrente/${mine.id}`, {
          token: member.token,
          body: {
            valor: 45,
            recorrenciaDias: 15,
          },
        })
      ).body.doacaoRecorrente.valor,
    ).toBe(45);
    expect(
      (
        await call('PUT', `/usuario/${member.id}/doacao-recorrente/${mine.id}`, {
          token: member.token,
          body: {
            motivo: reason('Construção').id,
          },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call('POST', `/usuario/${member.id}/doacao-recorrente/${mine.id}/pausar`, {
          token: member.token,
        })
      ).body.doacaoRecorrente.status,
    ).toBe('pausada');
    expect(
      (
        await call('POST', `/usuario/${member.id}/doacao-recorrente/${mine.id}/retomar`, {
          token: member.token,
        })
      ).body.doacaoRecorrente.status,
    ).toBe('ativa');
    expect(
      (
        await call('POST', `/usuario/${member.id}/doacao-recorrente/${mine.id}/cancelar`, {
          token: member.token,
        })
      ).body.doacaoRecorrente.status,
    ).toBe('cancelada');
    expect(
      (
        await call('POST', `/usuario/${member.id}/doacao-recorrente/${mine.id}/retomar`, {
          token: member.token,
        })
      ).status,
    ).toBe(409);
  });

  it('PicPay takes at most R$ 4.999,99 per gift', async () => {
    const over = await call('POST', '/pagamento/', {
      token: member.token,
      body: gift({
        metodoPagamento: 'picpay',
        motivos: [{ motivo: reason('Construção').id, valor: 5000 }],
      }),
    });
    expect(over.status).toBe(422);
    expect(over.body.errors.metodoPagamento).toEqual([
      'Pelo PicPay, cada doação pode ter no máximo R$ 4.999,99. Você pode fazer várias doações.',
    ]);
    const max = await call('POST', '/pagamento/', {
      token: member.token,
      body: gift({
        metodoPagamento: 'picpay',
        motivos: [{ motivo: reason('Construção').id, valor: 4999.99 }],
      }),
    });
    expect(max.status).toBe(201);
    expect(max.body.pagamento.urlPagamento).toMatch(/\/user\/payment\/DO-/);
  });

  it('a visitor gives by Pix with a captcha; a wrong captcha charges nothing; the token is single-use', async () => {
    const cap = captchaResponseSchema.parse((await call('GET', '/igreja/graca/captcha')).body);
    // a proof of work: the answer is in no image or markup, only found by hashing (docs/security.md)
    expect(cap).toMatchObject({ algoritmo: 'SHA-256', maxNumero: MAX_NUMBER });
    expect(JSON.stringify(cap)).not.toMatch(/svg|imagem/);
    const before = await database.db
      .select()
      .from(t.payments)
      .where(eq(t.payments.churchId, gracaId));
    const visitante = { nome: 'Ana Visitante', email: 'ana@example.com', cpf: '529.982.247-25' };
    const wrong = await call('POST', '/pagamento/', {
      body: gift({
        visitante,
        pais: 'BR',
        captcha: { token: cap.token, resposta: '999' },
        motivos: [{ motivo: reason('Oferta').id, valor: 20 }],
      }),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Captcha inválido. Por favor tente novamente.');
    expect(
      await database.db.select().from(t.payments).where(eq(t.payments.churchId, gracaId)),
    ).toHaveLength(before.length);

    // PicPay sends a visitor to a page they can open without an account (their receipt page)
    const pic = createCaptcha(gracaId);
    const picpay = paymentResponseSchema.parse(
      (
        await call('POST', '/pagamento/', {
          body: gift({
            metodoPagamento: 'picpay',
            visitante,
            pais: 'BR',
            captcha: { token: pic.token, resposta: pic.answer },
            motivos: [{ motivo: reason('Oferta').id, valor: 20 }],
          }),
        })
      ).body,
    );
    expect(picpay.pagamento.urlPagamento).toBe(
      `/give/thank-you?pedido=${picpay.pagamento.codigo}&chave=${picpay.chaveRecibo}`,
    );

    const fresh = createCaptcha(gracaId);
    const body = gift({
      visitante,
      pais: 'BR',
      captcha: { token: fresh.token, resposta: fresh.answer },
      motivos: [{ motivo: reason('Oferta').id, valor: 20 }],
    });
    const ok = await call('POST', '/pagamento/', { body });
    expect(ok.status).toBe(201);
    const r = paymentResponseSchema.parse(ok.body);
    expect(r.pagamento.status).toBe('pendente');
    expect(r.pagamento.pixCopiaCola).toBeTruthy();
    expect(r.pagamento.doador).toEqual({ nome: 'Ana Visitante', email: 'ana@example.com' });
    // a visitor's unpaid gift sends no receipt: only approved ones do (docs/security.md "Visitor gifts and card testing")
    expect((await mails('ana@example.com')).some((m) => m.text.includes(r.pagamento.codigo))).toBe(
      false,
    );
    const receipt = await call(
      'GET',
      `/pagamento/${r.pagamento.codigo}/recibo?chave=${r.chaveRecibo}`,
    );
    expect(receipt.status).toBe(200);
    expect(
      (await call('GET', `/pagamento/${r.pagamento.codigo}/recibo?chave=${'x'.repeat(32)}`)).status,
    ).toBe(404);
    // a replay answers the same; the same captcha on a new gift is refused
    expect((await call('POST', '/pagamento/', { body })).body.pagamento.codigo).toBe(
      r.pagamento.codigo,
    );
    const again = await call('POST', '/pagamento/', {
      body: {
        ...body,
        chaveIdempotencia: key(),
      },
    });
    expect(again.status).toBe(422);
    const [row] = await database.db
      .select()
      .from(t.payments)
      .where(and(eq(t.payments.code, r.pagamento.codigo)));
    expect(row!.userId).toBeNull();
    expect(row!.donorCpf).toBe('52998224725');
  });

  it('visitors need the CPF at a pt church and cannot give where the church does not allow it', async () => {
    const fresh = createCaptcha(gracaId);
    const r = await call('POST', '/pagamento/', {
      body: gift({
        visitante: { nome: 'Ana', email: 'ana@example.com', cpf: '111.111.111-11' },
        pais: 'BR',
        captcha: { token: fresh.token, resposta: fresh.answer },
        motivos: [{ motivo: reason('Oferta').id, valor: 20 }],
      }),
    });
    expect(r.status).toBe(400);
    expect(r.body.errors['visitante.cpf']).toEqual(['CPF inválido.']);
    // Every field is reported at once, before the captcha is looked at: it stays unspent, so the
    // visitor fixes the fields and sends the same answer (no new challenge to solve).
    const both = await call('POST', '/pagamento/', {
      body: gift({
        visitante: { nome: 'Ana', email: 'ana@example.com', cpf: '111.111.111-11' },
        pais: 'BR',
        captcha: { token: fresh.token, resposta: fresh.answer },
        motivos: [{ motivo: reason('Oferta').id, valor: 0.5 }],
      }),
    });
    expect(both.status).toBe(400);
    expect(Object.keys(both.body.errors).sort()).toEqual(['motivos.0.valor', 'visitante.cpf']);
    const fixed = await call('POST', '/pagamento/', {
      body: gift({
        visitante: { nome: 'Ana', email: 'ana@example.com', cpf: '529.982.247-25' },
        pais: 'BR',
        captcha: { token: fresh.token, resposta: fresh.answer },
        motivos: [{ motivo: reason('Oferta').id, valor: 20 }],
      }),
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201);
    const [grace] = await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, 'grace'));
    const g = await call('POST', '/pagamento/', {
      body: {
        ...gift({
          visitante: { nome: 'Ann', email: 'ann@example.com' },
          motivos: [{ motivo: 1, valor: 20 }],
        }),
        igreja: grace!.id,
      },
      lang: 'en',
    });
    expect(g.status).toBe(401);
  });

  it('a visitor gives by card where the church takes visitor gifts: a token of no user, the captcha first, a challenge by receipt key', async () => {
    const reasonsNow = reasonsResponseSchema.parse(
      (await call('GET', '/igreja/graca/pagamento-motivo/?doacao=true')).body,
    );
    expect(reasonsNow.metodosVisitante).toContain('cartao');
    const tokenize = async (numero: string) => {
      const r = await call('POST', `/general/payment/church/${gracaId}/card/token`, {
        body: {
          titular: 'Ana Visitante',
          numero,
          cvv: '123',
          validade: '12/30',
          ...HOLDER,
        },
      });
      expect(r.status).toBe(201);
      return r.body.token as string;
    };
    const visitante = {
      nome: 'Ana Visitante',
      email: 'ana.card@example.com',
      cpf: '529.982.247-25',
    };
    const visitorGift = (token: string, captcha = createCaptcha(gracaId)) =>
      gift({
        metodoPagamento: 'cartao',
        cartao: { token },
        visitante,
        pais: 'BR',
        captcha: { token: captcha.token, resposta: captcha.answer },
        motivos: [{ motivo: reason('Oferta').id, valor: 25 }],
      });

    // a wrong captcha charges nothing, even by card
    const before = (
      await database.db.select().from(t.payments).where(eq(t.payments.churchId, gracaId))
    ).length;
    const token = await tokenize('4111 1111 1111 1111');
    const wrong = await call('POST', '/pagamento/', {
      body: {
        ...visitorGift(token),
        captcha: { token: createCaptcha(gracaId).token, resposta: '999' },
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.captcha).toEqual(['Captcha inválido. Por favor tente novamente.']);
    expect(
      await database.db.select().from(t.payments).where(eq(t.payments.churchId, gracaId)),
    ).toHaveLength(before);

    const ok = await call('POST', '/pagamento/', { body: visitorGift(token) });
    expect(ok.status).toBe(201);
    const paid = paymentResponseSchema.parse(ok.body);
    expect(paid.pagamento).toMatchObject({
      status: 'aprovado',
      metodoPagamento: 'cartao',
      cartao: { final: '1111' },
      doador: { nome: 'Ana Visitante' },
    });
    expect(paid.chaveRecibo).toBeTruthy();
    const [row] = await database.db
      .select()
      .from(t.payments)
      .where(eq(t.payments.code, paid.pagamento.codigo));
    expect(row!.userId).toBeNull();
    expect(
      await database.db.select().from(t.savedCards).where(eq(t.savedCards.token, token)),
    ).toHaveLength(0); // nothing saved for a visitor
    // a member cannot pay with a visitor's token
    const stolen = await call('POST', '/pagamento/', {
      token: member.token,
      body: gift({
        metodoPagamento: 'cartao',
        cartao: { token },
        motivos: [{ motivo: reason('Oferta').id, valor: 25 }],
      }),
    });
    expect(stolen.status).toBe(422);

    // a challenge card: the visitor completes it with the receipt key, not a login
    const challenged = paymentResponseSchema.parse(
      (
        await call('POST', '/pagamento/', {
          body: visitorGift(await tokenize('4000 0000 0000 3220')),
        })
      ).body,
    );
    expect(challenged.pagamento).toMatchObject({ status: 'em_aberto', desafio: true });
    const code = challenged.pagamento.codigo;
    expect(
      (await call('POST', `/pagamento/${code}/desafio`, { body: { codigo: '123456' } })).status,
    ).toBe(401);
    expect(
      (
        await call('POST', `/pagamento/${code}/desafio?chave=${'x'.repeat(32)}`, {
          body: {
            codigo: '123456',
          },
        })
      ).status,
    ).toBe(404);
    const done = await call('POST', `/pagamento/${code}/desafio?chave=${challenged.chaveRecibo}`, {
      body: { codigo: '123456' },
    });
    expect(done.status).toBe(200);
    expect(done.body.pagamento.status).toBe('aprovado');
    // the receipt goes when the challenge approves the gift, not when it was still open: the
    // approval queues it (server/payments/paid-mail.task.ts), sent once after the commit
    await runQueuedTasks(database.db, dataDir, [paidMailTask]);
    const receipts = (await mails('ana.card@example.com')).filter((m) => m.text.includes(code));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.links[0]).toContain(`chave=${challenged.chaveRecibo}`);
  });

  it('no visitor card token where the church takes no visitor gifts', async () => {
    const [grace] = await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, 'grace'));
    const r = await call('POST', `/general/payment/church/${grace!.id}/card/token`, {
      body: { titular: 'Ann', numero: '4111111111111111', cvv: '123', validade: '12/30' },
      lang: 'en',
    });
    expect(r.status).toBe(401);
  });

  it('the yearly statement has the approved gifts of the year and totals per reason', async () => {
    const year = new Date().getUTCFullYear();
    const s = statementResponseSchema.parse(
      (
        await call('GET', `/usuario/${member.id}/doacao/extrato?igreja=${gracaId}&ano=${year}`, {
          token: member.token,
        })
      ).body,
    );
    expect(s.doacoes.every((d) => d.status === 'aprovado')).toBe(true);
    expect(s.total).toBe(Math.round(s.doacoes.reduce((x, d) => x + d.valor, 0) * 100) / 100);
    expect(s.totaisPorMotivo.length).toBeGreaterThan(0);
  });

  it('a member’s year is the church’s: a gift at 23:30 on 31 December in Brasília is in that year’s history and statement', async () => {
    const [p] = await database.db
      .insert(t.payments)
      .values({
        churchId: gracaId,
        userId: member.id,
        code: `DO${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
        kind: 'doacao',
        method: 'pix',
        status: 'aprovado',
        subtotalCents: 3100,
        totalCents: 3100,
        installmentCents: 3100,
        currency: 'BRL',
        createdAt: new Date('2026-12-31T23:30:00-03:00'), // 02:30 UTC on 1 January 2027
        paidAt: new Date('2026-12-31T23:30:00-03:00'),
      })
      .returning();
    await database.db.insert(t.paymentLines).values({
      churchId: gracaId,
      paymentId: p!.id,
      reasonId: reason('Construção').id,
      reasonName: 'Construção',
      amountCents: 3100,
    });
    const codes = async (ano: number) => ({
      history: historyResponseSchema
        .parse(
          (
            await call('GET', `/usuario/${member.id}/doacao?igreja=${gracaId}&ano=${ano}`, {
              token: member.token,
            })
          ).body,
        )
        .doacoes.map((d) => d.codigo),
      statement: statementResponseSchema
        .parse(
          (
            await call('GET', `/usuario/${member.id}/doacao/extrato?igreja=${gracaId}&ano=${ano}`, {
              token: member.token,
            })
          ).body,
        )
        .doacoes.map((d) => d.codigo),
    });
    const in2026 = await codes(2026);
    expect(in2026.history).toContain(p!.code);
    expect(in2026.statement).toContain(p!.code);
    const in2027 = await codes(2027);
    expect(in2027.history).not.toContain(p!.code);
    expect(in2027.statement).not.toContain(p!.code);
  });

  it('a recurring gift counts days on the church’s clock: begun at 23:30 on 30 November in Brasília for 31 days, the next is 31 December, as its receipt says', async () => {
    // 02:30 UTC on 1 December: a UTC day would make the next one 1 January
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T23:30:00-03:00') });
    try {
      const me = await loginAs(api, 'membro@graca.demo', DEMO_PASSWORD);
      const p = await recurringTithe(me.token, 31);
      expect(p.doacaoRecorrente?.proximaCobranca).toBe('2026-12-31');
      const receipt = (await mails('membro@graca.demo')).find((m) => m.text.includes(p.codigo));
      expect(receipt?.text).toContain('a próxima será em 31/12/2026');
      const [row] = await database.db
        .select({ occurrence: t.payments.occurrence })
        .from(t.payments)
        .where(eq(t.payments.code, p.codigo));
      expect(row?.occurrence).toBe('2026-11-30');

      // at 22:00 on 5 December in Brasília (01:00 UTC on the 6th) the 5th is still today there
      vi.setSystemTime(new Date('2026-12-05T22:00:00-03:00'));
      const later = await loginAs(api, 'membro@graca.demo', DEMO_PASSWORD);
      const move = (proximaCobranca: string) =>
        call('PUT', `/usuario/${member.id}/doacao-recorrente/${p.doacaoRecorrente!.id}`, {
          token: later.token,
          body: { proximaCobranca },
        });
      const today = await move('2026-12-05');
      expect(today.status, JSON.stringify(today.body)).toBe(200);
      expect(today.body.doacaoRecorrente.proximaCobranca).toBe('2026-12-05');
      expect((await move('2026-12-04')).status).toBe(400);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a recurring gift is charged at 06:00 of its day on the church’s clock: 09:00 UTC in Brasília, 16:00 UTC at a church that chose Honolulu (09:00 UTC would be its evening before)', async () => {
    const giftId = (await recurringTithe(member.token, 30)).doacaoRecorrente!.id;
    const chargeAt = async (day: string) => {
      const moved = await call('PUT', `/usuario/${member.id}/doacao-recorrente/${giftId}`, {
        token: member.token,
        body: { proximaCobranca: day },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const [row] = await database.db
        .select({ at: t.recurringGifts.nextChargeAt })
        .from(t.recurringGifts)
        .where(eq(t.recurringGifts.id, giftId));
      return row!.at.toISOString();
    };
    expect(await chargeAt('2030-03-10')).toBe('2030-03-10T09:00:00.000Z');
    await database.db
      .update(t.churches)
      .set({ timeZone: 'Pacific/Honolulu' })
      .where(eq(t.churches.id, gracaId));
    try {
      expect(await chargeAt('2030-03-11')).toBe('2030-03-11T16:00:00.000Z');
    } finally {
      await database.db
        .update(t.churches)
        .set({ timeZone: null })
        .where(eq(t.churches.id, gracaId));
    }
  });
});
