import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/common.ts';
import { declinedMessageKey, paymentMessage } from '../../contract/messages/payments.ts';
import {
  eventContentsResponseSchema,
  eventsResponseSchema,
  registrationsResponseSchema,
  userEventsResponseSchema,
  type EventWire,
} from '../../contract/events.ts';
import {
  cardsResponseSchema,
  cardTokenResponseSchema,
  paymentResponseSchema,
} from '../../contract/payments.ts';
import { createApi } from '../app.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/churches.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';
import { overduePaymentsJob } from '../jobs/index.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { hasValidPixCrc } from './pix.ts';

/** spec §3 Payment fields: graca's card gateway (zoop) needs the holder's CPF and birth date. */
const HOLDER = { cpfTitular: '529.982.247-25', dataNascimentoTitular: '1985-05-10' };

describe.each(testBackends())('event purchase and payments on %s', (backend) => {
  let database: DatabaseHandle;
  let api: ReturnType<typeof createApi>;
  let member: { id: number; token: string };
  let leader: { id: number; token: string };
  let grace: { id: number; token: string };
  let gracaId: number;
  let events: EventWire[];
  let keySeq = 0;
  /** Churches whose cached pages the API asked to refresh. */
  const changedChurches: number[] = [];
  const key = () => `test-key-${backend}-${++keySeq}-${Math.random().toString(36).slice(2)}`;

  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const login = (email: string) => loginAs(api, email, DEMO_PASSWORD);
  const event = (title: string) => events.find((e) => e.titulo === title)!;
  const tokenize = async (number: string, who = member) => {
    const r = await call('POST', `/general/payment/church/${gracaId}/card/token`, {
      token: who.token,
      body: {
        titular: 'Maria Souza',
        numero: number,
        cvv: '123',
        validade: '12/30',
        ...HOLDER,
      },
    });
    expect(r.status).toBe(201);
    return cardTokenResponseSchema.parse(r.body);
  };
  const soldOf = async (ticketId: number) => {
    const [row] = await database.db
      .select({ sold: t.tickets.sold })
      .from(t.tickets)
      .where(eq(t.tickets.id, ticketId));
    return row!.sold;
  };
  /** Runs the background sweep of overdue payments once (server/jobs), as the scheduler would. */
  const sweepOverdue = async () => {
    let failure: unknown;
    const runner = createJobRunner(database.db, [overduePaymentsJob], {
      onError: (_job, error) => void (failure = error),
    });
    expect(await runner.runNow(overduePaymentsJob.name)).toBe(true);
    expect(failure).toBeUndefined();
  };
  const conferenceBody = (extra: Record<string, unknown>) => {
    const conference = event('Conferência Graça 2026');
    const lote1 = conference.ingressos[1]!;
    return {
      evento: conference.id,
      ingressos: [
        {
          ingresso: lote1.id,
          titulares: [
            { nome: 'Maria Souza', respostas: { camiseta: 'M', telefone: '+55 11 98765-4321' } },
            { nome: 'Carlos Souza', respostas: { camiseta: 'G', telefone: '+55 11 91234-5678' } },
          ],
        },
      ],
      ...extra,
    };
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const changes = createChangeFeed();
    changes.onChurchChanged((id) => changedChurches.push(id));
    api = createApi({ db: database.db, changes });
    member = await login('membro@graca.demo');
    leader = await login('lider@graca.demo');
    grace = await login('member@grace.demo');
    events = eventsResponseSchema.parse((await call('GET', '/igreja/graca/evento/')).body).eventos;
    const [church] = await database.db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, 'graca'));
    gracaId = church!.id;
    // the demo monthly gift's saved card (seed/giving.ts) is not part of these card tests
    await database.db.delete(t.savedCards).where(eq(t.savedCards.userId, member.id));
    // the conference's per-person limit would stop the many purchases below; the limit has its own test
    await database.db
      .update(t.tickets)
      .set({ perUserLimit: null })
      .where(eq(t.tickets.id, event('Conferência Graça 2026').ingressos[1]!.id));
  }, 180_000); // migrating and seeding PGlite is slow on a busy machine
  afterAll(() => database.close());

  it('buys two tickets with an approving card in 2 installments, with the holder answers', async () => {
    const lote1 = event('Conferência Graça 2026').ingressos[1]!;
    const before = await soldOf(lote1.id);
    const card = await tokenize('4111 1111 1111 1111');
    expect(card).toMatchObject({ bandeira: 'visa', final: '1111', idGatewayPagamento: 8 });
    const r = await call('POST', '/pagamento/', {
      token: member.token,
      body: conferenceBody({
        metodoPagamento: 'cartao',
        parcelas: 2,
        cartao: { token: card.token },
        salvarCartao: true,
      }),
      headers: { 'idempotency-key': key() },
    });
    expect(r.status).toBe(201);
    const { pagamento, inscricoes } = paymentResponseSchema.parse(r.body);
    // 300 + 5% service + 3.49% + 0.39 processing = 325.86; two installments with 2.99% a month interest
    expect(pagamento).toMatchObject({
      status: 'aprovado',
      metodoPagamento: 'cartao',
      valor: 300,
      taxas: 25.86,
      parcelas: 2,
      cartao: { bandeira: 'visa', final: '1111' },
    });
    expect(pagamento.valorParcela).toBeCloseTo(170.27, 2);
    expect(pagamento.juros).toBeGreaterThan(0);
    expect(inscricoes.map((i) => [i.nomeTitular, i.status, i.respostas.camiseta])).toEqual([
      ['Maria Souza', 'confirmada', 'M'],
      ['Carlos Souza', 'confirmada', 'G'],
    ]);
    expect(await soldOf(lote1.id)).toBe(before + 2);
    expect(changedChurches).toContain(gracaId); // cached event pages show the new availability
    const stored = await database.db.select().from(t.cardTokens);
    expect(JSON.stringify(stored)).not.toContain('4111111111111111');
    // the card was saved (grouped by gateway) and is listed only to its owner
    const cards = cardsResponseSchema.parse(
      (await call('GET', `/usuario/graca/${member.id}/cartoes`, { token: member.token })).body,
    );
    expect(cards.cartoesPorGateway['8']?.map((c) => c.final)).toEqual(['1111']);
    expect(
      (await call('GET', `/usuario/graca/${member.id}/cartoes`, { token: leader.token })).status,
    ).toBe(403);
    // the registrations of the event, and the status by order code
    const mine = registrationsResponseSchema.parse(
      (
        await call(
          'GET',
          `/usuario/${member.id}/evento/${event('Conferência Graça 2026').id}/inscricao/`,
          { token: member.token },
        )
      ).body,
    );
    expect(mine.inscricoes.length).toBeGreaterThanOrEqual(3); // the seeded one plus these two
    const status = paymentResponseSchema.parse(
      (
        await call('GET', `/usuario/${member.id}/pagamento/?pedido=${pagamento.codigo}`, {
          token: member.token,
        })
      ).body,
    );
    expect(status.pagamento.status).toBe('aprovado');
    expect(
      (
        await call('GET', `/usuario/${leader.id}/pagamento/?pedido=${pagamento.codigo}`, {
          token: leader.token,
        })
      ).status,
    ).toBe(404);
  });

  it('a declining card shows the card message and charges nothing', async () => {
    const lote1 = event('Conferência Graça 2026').ingressos[1]!;
    const before = await soldOf(lote1.id);
    const card = await tokenize('4000 0000 0000 0002');
    const r = await call('POST', '/pagamento/', {
      token: member.token,
      body: conferenceBody({
        metodoPagamento: 'cartao',
        parcelas: 1,
        cartao: { token: card.token },
      }),
      headers: { 'idempotency-key': key() },
    });
    const { pagamento, inscricoes } = paymentResponseSchema.parse(r.body);
    expect(pagamento.status).toBe('nao_aprovado');
    expect(pagamento.mensagem).toBe(
      'Cartão inválido ou expirado. Nenhum valor foi cobrado; verifique os dados ou use outro cartão.',
    );
    expect(inscricoes).toEqual([]);
    expect(await soldOf(lote1.id)).toBe(before);
  });

  it('bad card data and missing holder answers are 4xx with per-field messages', async () => {
    const bad = await call('POST', `/general/payment/church/${gracaId}/card/token`, {
      token: member.token,
      body: {
        titular: 'X',
        numero: '4111 1111 1111 1112',
        cvv: '123',
        validade: '12/30',
      },
    });
    expect(bad.status).toBe(422);
    expect(apiErrorSchema.parse(bad.body)).toMatchObject({
      message: 'Alguma informação do cartão está incorreta. Por favor verifique.',
      errors: { numero: ['Número do cartão inválido.'] },
    });
    // spec §3 Payment fields: zoop needs the holder's CPF and birth date (required, checked, before today)
    const card = {
      titular: 'Maria Souza',
      numero: '4111 1111 1111 1111',
      cvv: '123',
      validade: '12/30',
    };
    const missing = await call('POST', `/general/payment/church/${gracaId}/card/token`, {
      token: member.token,
      body: card,
    });
    expect(missing.status).toBe(422);
    expect(apiErrorSchema.parse(missing.body).errors).toEqual({
      cpfTitular: ['Esse campo é obrigatório.'],
      dataNascimentoTitular: ['Esse campo é obrigatório.'],
    });
    const wrong = await call('POST', `/general/payment/church/${gracaId}/card/token`, {
      token: member.token,
      body: { ...card, cpfTitular: '111.111.111-11', dataNascimentoTitular: '2999-01-01' },
    });
    expect(apiErrorSchema.parse(wrong.body).errors).toEqual({
      cpfTitular: ['CPF inválido.'],
      dataNascimentoTitular: ['A data precisa ser anterior a hoje.'],
    });
    const en = await call('POST', `/general/payment/church/${gracaId}/card/token`, {
      token: member.token,
      body: { ...card, cpfTitular: '52998224725', dataNascimentoTitular: '10/05/1985' },
      lang: 'en',
    });
    // the API wants ISO: its message names that format, not a form's dd/mm/aaaa (issue 43)
    expect(apiErrorSchema.parse(en.body).errors).toEqual({
      dataNascimentoTitular: [
        'Invalid date. Send it in the ISO format yyyy-mm-dd (for example 1985-05-10).',
      ],
    });
    expect(
      (
        await call('POST', `/general/payment/church/${gracaId}/card/token`, {
          token: member.token,
          body: {
            ...card,
            ...HOLDER,
          },
        })
      ).status,
    ).toBe(201);
    const body = conferenceBody({ metodoPagamento: 'pix' });
    body.ingressos[0]!.titulares[1]!.respostas = { camiseta: 'XXL' } as never;
    const r = await call('POST', '/pagamento/', {
      token: member.token,
      body,
      headers: { 'idempotency-key': key() },
    });
    expect(r.status).toBe(400);
    const errors = apiErrorSchema.parse(r.body).errors!;
    expect(errors['ingressos.0.titulares.1.respostas.camiseta']).toEqual([
      'Escolha uma das opções de “Tamanho da camiseta”.',
    ]);
    expect(errors['ingressos.0.titulares.1.respostas.telefone']).toEqual([
      'Responda “Telefone do participante”.',
    ]);
    expect(
      (
        await call('POST', '/pagamento/', {
          token: member.token,
          body: { evento: 'x' },
          headers: { 'idempotency-key': key() },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/pagamento/', {
          token: member.token,
          body: conferenceBody({ metodoPagamento: 'pix' }),
        })
      ).status,
    ).toBe(400); // no key
    expect(
      (
        await call('POST', '/pagamento/', {
          body: conferenceBody({ metodoPagamento: 'pix' }),
          headers: {
            'idempotency-key': key(),
          },
        })
      ).status,
    ).toBe(401);
  });

  it('Pix gives a code with a valid CRC and a QR; paying it in the sandbox confirms the tickets', async () => {
    const r = await call('POST', '/pagamento/', {
      token: member.token,
      body: conferenceBody({ metodoPagamento: 'pix' }),
      headers: { 'idempotency-key': key() },
    });
    expect(r.status).toBe(201);
    const { pagamento, inscricoes } = paymentResponseSchema.parse(r.body);
    expect(pagamento.status).toBe('pendente');
    expect(hasValidPixCrc(pagamento.pixCopiaCola!)).toBe(true);
    expect(pagamento.pixQrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(new Date(pagamento.expiraEm!).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(inscricoes.every((i) => i.status === 'pendente')).toBe(true);
    const paid = paymentResponseSchema.parse(
      (await call('POST', `/sandbox/pagamento/${pagamento.codigo}/pagar`, { token: member.token }))
        .body,
    );
    expect(paid.pagamento.status).toBe('aprovado');
    expect(paid.inscricoes.every((i) => i.status === 'confirmada')).toBe(true);
    expect(
      (await call('POST', `/sandbox/pagamento/${pagamento.codigo}/pagar`, { token: member.token }))
        .status,
    ).toBe(409);
    expect(
      (await call('POST', `/sandbox/pagamento/${pagamento.codigo}/pagar`, { token: leader.token }))
        .status,
    ).toBe(404);
  });

  it('an unpaid Pix is cancelled automatically after its validity and gives the seats back', async () => {
    const lote1 = event('Conferência Graça 2026').ingressos[1]!;
    const before = await soldOf(lote1.id);
    const { pagamento } = paymentResponseSchema.parse(
      (
        await call('POST', '/pagamento/', {
          token: member.token,
          body: conferenceBody({ metodoPagamento: 'pix' }),
          headers: { 'idempotency-key': key() },
        })
      ).body,
    );
    expect(await soldOf(lote1.id)).toBe(before + 2);
    await database.db
      .update(t.payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.payments.code, pagamento.codigo));
    const status = () =>
      call('GET', `/usuario/${member.id}/pagamento/?pedido=${pagamento.codigo}`, {
        token: member.token,
      });
    // the status read shows it cancelled at once, but writes nothing (reads never write, docs/performance.md): the job frees the seats
    const shown = paymentResponseSchema.parse((await status()).body);
    expect(shown.pagamento).toMatchObject({ status: 'cancelado', pixQrCode: null });
    expect(shown.inscricoes.every((i) => i.status === 'cancelada')).toBe(true);
    expect(await soldOf(lote1.id)).toBe(before + 2);
    await sweepOverdue();
    expect(await soldOf(lote1.id)).toBe(before);
    const [stored] = await database.db
      .select({ status: t.payments.status })
      .from(t.payments)
      .where(eq(t.payments.code, pagamento.codigo));
    expect(stored!.status).toBe('cancelado');
    const after = paymentResponseSchema.parse((await status()).body);
    expect(after.pagamento.status).toBe('cancelado');
    expect(after.inscricoes.every((i) => i.status === 'cancelada')).toBe(true);
  });

  it('bank slip has a digitable line in Brazil and is refused for an address outside Brazil', async () => {
    const slip = paymentResponseSchema.parse(
      (
        await call('POST', '/pagamento/', {
          token: member.token,
          body: conferenceBody({ metodoPagamento: 'boleto' }),
          headers: { 'idempotency-key': key() },
        })
      ).body,
    );
    expect(slip.pagamento.linhaDigitavel!.replace(/\D/g, '')).toHaveLength(47);
    await database.db
      .insert(t.userAddresses)
      .values({ userId: leader.id, country: 'PT', city: 'Lisboa', street: 'Rua Augusta' });
    const body = conferenceBody({ metodoPagamento: 'boleto' });
    const r = await call('POST', '/pagamento/', {
      token: leader.token,
      body,
      headers: { 'idempotency-key': key() },
    });
    expect(r.status).toBe(422);
    expect(apiErrorSchema.parse(r.body).message).toBe(
      'Pix e boleto só estão disponíveis para endereços no Brasil.',
    );
    const en = await call('POST', '/pagamento/', {
      token: leader.token,
      body: { ...body, metodoPagamento: 'pix' },
      headers: { 'idempotency-key': key(), 'accept-language': 'en' },
    });
    expect(apiErrorSchema.parse(en.body).message).toBe(
      'Pix and bank slip are only available for addresses in Brazil.',
    );
  });

  it('PicPay, cash and transfer wait; a challenge card asks for the code first', async () => {
    for (const method of ['picpay', 'dinheiro', 'transferencia']) {
      const r = paymentResponseSchema.parse(
        (
          await call('POST', '/pagamento/', {
            token: member.token,
            body: conferenceBody({ metodoPagamento: method }),
            headers: { 'idempotency-key': key() },
          })
        ).body,
      );
      expect(r.pagamento.status, method).toBe('aguardando');
    }
    const card = await tokenize('4000 0000 0000 3220');
    const r = paymentResponseSchema.parse(
      (
        await call('POST', '/pagamento/', {
          token: member.token,
          body: conferenceBody({ metodoPagamento: 'cartao', cartao: { token: card.token } }),
          headers: { 'idempotency-key': key() },
        })
      ).body,
    );
    expect(r.pagamento).toMatchObject({ status: 'em_aberto', desafio: true });
    expect(new Date(r.pagamento.expiraEm!).getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
    const done = paymentResponseSchema.parse(
      (
        await call('POST', `/pagamento/${r.pagamento.codigo}/desafio`, {
          token: member.token,
          body: {
            codigo: '123456',
          },
        })
      ).body,
    );
    expect(done.pagamento).toMatchObject({ status: 'aprovado', desafio: false });
    expect(done.inscricoes.every((i) => i.status === 'confirmada')).toBe(true);
    // a challenge never answered gives the seats back once it expires
    const lote1 = event('Conferência Graça 2026').ingressos[1]!;
    const before = await soldOf(lote1.id);
    const abandoned = paymentResponseSchema.parse(
      (
        await call('POST', '/pagamento/', {
          token: member.token,
          body: conferenceBody({ metodoPagamento: 'cartao', cartao: { token: card.token } }),
          headers: { 'idempotency-key': key() },
        })
      ).body,
    );
    expect(await soldOf(lote1.id)).toBe(before + 2);
    await database.db
      .update(t.payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.payments.code, abandoned.pagamento.codigo));
    const later = paymentResponseSchema.parse(
      (
        await call('GET', `/usuario/${member.id}/pagamento/?pedido=${abandoned.pagamento.codigo}`, {
          token: member.token,
        })
      ).body,
    );
    expect(later.pagamento).toMatchObject({ status: 'cancelado', desafio: false });
    expect(await soldOf(lote1.id)).toBe(before + 2); // a read writes nothing
    await sweepOverdue();
    expect(await soldOf(lote1.id)).toBe(before);
  });

  it('ACH is approved or not on the US church; the method must be one the church takes', async () => {
    const conference = eventsResponseSchema
      .parse((await call('GET', '/igreja/grace/evento/')).body)
      .eventos.find((e) => e.titulo === 'Grace Family Conference')!;
    const child = conference.ingressos[1]!;
    const body = (account: string) => ({
      evento: conference.id,
      metodoPagamento: 'ach',
      ach: { numeroConta: account, numeroRoteamento: '011000015', tipoConta: 'corrente' },
      ingressos: [{ ingresso: child.id, titulares: [{ nome: 'Kid Miller' }] }],
    });
    expect(
      paymentResponseSchema.parse(
        (
          await call('POST', '/pagamento/', {
            token: grace.token,
            body: body('123456789'),
            headers: {
              'idempotency-key': key(),
            },
          })
        ).body,
      ).pagamento.status,
    ).toBe('aprovado');
    const refused = paymentResponseSchema.parse(
      (
        await call('POST', '/pagamento/', {
          token: grace.token,
          body: body('123450000'),
          headers: {
            'idempotency-key': key(),
          },
        })
      ).body,
    ).pagamento;
    expect(refused.status).toBe('nao_aprovado');
    // a declined bank account is never blamed on a card (issue 43): the message names the account
    expect(refused.mensagem).toBe(paymentMessage('pt', 'pay.achDeclined'));
    for (const lang of ['pt', 'en', 'es'] as const) {
      const said = paymentMessage(lang, declinedMessageKey('ach'));
      expect(said).not.toMatch(/cart[aã]o|card|tarjeta/i);
      expect(said).toMatch(/conta|account|cuenta/i);
      expect(paymentMessage(lang, declinedMessageKey('pix'))).not.toMatch(
        /cart[aã]o|card|tarjeta/i,
      );
    }
    const pix = await call('POST', '/pagamento/', {
      token: grace.token,
      body: { ...body('123456789'), metodoPagamento: 'transferencia' },
      headers: { 'idempotency-key': key() },
    });
    expect(pix.status).toBe(422);
  });

  it('a free event registers without payment; the per-user limit holds', async () => {
    const youth = event('Noite de Louvor Jovem');
    const r = await call('POST', `/usuario/${member.id}/evento/${youth.id}/inscricao/`, {
      token: member.token,
      body: {
        ingressos: [
          { ingresso: youth.ingressos[0]!.id, titulares: [{ nome: 'Maria' }, { nome: 'Ana' }] },
        ],
      },
      headers: { 'idempotency-key': key() },
    });
    expect(r.status).toBe(201);
    expect(paymentResponseSchema.parse(r.body).pagamento).toMatchObject({
      status: 'aprovado',
      metodoPagamento: 'gratuito',
      valorTotal: 0,
    });
    const tooMany = await call('POST', `/usuario/${member.id}/evento/${youth.id}/inscricao/`, {
      token: member.token,
      body: {
        ingressos: [
          {
            ingresso: youth.ingressos[0]!.id,
            titulares: [{ nome: 'A' }, { nome: 'B' }, { nome: 'C' }],
          },
        ],
      },
      headers: { 'idempotency-key': key() },
    });
    expect(tooMany.status).toBe(422);
    expect(apiErrorSchema.parse(tooMany.body).message).toBe(
      'Você pode ter no máximo 4 ingresso(s) de “Entrada gratuita”.',
    );
    const soldOut = event('Show Beneficente');
    const none = await call('POST', '/pagamento/', {
      token: member.token,
      body: {
        evento: soldOut.id,
        metodoPagamento: 'pix',
        ingressos: [{ ingresso: soldOut.ingressos[0]!.id, titulares: [{ nome: 'X' }] }],
      },
      headers: { 'idempotency-key': key() },
    });
    expect(none.status).toBe(409);
  });

  it('exclusive content: 403 to anyone without a ticket, nothing across churches', async () => {
    const course = event('Curso online: Fundamentos da Fé');
    const mine = registrationsResponseSchema.parse(
      (
        await call('GET', `/usuario/${member.id}/evento/${course.id}/inscricao/`, {
          token: member.token,
        })
      ).body,
    ).inscricoes;
    const ticketId = mine[0]!.id;
    const content = eventContentsResponseSchema.parse(
      (
        await call(
          'GET',
          `/usuario/${member.id}/evento/${course.id}/inscricao/${ticketId}/conteudo/`,
          { token: member.token },
        )
      ).body,
    );
    expect(content.conteudos.map((c) => c.titulo)).toContain('Aula 1 — A Bíblia');
    // another member of the church, with the holder's ticket id or their own path
    expect(
      (
        await call(
          'GET',
          `/usuario/${leader.id}/evento/${course.id}/inscricao/${ticketId}/conteudo/`,
          { token: leader.token },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await call(
          'GET',
          `/usuario/${member.id}/evento/${course.id}/inscricao/${ticketId}/conteudo/`,
          { token: leader.token },
        )
      ).status,
    ).toBe(403);
    // a member of another church gets nothing of this one
    const cross = await call(
      'GET',
      `/usuario/${grace.id}/evento/${course.id}/inscricao/${ticketId}/conteudo/`,
      { token: grace.token },
    );
    expect(cross.status).toBe(403);
    expect(JSON.stringify(cross.body)).not.toContain('Aula');
    expect(
      (
        await call('GET', `/usuario/${grace.id}/evento/${course.id}/inscricao/`, {
          token: grace.token,
        })
      ).status,
    ).toBe(403);
    const graceEvents = userEventsResponseSchema.parse(
      (await call('GET', `/usuario/${grace.id}/evento/`, { token: grace.token })).body,
    ).eventos;
    expect(graceEvents.some((e) => e.titulo.includes('Fundamentos'))).toBe(false);
    const memberEvents = userEventsResponseSchema.parse(
      (
        await call('GET', `/usuario/${member.id}/evento/?igreja=${gracaId}`, {
          token: member.token,
        })
      ).body,
    ).eventos;
    expect(memberEvents.find((e) => e.id === course.id)?.qtdeInscricoes).toBe(1);
    expect(
      (
        await call(
          'GET',
          `/usuario/${member.id}/evento/${course.id}/inscricao/${ticketId}/conteudo/`,
        )
      ).status,
    ).toBe(401);
  });

  it('saved cards: pay with one, then delete it (only its owner can)', async () => {
    const cards = cardsResponseSchema.parse(
      (await call('GET', `/usuario/graca/${member.id}/cartoes`, { token: member.token })).body,
    ).cartoes;
    const saved = cards[0]!;
    const r = paymentResponseSchema.parse(
      (
        await call('POST', '/pagamento/', {
          token: member.token,
          body: conferenceBody({ metodoPagamento: 'cartao', cartao: { idCartao: saved.id } }),
          headers: { 'idempotency-key': key() },
        })
      ).body,
    );
    expect(r.pagamento.status).toBe('aprovado');
    const other = await tokenize('5555 5555 5555 4444');
    const added = await call('POST', `/usuario-cartao-gateway-pagamento/?igreja=${gracaId}`, {
      token: member.token,
      body: { token: other.token },
    });
    expect(added.status).toBe(201);
    // a token is its owner's: another member can neither save nor pay with it
    expect(
      (
        await call('POST', `/usuario-cartao-gateway-pagamento/?igreja=${gracaId}`, {
          token: leader.token,
          body: {
            token: other.token,
          },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call('POST', '/pagamento/', {
          token: leader.token,
          body: conferenceBody({ metodoPagamento: 'cartao', cartao: { token: other.token } }),
          headers: { 'idempotency-key': key() },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call('DELETE', `/usuario-cartao-gateway-pagamento/${saved.id}`, {
          token: leader.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('DELETE', `/usuario-cartao-gateway-pagamento/${saved.id}`, {
          token: member.token,
        })
      ).status,
    ).toBe(200);
    const left = cardsResponseSchema.parse(
      (await call('GET', `/usuario/graca/${member.id}/cartoes`, { token: member.token })).body,
    ).cartoes;
    expect(left.map((c) => c.final)).toEqual(['4444']);
  });

  it('tenant isolation: a member of another church can use none of these calls on this church', async () => {
    const youth = event('Noite de Louvor Jovem');
    const free = {
      ingressos: [{ ingresso: youth.ingressos[0]!.id, titulares: [{ nome: 'John' }] }],
    };
    expect(
      (
        await call('POST', `/usuario/${grace.id}/evento/${youth.id}/inscricao/`, {
          token: grace.token,
          body: free,
          headers: { 'idempotency-key': key() },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call('POST', `/usuario/${member.id}/evento/${youth.id}/inscricao/`, {
          token: grace.token,
          body: free,
          headers: { 'idempotency-key': key() },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call('POST', '/pagamento/', {
          token: grace.token,
          body: conferenceBody({ metodoPagamento: 'pix' }),
          headers: {
            'idempotency-key': key(),
          },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call('POST', `/general/payment/church/${gracaId}/card/token`, {
          token: grace.token,
          body: {
            titular: 'J',
            numero: '4111111111111111',
            cvv: '123',
            validade: '12/30',
          },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call('GET', `/usuario/graca/${grace.id}/cartoes`, { token: grace.token })).status,
    ).toBe(403);
    const mine = await tokenize('4111 1111 1111 1111');
    expect(
      (
        await call('POST', `/usuario-cartao-gateway-pagamento/?igreja=${gracaId}`, {
          token: grace.token,
          body: {
            token: mine.token,
          },
        })
      ).status,
    ).toBe(403);
    const { pagamento } = paymentResponseSchema.parse(
      (
        await call('POST', '/pagamento/', {
          token: member.token,
          body: conferenceBody({ metodoPagamento: 'pix' }),
          headers: { 'idempotency-key': key() },
        })
      ).body,
    );
    expect(
      (
        await call('POST', `/pagamento/${pagamento.codigo}/desafio`, {
          token: grace.token,
          body: {
            codigo: '123456',
          },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('GET', `/usuario/${grace.id}/pagamento/?pedido=${pagamento.codigo}`, {
          token: grace.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('POST', `/sandbox/pagamento/${pagamento.codigo}/pagar`, { token: grace.token }))
        .status,
    ).toBe(404);
    const [row] = await database.db
      .select({ status: t.payments.status })
      .from(t.payments)
      .where(eq(t.payments.code, pagamento.codigo));
    expect(row!.status).toBe('pendente'); // untouched
  });

  it('50 concurrent replays of one idempotency key create one payment and the same answer', async () => {
    const card = await tokenize('4111 1111 1111 1111');
    const body = conferenceBody({
      metodoPagamento: 'cartao',
      parcelas: 1,
      cartao: { token: card.token },
    });
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/pagamento/', {
          token: member.token,
          body,
          headers: { 'idempotency-key': k },
        }),
      ),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    const codes = new Set(answers.map((a) => (a.body.pagamento as { codigo: string }).codigo));
    expect(codes.size).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    const [count] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.payments)
      .where(eq(t.payments.code, [...codes][0]!));
    expect(Number(count!.n)).toBe(1);
    const [regs] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.registrations)
      .innerJoin(t.payments, eq(t.payments.id, t.registrations.paymentId))
      .where(eq(t.payments.code, [...codes][0]!));
    expect(Number(regs!.n)).toBe(2);
    const reused = await call('POST', '/pagamento/', {
      token: member.token,
      body: { ...body, parcelas: 2 },
      headers: { 'idempotency-key': k },
    });
    expect(reused.status).toBe(422);
  });

  it('200 concurrent purchases for 50 seats sell exactly 50', async () => {
    const [ev] = await database.db
      .insert(t.events)
      .values({
        churchId: gracaId,
        title: 'Concorrência',
        startsAt: new Date(Date.now() + 86_400_000),
        endsAt: new Date(Date.now() + 90_000_000),
      })
      .returning();
    const [ticket] = await database.db
      .insert(t.tickets)
      .values({ churchId: gracaId, eventId: ev!.id, name: 'Assento', priceCents: 1000, stock: 50 })
      .returning();
    const cards = [
      await tokenize('4111 1111 1111 1111'),
      await tokenize('4111 1111 1111 1111', leader),
    ];
    const buyers = [member, leader];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call('POST', '/pagamento/', {
          token: buyers[i % 2]!.token,
          body: {
            evento: ev!.id,
            metodoPagamento: 'cartao',
            cartao: { token: cards[i % 2]!.token },
            ingressos: [{ ingresso: ticket!.id, titulares: [{ nome: `Buyer ${i}` }] }],
          },
          headers: { 'idempotency-key': key() },
        }),
      ),
    );
    const sold = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(sold.length).toBe(50);
    expect(refused.length).toBe(150);
    expect(apiErrorSchema.parse(refused[0]!.body).message).toBe(
      'Os ingressos de “Assento” se esgotaram.',
    );
    expect(await soldOf(ticket!.id)).toBe(50);
    const [regs] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.registrations)
      .where(and(eq(t.registrations.ticketId, ticket!.id)));
    expect(Number(regs!.n)).toBe(50);
  }, 120_000);
});
