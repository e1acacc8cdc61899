// Giving calls (MOD_DOACAO): the reasons of spec §7 (GET /igreja/{slug}/pagamento-motivo/?doacao=true),
// a gift's fees, the captcha, a visitor's receipt, and in the account: recurring gifts (change,
// pause, resume, cancel), history and the yearly statement. The gift itself is POST /pagamento/
// (server/payments/payments.routes.ts → ./give.ts).
import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  churchQuery,
  giftFeesQuery,
  historyQuery,
  reasonsParams,
  reasonsQuery,
  receiptQuery,
  recurringActionParams,
  recurringParams,
  recurringUpdateSchema,
  statementQuery,
  userChurchParams,
  type Gift,
  type RecurringGift,
} from '../../contract/giving.ts';
import { paymentCodeParams, type PaymentMethodCode } from '../../contract/payments.ts';
import { requireMember, requireSelf, requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { churchById, churchBySlug } from '../http/church-scope.ts';
import { fieldProblem, notFound } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { toMoney } from '../events/events.serializers.ts';
import { quoteFees } from '../payments/fees.ts';
import { loadPaymentResponse, receiptKey } from '../payments/payment-view.ts';
import { createCaptcha } from './captcha.ts';
import {
  addDays,
  chargeTimeOf,
  dayOf,
  giveError,
  givingChurch,
  givingSettingsOf,
  isPortugueseChurch,
} from './donation.ts';

export function givingRoutes(db: Database) {
  async function ownGift(c: Context, userId: number, id: number) {
    const [row] = await db
      .select()
      .from(t.recurringGifts)
      .where(and(eq(t.recurringGifts.id, id), eq(t.recurringGifts.userId, userId)));
    if (!row) throw giveError(404, 'give.recurringNotFound');
    await requireMember(db, c, row.churchId);
    return row;
  }

  async function recurringWire(
    churchId: number,
    rows: (typeof t.recurringGifts.$inferSelect)[],
  ): Promise<RecurringGift[]> {
    if (!rows.length) return [];
    const church = await givingChurch(db, churchId);
    const reasons = await db
      .select({ id: t.paymentReasons.id, name: t.paymentReasons.name })
      .from(t.paymentReasons)
      .where(eq(t.paymentReasons.churchId, churchId));
    const cardIds = rows.map((r) => r.cardId).filter((x): x is number => x !== null);
    const cards = cardIds.length
      ? await db
          .select()
          .from(t.savedCards)
          .where(and(eq(t.savedCards.churchId, churchId), inArray(t.savedCards.id, cardIds)))
      : [];
    return rows.map((r) => {
      const card = cards.find((x) => x.id === r.cardId);
      return {
        id: r.id,
        motivo: { id: r.reasonId, nome: reasons.find((x) => x.id === r.reasonId)?.name ?? '' },
        valor: toMoney(r.amountCents),
        moeda: church?.currency ?? 'BRL',
        recorrenciaDias: r.days,
        flagUsuarioTaxa: r.giverPaysFees,
        status: r.status,
        proximaCobranca: r.nextOccurrence,
        tentativasFalhas: r.failedTries,
        cartao: card ? { id: card.id, bandeira: card.brand, final: card.last4 } : null,
        dataCadastro: r.createdAt.toISOString(),
      };
    });
  }

  /** A member's gifts of a church, newest first, with their lines. */
  async function gifts(
    churchId: number,
    userId: number,
    year?: number,
    approvedOnly = false,
  ): Promise<Gift[]> {
    const filters = [
      eq(t.payments.churchId, churchId),
      eq(t.payments.userId, userId),
      eq(t.payments.kind, 'doacao'),
    ];
    if (year)
      filters.push(
        gte(t.payments.createdAt, new Date(Date.UTC(year, 0, 1))),
        lt(t.payments.createdAt, new Date(Date.UTC(year + 1, 0, 1))),
      );
    if (approvedOnly) filters.push(eq(t.payments.status, 'aprovado'));
    const rows = await db
      .select()
      .from(t.payments)
      .where(and(...filters))
      .orderBy(desc(t.payments.createdAt), desc(t.payments.id))
      .limit(500);
    const lines = rows.length
      ? await db
          .select()
          .from(t.paymentLines)
          .where(
            and(
              eq(t.paymentLines.churchId, churchId),
              inArray(
                t.paymentLines.paymentId,
                rows.map((r) => r.id),
              ),
            ),
          )
          .orderBy(asc(t.paymentLines.id))
      : [];
    return rows.map((r) => ({
      codigo: r.code,
      status: r.status,
      metodoPagamento: r.method as Gift['metodoPagamento'],
      moeda: r.currency,
      valor: toMoney(r.subtotalCents),
      taxas: toMoney(r.feesCents),
      valorTotal: toMoney(r.totalCents),
      itens: lines
        .filter((l) => l.paymentId === r.id)
        .map((l) => ({
          idMotivo: l.reasonId,
          motivo: l.reasonName,
          valor: toMoney(l.amountCents),
        })),
      recorrente: r.recurringGiftId !== null,
      dataCadastro: r.createdAt.toISOString(),
      pagoEm: r.paidAt ? r.paidAt.toISOString() : null,
    }));
  }

  return new Hono({ strict: false })
    .get(
      '/igreja/:slug/pagamento-motivo',
      validate('param', reasonsParams),
      validate('query', reasonsQuery),
      async (c) => {
        const church = await churchBySlug(db, c, c.req.valid('param').slug);
        const giving = c.req.valid('query').doacao;
        const rows = await db
          .select()
          .from(t.paymentReasons)
          .where(
            and(
              eq(t.paymentReasons.churchId, church.id),
              eq(t.paymentReasons.active, true),
              giving === undefined ? undefined : eq(t.paymentReasons.forGiving, giving),
            ),
          )
          .orderBy(asc(t.paymentReasons.position), asc(t.paymentReasons.id));
        const settings = await givingSettingsOf(db, church.id);
        const full = await givingChurch(db, church.id);
        const methods = await db
          .select({ code: t.churchPaymentMethods.code })
          .from(t.churchPaymentMethods)
          .where(
            and(
              eq(t.churchPaymentMethods.churchId, church.id),
              eq(t.churchPaymentMethods.active, true),
            ),
          )
          .orderBy(asc(t.churchPaymentMethods.position));
        return c.json({
          motivos: rows.map((r) => ({
            id: r.id,
            nome: r.name,
            descricao: r.description,
            flagRecorrencia: r.recurrenceAllowed,
          })),
          flagDoacaoOnline: !!settings?.online,
          flagVisitante: !!settings?.visitors,
          allowRecurrency: settings?.recurrence ?? true,
          flagCpf: isPortugueseChurch(church.locale),
          // issue 8 item 3: a visitor gives by card too (a token of no user, the captcha before the charge)
          metodosVisitante: methods
            .map((m) => m.code)
            .filter((code): code is PaymentMethodCode => code !== 'gratuito'),
          moeda: full?.currency ?? 'BRL',
        });
      },
    )
    .get(
      '/igreja/:slug/doacao/calcular-taxas',
      validate('param', reasonsParams),
      validate('query', giftFeesQuery),
      async (c) => {
        await churchBySlug(db, c, c.req.valid('param').slug, { module: 'MOD_DOACAO' });
        const { valor, metodoPagamento, flagUsuarioTaxa } = c.req.valid('query');
        const quote = quoteFees(Math.round(valor * 100), metodoPagamento, !flagUsuarioTaxa);
        return c.json({
          valor: toMoney(quote.valueCents),
          taxaServico: toMoney(quote.serviceFeeCents),
          taxaProcessamento: toMoney(quote.processingFeeCents),
          valorTaxas: toMoney(quote.feesCents),
          valorTotal: toMoney(quote.totalCents),
          flagAssumirTaxasServico: quote.churchPaysFees,
        });
      },
    )
    .get('/igreja/:slug/captcha', validate('param', reasonsParams), async (c) => {
      const church = await churchBySlug(db, c, c.req.valid('param').slug, { module: 'MOD_DOACAO' });
      const captcha = createCaptcha(church.id);
      c.header('cache-control', 'no-store');
      return c.json({
        token: captcha.token,
        imagem: `data:image/svg+xml;base64,${Buffer.from(captcha.svg).toString('base64')}`,
        expiraEm: captcha.expiresAt.toISOString(),
      });
    })
    .get(
      '/pagamento/:codigo/recibo',
      validate('param', paymentCodeParams),
      validate('query', receiptQuery),
      async (c) => {
        const code = c.req.valid('param').codigo;
        const given = c.req.valid('query').chave;
        const expected = receiptKey(code);
        const [row] =
          given.length === expected.length && given === expected
            ? await db
                .select({ id: t.payments.id })
                .from(t.payments)
                .where(eq(t.payments.code, code))
            : [];
        if (!row) throw notFound('pay.notFound');
        return c.json(await loadPaymentResponse(db, row.id));
      },
    )
    .get(
      '/usuario/:userId/doacao-recorrente',
      validate('param', userChurchParams),
      validate('query', churchQuery),
      async (c) => {
        const { userId } = c.req.valid('param');
        const churchId = c.req.valid('query').igreja;
        const { user } = await requireMember(db, c, churchId);
        requireSelf(c, user, userId);
        const rows = await db
          .select()
          .from(t.recurringGifts)
          .where(and(eq(t.recurringGifts.churchId, churchId), eq(t.recurringGifts.userId, userId)))
          .orderBy(asc(t.recurringGifts.id));
        return c.json({ doacoesRecorrentes: await recurringWire(churchId, rows) });
      },
    )
    .put(
      '/usuario/:userId/doacao-recorrente/:id',
      validate('param', recurringParams),
      validate('json', recurringUpdateSchema),
      async (c) => {
        const { userId, id } = c.req.valid('param');
        const user = await requireUser(db, c);
        requireSelf(c, user, userId);
        const gift = await ownGift(c, userId, id);
        if (gift.status === 'cancelada') throw giveError(409, 'give.recurringCanceled');
        const body = c.req.valid('json');
        const changes: Partial<typeof t.recurringGifts.$inferInsert> = { updatedAt: new Date() };
        if (body.valor !== undefined) {
          const settings = await givingSettingsOf(db, gift.churchId);
          const cents = Math.round(body.valor * 100);
          if (cents <= (settings?.minimumCents ?? 0)) throw giveError(400, 'give.minimum', 'valor');
          changes.amountCents = cents;
        }
        if (body.motivo !== undefined) {
          const [reason] = await db
            .select()
            .from(t.paymentReasons)
            .where(
              and(
                eq(t.paymentReasons.id, body.motivo),
                eq(t.paymentReasons.churchId, gift.churchId),
                eq(t.paymentReasons.active, true),
                eq(t.paymentReasons.forGiving, true),
              ),
            );
          if (!reason) throw giveError(400, 'give.reasonNotFound', 'motivo');
          if (!reason.recurrenceAllowed)
            throw giveError(422, 'give.recurrenceNotAllowed', 'motivo');
          changes.reasonId = reason.id;
        }
        if (body.recorrenciaDias !== undefined) changes.days = body.recorrenciaDias;
        if (body.proximaCobranca !== undefined) {
          const day = body.proximaCobranca;
          if (Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || day < dayOf(new Date()))
            throw giveError(400, 'give.pastDate', 'proximaCobranca');
          changes.nextOccurrence = day;
          changes.nextChargeAt = chargeTimeOf(day);
          changes.failedTries = 0;
        }
        if (body.idCartao !== undefined) {
          const [card] = await db
            .select({ id: t.savedCards.id })
            .from(t.savedCards)
            .where(
              and(
                eq(t.savedCards.id, body.idCartao),
                eq(t.savedCards.userId, userId),
                eq(t.savedCards.churchId, gift.churchId),
              ),
            );
          if (!card) throw fieldProblem(404, 'idCartao', 'pay.cardNotFound');
          changes.cardId = card.id;
        }
        const [row] = await db
          .update(t.recurringGifts)
          .set(changes)
          .where(
            and(eq(t.recurringGifts.id, gift.id), eq(t.recurringGifts.churchId, gift.churchId)),
          )
          .returning();
        return c.json({ doacaoRecorrente: (await recurringWire(gift.churchId, [row!]))[0]! });
      },
    )
    .post(
      '/usuario/:userId/doacao-recorrente/:id/:acao',
      validate('param', recurringActionParams),
      async (c) => {
        const { userId, id, acao } = c.req.valid('param');
        const user = await requireUser(db, c);
        requireSelf(c, user, userId);
        const gift = await ownGift(c, userId, id);
        const from =
          acao === 'pausar' ? ['ativa'] : acao === 'retomar' ? ['pausada'] : ['ativa', 'pausada'];
        if (!from.includes(gift.status)) throw giveError(409, 'give.recurringAction');
        const now = new Date();
        const changes: Partial<typeof t.recurringGifts.$inferInsert> = {
          updatedAt: now,
          status: acao === 'pausar' ? 'pausada' : acao === 'retomar' ? 'ativa' : 'cancelada',
        };
        if (acao === 'retomar') {
          // Resuming never charges for the time it was paused: the next occurrence is today or later.
          const today = dayOf(now);
          const next = gift.nextOccurrence < today ? today : gift.nextOccurrence;
          Object.assign(changes, {
            nextOccurrence: next,
            nextChargeAt: next === today ? now : chargeTimeOf(next),
            failedTries: 0,
          });
        }
        const [row] = await db
          .update(t.recurringGifts)
          .set(changes)
          .where(
            and(
              eq(t.recurringGifts.id, gift.id),
              eq(t.recurringGifts.churchId, gift.churchId),
              inArray(t.recurringGifts.status, from as never[]),
            ),
          )
          .returning();
        if (!row) throw giveError(409, 'give.recurringAction');
        return c.json({ doacaoRecorrente: (await recurringWire(gift.churchId, [row]))[0]! });
      },
    )
    .get(
      '/usuario/:userId/doacao/extrato',
      validate('param', userChurchParams),
      validate('query', statementQuery),
      async (c) => {
        const { userId } = c.req.valid('param');
        const { igreja, ano } = c.req.valid('query');
        const { user } = await requireMember(db, c, igreja);
        requireSelf(c, user, userId);
        const church = await churchById(db, c, igreja);
        const [full] = await db.select().from(t.churches).where(eq(t.churches.id, church.id));
        const [me] = await db.select().from(t.users).where(eq(t.users.id, userId));
        const list = await gifts(church.id, userId, ano, true);
        const totals = new Map<string, number>();
        for (const g of list)
          for (const l of g.itens)
            totals.set(l.motivo, Math.round(((totals.get(l.motivo) ?? 0) + l.valor) * 100) / 100);
        return c.json({
          ano,
          igreja: { nome: full!.name, cidade: full!.city, documento: null },
          doador: {
            nome: [me!.firstName, me!.lastName].filter(Boolean).join(' '),
            email: me!.email,
            cpf: me!.cpf,
          },
          moeda: (await givingChurch(db, church.id))?.currency ?? 'BRL',
          doacoes: list,
          totaisPorMotivo: [...totals].map(([motivo, valor]) => ({ motivo, valor })),
          total: Math.round(list.reduce((s, g) => s + g.valor, 0) * 100) / 100,
          emitidoEm: new Date().toISOString(),
        });
      },
    )
    .get(
      '/usuario/:userId/doacao',
      validate('param', userChurchParams),
      validate('query', historyQuery),
      async (c) => {
        const { userId } = c.req.valid('param');
        const { igreja, ano } = c.req.valid('query');
        const { user } = await requireMember(db, c, igreja);
        requireSelf(c, user, userId);
        return c.json({ doacoes: await gifts(igreja, userId, ano) });
      },
    );
}

export { addDays };
