// Giving reads and the account's recurring gifts (spec §5 giving, spec §7 "Fees, payment and
// giving"): the reasons and options of the give page, a member's gifts and yearly statement, and
// the rules for changing, pausing, resuming and cancelling a recurring gift. The gift itself is
// ./give.ts through the payment pipeline.
import { churchToday } from '../../common/time-zone.ts';
import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Gift,
  RecurringGift,
  recurringActionParams,
  recurringUpdateSchema,
} from '../../contract/giving.ts';
import type { PaymentMethodCode } from '../../contract/payments.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem } from '../http/errors.ts';
import { toMoney } from '../payments/money.ts';
import { chargeTimeOf, givingChurch, givingSettingsOf } from './donation.ts';
import { yearRange } from './giving-clock.ts';
import { churchZone } from '../church/church-clock.ts';
import { isPortugueseChurch } from '../../contract/language.ts';
import { chargeableNow } from '../payments/payments.service.ts';
import { confirmationOf } from './recurring.ts';

type RecurringRow = typeof t.recurringGifts.$inferSelect;

/** The give page's reasons (all, or only those for giving) and the church's giving options. */
export async function givingOptions(
  db: Database,
  church: { id: number; locale: string },
  giving: boolean | undefined,
) {
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
      and(eq(t.churchPaymentMethods.churchId, church.id), eq(t.churchPaymentMethods.active, true)),
    )
    .orderBy(asc(t.churchPaymentMethods.position));
  return {
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
    // A visitor gives by card too (a token of no user, the captcha before the charge).
    metodosVisitante: methods
      .map((m) => m.code)
      .filter((code): code is PaymentMethodCode => code !== 'gratuito'),
    moeda: full?.currency ?? 'BRL',
  };
}

/** The payment of a visitor's receipt link, when its key matches the code. */
export async function receiptPaymentId(
  db: Database,
  code: string,
  given: string,
  expected: string,
): Promise<number | null> {
  if (given.length !== expected.length || given !== expected) return null;
  const [row] = await db
    .select({ id: t.payments.id })
    .from(t.payments)
    .where(eq(t.payments.code, code));
  return row?.id ?? null;
}

/** A recurring gift of the user (any church; the route checks the membership), or 404. */
export async function ownGift(db: Database, userId: number, id: number): Promise<RecurringRow> {
  const [row] = await db
    .select()
    .from(t.recurringGifts)
    .where(and(eq(t.recurringGifts.id, id), eq(t.recurringGifts.userId, userId)));
  if (!row) throw new ApiProblem(404, 'give.recurringNotFound');
  return row;
}

async function recurringWire(
  db: Database,
  churchId: number,
  rows: RecurringRow[],
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
  const confirmations = await Promise.all(rows.map((r) => confirmationOf(db, r)));
  return rows.map((r, i) => {
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
      confirmacaoPendente: confirmations[i]!.needed,
      dataCadastro: r.createdAt.toISOString(),
    };
  });
}

export async function recurringGiftsOf(
  db: Database,
  churchId: number,
  userId: number,
): Promise<RecurringGift[]> {
  const rows = await db
    .select()
    .from(t.recurringGifts)
    .where(and(eq(t.recurringGifts.churchId, churchId), eq(t.recurringGifts.userId, userId)))
    .orderBy(asc(t.recurringGifts.id));
  return recurringWire(db, churchId, rows);
}

/** The donor's changes to a recurring gift, each checked against the church's giving rules. */
export async function updateRecurringGift(
  db: Database,
  gift: RecurringRow,
  userId: number,
  body: z.output<typeof recurringUpdateSchema>,
): Promise<RecurringGift> {
  if (gift.status === 'cancelada') throw new ApiProblem(409, 'give.recurringCanceled');
  const changes: Partial<typeof t.recurringGifts.$inferInsert> = { updatedAt: new Date() };
  if (body.valor !== undefined) {
    const settings = await givingSettingsOf(db, gift.churchId);
    const cents = Math.round(body.valor * 100);
    if (cents <= (settings?.minimumCents ?? 0)) throw fieldProblem(400, 'valor', 'give.minimum');
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
    if (!reason) throw fieldProblem(400, 'motivo', 'give.reasonNotFound');
    if (!reason.recurrenceAllowed) throw fieldProblem(422, 'motivo', 'give.recurrenceNotAllowed');
    changes.reasonId = reason.id;
  }
  if (body.recorrenciaDias !== undefined) changes.days = body.recorrenciaDias;
  if (body.proximaCobranca !== undefined) {
    const day = body.proximaCobranca;
    // "today" is the church's day (docs/giving.md "Which clock")
    const zone = await churchZone(db, gift.churchId);
    const today = churchToday(zone);
    if (Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || day < today)
      throw fieldProblem(400, 'proximaCobranca', 'give.pastDate');
    changes.nextOccurrence = day;
    changes.nextChargeAt = chargeTimeOf(day, zone);
    changes.failedTries = 0;
  }
  if (body.idCartao !== undefined) {
    const [card] = await db
      .select({ id: t.savedCards.id, gatewayId: t.savedCards.gatewayId, mode: t.savedCards.mode })
      .from(t.savedCards)
      .where(
        and(
          eq(t.savedCards.id, body.idCartao),
          eq(t.savedCards.userId, userId),
          eq(t.savedCards.churchId, gift.churchId),
        ),
      );
    if (!card) throw fieldProblem(404, 'idCartao', 'pay.cardNotFound');
    // the gift's next charge goes to the church's card gateway as it is now (docs/payments.md "Saved cards")
    if (!(await chargeableNow(db, gift.churchId, card)))
      throw fieldProblem(422, 'idCartao', 'pay.cardOtherGateway');
    changes.cardId = card.id;
  }
  const [row] = await db
    .update(t.recurringGifts)
    .set(changes)
    .where(and(eq(t.recurringGifts.id, gift.id), eq(t.recurringGifts.churchId, gift.churchId)))
    .returning();
  return (await recurringWire(db, gift.churchId, [row!]))[0]!;
}

/** Pause, resume or cancel; a 409 when the gift is not in a state the action applies to. */
export async function actOnRecurringGift(
  db: Database,
  gift: RecurringRow,
  acao: z.output<typeof recurringActionParams>['acao'],
): Promise<RecurringGift> {
  const from =
    acao === 'pausar' ? ['ativa'] : acao === 'retomar' ? ['pausada'] : ['ativa', 'pausada'];
  if (!from.includes(gift.status)) throw new ApiProblem(409, 'give.recurringAction');
  const now = new Date();
  const changes: Partial<typeof t.recurringGifts.$inferInsert> = {
    updatedAt: now,
    status: acao === 'pausar' ? 'pausada' : acao === 'retomar' ? 'ativa' : 'cancelada',
  };
  if (acao === 'retomar') {
    // Resuming never charges for the time it was paused: the next occurrence is today or later.
    const zone = await churchZone(db, gift.churchId);
    const today = churchToday(zone, now);
    const next = gift.nextOccurrence < today ? today : gift.nextOccurrence;
    Object.assign(changes, {
      nextOccurrence: next,
      nextChargeAt: next === today ? now : chargeTimeOf(next, zone),
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
  if (!row) throw new ApiProblem(409, 'give.recurringAction');
  return (await recurringWire(db, gift.churchId, [row]))[0]!;
}

/** A member's gifts of a church, newest first, with their lines. */
export async function giftsOf(
  db: Database,
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
  if (year) {
    // the church's year (docs/giving.md "Which clock"): 31 December at 23:30 in Brasília is that year's
    const [from, to] = yearRange(await churchZone(db, churchId), year);
    filters.push(gte(t.payments.createdAt, from), lt(t.payments.createdAt, to));
  }
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
      .map((l) => ({ idMotivo: l.reasonId, motivo: l.reasonName, valor: toMoney(l.amountCents) })),
    recorrente: r.recurringGiftId !== null,
    // an import's outside gift (docs/staff.md "Moving in", server/imports/gifts.ts)
    importada: r.gatewayReference?.startsWith('import:') ?? false,
    dataCadastro: r.createdAt.toISOString(),
    pagoEm: r.paidAt ? r.paidAt.toISOString() : null,
  }));
}

/** The yearly statement: approved gifts, totals per reason, the church and the donor. */
export async function statementOf(db: Database, churchId: number, userId: number, year: number) {
  const [full] = await db.select().from(t.churches).where(eq(t.churches.id, churchId));
  const [me] = await db.select().from(t.users).where(eq(t.users.id, userId));
  const list = await giftsOf(db, churchId, userId, year, true);
  const totals = new Map<string, number>();
  for (const g of list)
    for (const l of g.itens)
      totals.set(l.motivo, Math.round(((totals.get(l.motivo) ?? 0) + l.valor) * 100) / 100);
  return {
    ano: year,
    igreja: { nome: full!.name, cidade: full!.city, documento: null },
    doador: {
      nome: [me!.firstName, me!.lastName].filter(Boolean).join(' '),
      email: me!.email,
      cpf: me!.cpf,
    },
    moeda: (await givingChurch(db, churchId))?.currency ?? 'BRL',
    doacoes: list,
    totaisPorMotivo: [...totals].map(([motivo, valor]) => ({ motivo, valor })),
    total: Math.round(list.reduce((s, g) => s + g.valor, 0) * 100) / 100,
    emitidoEm: new Date().toISOString(),
    fusoHorario: await churchZone(db, churchId),
  };
}
