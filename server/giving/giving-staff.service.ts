// The treasurer's giving (docs/staff.md "Giving"): reasons and settings that /give reads at once,
// the gifts list, its totals and its CSV built from one filter (so the three always add up),
// refunds through the payment pipeline's release, recurring gifts, and the yearly statement batch.
import type { z } from 'zod';
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type {
  GiftFilters,
  GivingSettingsInput,
  GivingSummary,
  StaffGiftsPage,
  StaffReason,
  StaffReasons,
  StaffRecurringPage,
  StatementBatch,
} from '../../contract/giving-staff.ts';
import { STAFF_GIFTS_PAGE_SIZE, type reasonInput } from '../../contract/giving-staff.ts';
import { message } from '../../contract/messages/index.ts';
import { messageLangOfLocale, type MessageLang } from '../../contract/messages/lang.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { amount, csvDocument, paymentMethodWord, paymentStatusWord } from '../http/csv.ts';
import { ApiProblem, notFound } from '../http/errors.ts';
import { eachClaimed, type ClaimOptions } from '../jobs/claim.ts';
import type { Mail } from '../mail/outbox.ts';
import { releasePayments } from '../payments/expiry.ts';
import { refundAtGateway } from '../payments/live.ts';
import { toMoney } from '../payments/money.ts';
import type { StaffWriteDeps } from '../staff/write.ts';
import { staffWrite } from '../staff/write.ts';
import type { StaffActor } from '../staff/audit.ts';
import { givingChurch } from './donation.ts';

const DAY = 86_400_000;
const cents = (v: number) => Math.round(v * 100);
const num = (v: unknown) => Number(v ?? 0);

async function currencyOf(db: Database, churchId: number): Promise<string> {
  return (await givingChurch(db, churchId))?.currency ?? 'BRL';
}

// ---- reasons and settings ----

const reasonWire = (r: typeof t.paymentReasons.$inferSelect): StaffReason => ({
  id: r.id,
  nome: r.name,
  descricao: r.description,
  flagRecorrencia: r.recurrenceAllowed,
  flagAtivo: r.active,
  ordem: r.position,
});

export async function listReasons(db: Database, churchId: number): Promise<StaffReasons> {
  const rows = await db
    .select()
    .from(t.paymentReasons)
    .where(and(eq(t.paymentReasons.churchId, churchId), eq(t.paymentReasons.forGiving, true)))
    .orderBy(asc(t.paymentReasons.position), asc(t.paymentReasons.id));
  const [settings] = await db
    .select()
    .from(t.givingSettings)
    .where(eq(t.givingSettings.churchId, churchId));
  return {
    motivos: rows.map(reasonWire),
    configuracao: {
      valorMinimo: toMoney(settings?.minimumCents ?? 0),
      flagDoacaoOnline: settings?.online ?? false,
      flagVisitante: settings?.visitors ?? false,
      flagRecorrencia: settings?.recurrence ?? true,
    },
    moeda: await currencyOf(db, churchId),
  };
}

type ReasonValues = z.output<typeof reasonInput>;

export async function createReason(
  deps: StaffWriteDeps,
  actor: StaffActor,
  body: ReasonValues,
): Promise<StaffReason> {
  return staffWrite(
    deps,
    actor,
    (r: StaffReason) => ({
      action: 'giving.reason.create',
      kind: 'motivo',
      targetId: r.id,
      summary: r.nome,
    }),
    async (tx) => {
      const [last] = await tx
        .select({ max: sql<number>`coalesce(max(${t.paymentReasons.position}), -1)` })
        .from(t.paymentReasons)
        .where(eq(t.paymentReasons.churchId, actor.churchId));
      const [row] = await tx
        .insert(t.paymentReasons)
        .values({
          churchId: actor.churchId,
          name: body.nome,
          description: body.descricao,
          recurrenceAllowed: body.flagRecorrencia,
          active: body.flagAtivo,
          forGiving: true,
          position: num(last?.max) + 1,
        })
        .returning();
      return reasonWire(row!);
    },
  );
}

export async function updateReason(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  body: ReasonValues,
): Promise<StaffReason> {
  return staffWrite(
    deps,
    actor,
    { action: 'giving.reason.update', kind: 'motivo', targetId: id, summary: body.nome },
    async (tx) => {
      const [row] = await tx
        .update(t.paymentReasons)
        .set({
          name: body.nome,
          description: body.descricao,
          recurrenceAllowed: body.flagRecorrencia,
          active: body.flagAtivo,
        })
        .where(and(eq(t.paymentReasons.id, id), eq(t.paymentReasons.churchId, actor.churchId)))
        .returning();
      if (!row) throw notFound('staff.giving.reasonNotFound');
      return reasonWire(row);
    },
  );
}

/**
 * Merges a reason into another of the church (docs/staff.md "Giving"): its gift lines and
 * recurring gifts move to the other, named as it, and the reason goes. Audited; purges /give.
 */
export async function mergeReason(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  into: number,
): Promise<StaffReason> {
  if (id === into)
    throw new ApiProblem(400, 'staff.giving.mergeSelf', { destino: ['staff.giving.mergeSelf'] });
  return staffWrite(
    deps,
    actor,
    (r: StaffReason) => ({
      action: 'giving.reason.merge',
      kind: 'motivo',
      targetId: r.id,
      summary: `#${id} → ${r.nome}`,
    }),
    async (tx) => {
      const rows = await tx
        .select()
        .from(t.paymentReasons)
        .where(
          and(
            eq(t.paymentReasons.churchId, actor.churchId),
            eq(t.paymentReasons.forGiving, true),
            inArray(t.paymentReasons.id, [id, into]),
          ),
        );
      const target = rows.find((r) => r.id === into);
      if (!rows.some((r) => r.id === id) || !target) throw notFound('staff.giving.reasonNotFound');
      await tx
        .update(t.paymentLines)
        .set({ reasonId: into, reasonName: target.name })
        .where(and(eq(t.paymentLines.churchId, actor.churchId), eq(t.paymentLines.reasonId, id)));
      await tx
        .update(t.recurringGifts)
        .set({ reasonId: into })
        .where(
          and(eq(t.recurringGifts.churchId, actor.churchId), eq(t.recurringGifts.reasonId, id)),
        );
      await tx
        .delete(t.paymentReasons)
        .where(and(eq(t.paymentReasons.churchId, actor.churchId), eq(t.paymentReasons.id, id)));
      return reasonWire(target);
    },
  );
}

export async function reorderReasons(
  deps: StaffWriteDeps,
  actor: StaffActor,
  ids: number[],
): Promise<StaffReason[]> {
  return staffWrite(
    deps,
    actor,
    { action: 'giving.reason.order', kind: 'motivo', summary: ids.join(', ') },
    async (tx) => {
      const rows = await tx
        .select({ id: t.paymentReasons.id })
        .from(t.paymentReasons)
        .where(
          and(eq(t.paymentReasons.churchId, actor.churchId), eq(t.paymentReasons.forGiving, true)),
        );
      const have = new Set(rows.map((r) => r.id));
      if (
        new Set(ids).size !== ids.length ||
        ids.length !== have.size ||
        ids.some((i) => !have.has(i))
      )
        throw new ApiProblem(400, 'staff.giving.orderMismatch');
      for (const [position, id] of ids.entries())
        await tx
          .update(t.paymentReasons)
          .set({ position })
          .where(and(eq(t.paymentReasons.id, id), eq(t.paymentReasons.churchId, actor.churchId)));
      return (
        await tx
          .select()
          .from(t.paymentReasons)
          .where(
            and(
              eq(t.paymentReasons.churchId, actor.churchId),
              eq(t.paymentReasons.forGiving, true),
            ),
          )
          .orderBy(asc(t.paymentReasons.position), asc(t.paymentReasons.id))
      ).map(reasonWire);
    },
  );
}

export async function updateGivingSettings(
  deps: StaffWriteDeps,
  actor: StaffActor,
  body: GivingSettingsInput,
): Promise<StaffReasons['configuracao']> {
  await staffWrite(
    deps,
    actor,
    {
      action: 'giving.settings',
      kind: 'doacao_configuracao',
      summary: `min ${body.valorMinimo}`,
      details: { ...body },
    },
    async (tx) => {
      const values = {
        minimumCents: cents(body.valorMinimo),
        online: body.flagDoacaoOnline,
        visitors: body.flagVisitante,
        recurrence: body.flagRecorrencia,
      };
      await tx
        .insert(t.givingSettings)
        .values({ churchId: actor.churchId, ...values })
        .onConflictDoUpdate({ target: t.givingSettings.churchId, set: values });
    },
  );
  return (await listReasons(deps.db, actor.churchId)).configuracao;
}

// ---- gifts: one filter for the list, the totals and the CSV ----

/** The gifts (payments of kind doacao) the filters match. */
function giftWhere(churchId: number, f: GiftFilters): SQL | undefined {
  return and(
    eq(t.payments.churchId, churchId),
    eq(t.payments.kind, 'doacao'),
    f.status ? eq(t.payments.status, f.status) : undefined,
    f.metodo ? eq(t.payments.method, f.metodo) : undefined,
    f.de ? gte(t.payments.createdAt, new Date(`${f.de}T00:00:00Z`)) : undefined,
    f.ate ? lt(t.payments.createdAt, new Date(Date.parse(`${f.ate}T00:00:00Z`) + DAY)) : undefined,
  );
}

/** The lines that count: of the filtered gifts, and of the reason when one is chosen. */
const lineJoin = (f: GiftFilters) =>
  and(
    eq(t.paymentLines.paymentId, t.payments.id),
    f.motivo ? eq(t.paymentLines.reasonId, f.motivo) : undefined,
  );

const giverName = (row: {
  first: string | null;
  last: string | null;
  donorName: string | null;
}): string => [row.first, row.last].filter(Boolean).join(' ') || row.donorName || '—';

interface GiftRow {
  id: number;
  code: string;
  createdAt: Date;
  userId: number | null;
  first: string | null;
  last: string | null;
  email: string | null;
  donorName: string | null;
  donorEmail: string | null;
  method: string;
  status: StaffGiftsPage['doacoes'][number]['status'];
  recurringGiftId: number | null;
  reference: string | null;
  amount: string;
}

function giftRows(db: Database, churchId: number, f: GiftFilters) {
  return db
    .select({
      id: t.payments.id,
      code: t.payments.code,
      createdAt: t.payments.createdAt,
      userId: t.payments.userId,
      first: t.users.firstName,
      last: t.users.lastName,
      email: t.users.email,
      donorName: t.payments.donorName,
      donorEmail: t.payments.donorEmail,
      method: t.payments.method,
      status: t.payments.status,
      recurringGiftId: t.payments.recurringGiftId,
      reference: t.payments.gatewayReference,
      amount: sql<string>`sum(${t.paymentLines.amountCents})::bigint`,
    })
    .from(t.payments)
    .innerJoin(t.paymentLines, lineJoin(f))
    .leftJoin(t.users, eq(t.users.id, t.payments.userId))
    .where(giftWhere(churchId, f))
    .groupBy(t.payments.id, t.users.id)
    .orderBy(desc(t.payments.createdAt), desc(t.payments.id))
    .$dynamic();
}

async function totalsOf(db: Database, churchId: number, f: GiftFilters) {
  const [row] = await db
    .select({
      n: sql<string>`count(distinct ${t.payments.id})`,
      sum: sql<string>`coalesce(sum(${t.paymentLines.amountCents}), 0)::bigint`,
    })
    .from(t.payments)
    .innerJoin(t.paymentLines, lineJoin(f))
    .where(giftWhere(churchId, f));
  return { n: num(row?.n), sumCents: num(row?.sum) };
}

export async function listGifts(
  db: Database,
  churchId: number,
  f: GiftFilters,
  page: number,
): Promise<StaffGiftsPage> {
  const [rows, totals, moeda] = await Promise.all([
    giftRows(db, churchId, f)
      .limit(STAFF_GIFTS_PAGE_SIZE)
      .offset((page - 1) * STAFF_GIFTS_PAGE_SIZE),
    totalsOf(db, churchId, f),
    currencyOf(db, churchId),
  ]);
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
  return {
    doacoes: (rows as GiftRow[]).map((r) => ({
      id: r.id,
      codigo: r.code,
      data: r.createdAt.toISOString(),
      doador: { id: r.userId, nome: giverName(r), email: r.email ?? r.donorEmail },
      metodo: r.method,
      status: r.status,
      valor: toMoney(num(r.amount)),
      itens: lines
        .filter((l) => l.paymentId === r.id)
        .map((l) => ({
          idMotivo: l.reasonId,
          motivo: l.reasonName,
          valor: toMoney(l.amountCents),
        })),
      recorrente: r.recurringGiftId !== null,
      // an import's outside gift (docs/staff.md "Moving in"): labelled, and refunds refuse it
      importada: !!r.reference?.startsWith('import:'),
      estornavel: r.status === 'aprovado' && !r.reference?.startsWith('import:'),
    })),
    total: totals.n,
    page,
    totalPages: Math.max(1, Math.ceil(totals.n / STAFF_GIFTS_PAGE_SIZE)),
    soma: toMoney(totals.sumCents),
    moeda,
  };
}

/** More periods than a chart can show one by one (a range of a century): the periods with gifts only. */
const MAX_PERIODS = 1200;

/** The period after `key` (`YYYY-MM-DD` or `YYYY-MM`). */
function nextPeriod(key: string, grouping: 'dia' | 'mes'): string {
  if (grouping === 'dia')
    return new Date(Date.parse(`${key}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
  const [year, month] = key.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/**
 * Every period of the range, 0 where no gift fell, so the chart's time runs evenly (a month
 * without gifts is a bar of 0, never left out): from the filter's first day (or the first gift)
 * to its last day (or the last gift).
 */
export function everyPeriod(
  rows: { periodo: string; valor: number }[],
  grouping: 'dia' | 'mes',
  from?: string,
  to?: string,
): { periodo: string; valor: number }[] {
  const keyOf = (day: string) => (grouping === 'dia' ? day : day.slice(0, 7));
  const first = rows[0]?.periodo;
  const last = rows.at(-1)?.periodo;
  let start = from ? keyOf(from) : first;
  let end = to ? keyOf(to) : last;
  if (!start || !end) return rows;
  if (first && first < start) start = first;
  if (last && last > end) end = last;
  const byKey = new Map(rows.map((r) => [r.periodo, r.valor]));
  const out: { periodo: string; valor: number }[] = [];
  for (let key = start; key <= end; key = nextPeriod(key, grouping)) {
    if (out.length === MAX_PERIODS) return rows;
    out.push({ periodo: key, valor: byKey.get(key) ?? 0 });
  }
  return out;
}

/** Totals by period (days up to two months, months beyond), reason and method of the same gifts. */
export async function givingSummary(
  db: Database,
  churchId: number,
  f: GiftFilters,
): Promise<GivingSummary> {
  const span = f.de && f.ate ? Date.parse(f.ate) - Date.parse(f.de) : Infinity;
  const agrupamento = span <= 62 * DAY ? 'dia' : 'mes';
  const period = sql<string>`to_char(${t.payments.createdAt} at time zone 'UTC', ${sql.raw(agrupamento === 'dia' ? `'YYYY-MM-DD'` : `'YYYY-MM'`)})`;
  const sum = sql<string>`sum(${t.paymentLines.amountCents})::bigint`;
  const [totals, byPeriod, byReason, byMethod, moeda] = await Promise.all([
    totalsOf(db, churchId, f),
    db
      .select({ key: period, sum })
      .from(t.payments)
      .innerJoin(t.paymentLines, lineJoin(f))
      .where(giftWhere(churchId, f))
      .groupBy(period)
      .orderBy(period),
    db
      .select({
        id: t.paymentLines.reasonId,
        name: sql<string>`coalesce(max(${t.paymentReasons.name}), max(${t.paymentLines.reasonName}))`,
        sum,
      })
      .from(t.payments)
      .innerJoin(t.paymentLines, lineJoin(f))
      .leftJoin(t.paymentReasons, eq(t.paymentReasons.id, t.paymentLines.reasonId))
      .where(giftWhere(churchId, f))
      .groupBy(t.paymentLines.reasonId)
      .orderBy(desc(sum)),
    db
      .select({ method: t.payments.method, sum })
      .from(t.payments)
      .innerJoin(t.paymentLines, lineJoin(f))
      .where(giftWhere(churchId, f))
      .groupBy(t.payments.method)
      .orderBy(desc(sum)),
    currencyOf(db, churchId),
  ]);
  return {
    total: toMoney(totals.sumCents),
    quantidade: totals.n,
    moeda,
    agrupamento,
    porPeriodo: everyPeriod(
      byPeriod.map((r) => ({ periodo: r.key, valor: toMoney(num(r.sum)) })),
      agrupamento,
      f.de,
      f.ate,
    ),
    porMotivo: byReason.map((r) => ({ id: r.id, nome: r.name, valor: toMoney(num(r.sum)) })),
    porMetodo: byMethod.map((r) => ({ metodo: r.method, valor: toMoney(num(r.sum)) })),
  };
}

const CSV_HEAD: Record<MessageLang, string[]> = {
  pt: ['Data', 'Pedido', 'Doador', 'E-mail', 'Forma de pagamento', 'Situação', 'Motivos', 'Valor'],
  en: ['Date', 'Order', 'Giver', 'E-mail', 'Method', 'Status', 'Reasons', 'Amount'],
  es: [
    'Fecha',
    'Pedido',
    'Donante',
    'Correo electrónico',
    'Medio de pago',
    'Estado',
    'Motivos',
    'Valor',
  ],
};

/** Every gift the filters match as a CSV of the one rule (server/http/csv.ts). */
export async function giftsCsv(
  db: Database,
  churchId: number,
  f: GiftFilters,
  lang: MessageLang,
): Promise<string> {
  const rows = (await giftRows(db, churchId, f).limit(100_000)) as GiftRow[];
  const lines = rows.length
    ? await db
        .select({
          paymentId: t.paymentLines.paymentId,
          reasonName: t.paymentLines.reasonName,
          reasonId: t.paymentLines.reasonId,
        })
        .from(t.paymentLines)
        .where(eq(t.paymentLines.churchId, churchId))
    : [];
  const reasonsOf = new Map<number, string[]>();
  for (const l of lines) {
    if (f.motivo && l.reasonId !== f.motivo) continue;
    const list = reasonsOf.get(l.paymentId) ?? [];
    if (!list.includes(l.reasonName)) list.push(l.reasonName);
    reasonsOf.set(l.paymentId, list);
  }
  return csvDocument(
    lang,
    CSV_HEAD[lang],
    rows.map((r) => [
      r.createdAt.toISOString().slice(0, 10),
      r.code,
      giverName(r),
      r.email ?? r.donorEmail ?? '',
      paymentMethodWord(r.method, lang),
      paymentStatusWord(r.status, lang),
      (reasonsOf.get(r.id) ?? []).join(' + '),
      amount(num(r.amount) / 100),
    ]),
  );
}

/** Refunds an approved gift: the pipeline's release marks it `estornado` (docs/giving.md). */
export async function refundGift(
  deps: StaffWriteDeps,
  actor: StaffActor,
  code: string,
): Promise<void> {
  const [gift] = await deps.db
    .select({
      id: t.payments.id,
      status: t.payments.status,
      total: t.payments.totalCents,
      reference: t.payments.gatewayReference,
    })
    .from(t.payments)
    .where(
      and(
        eq(t.payments.code, code),
        eq(t.payments.churchId, actor.churchId),
        eq(t.payments.kind, 'doacao'),
      ),
    );
  if (!gift) throw notFound('staff.giving.giftNotFound');
  if (gift.status !== 'aprovado') throw new ApiProblem(409, 'staff.giving.notRefundable');
  // an outside gift brought by an import (docs/staff.md "Moving in") was never charged here
  if (gift.reference?.startsWith('import:'))
    throw new ApiProblem(409, 'staff.giving.notRefundable');
  // A live gateway gives the money back first; its idempotency key makes a second click harmless (docs/payments.md).
  await refundAtGateway(deps.db, gift.id).catch(() => {
    throw new ApiProblem(503, 'pay.refundFailed');
  });
  await staffWrite(
    deps,
    actor,
    {
      action: 'giving.refund',
      kind: 'doacao',
      targetId: code,
      summary: `${code} ${toMoney(gift.total)}`,
    },
    async (tx) => {
      // Only an approved gift moves, so two clicks or two treasurers refund it once.
      const [still] = await tx
        .update(t.payments)
        .set({ updatedAt: new Date() })
        .where(and(eq(t.payments.id, gift.id), eq(t.payments.status, 'aprovado')))
        .returning({ id: t.payments.id });
      if (!still) throw new ApiProblem(409, 'staff.giving.notRefundable');
      await releasePayments(tx, [gift.id], 'estornado');
    },
    { purge: false },
  );
}

// ---- recurring gifts ----

export async function listRecurring(
  db: Database,
  churchId: number,
  estado: StaffRecurringPage['recorrentes'][number]['estado'] | undefined,
  page: number,
): Promise<StaffRecurringPage> {
  const where = and(
    eq(t.recurringGifts.churchId, churchId),
    estado === 'ativa'
      ? and(eq(t.recurringGifts.status, 'ativa'), eq(t.recurringGifts.failedTries, 0))
      : estado === 'falhando'
        ? and(eq(t.recurringGifts.status, 'ativa'), sql`${t.recurringGifts.failedTries} > 0`)
        : estado
          ? eq(t.recurringGifts.status, estado)
          : undefined,
  );
  const [rows, [total], moeda] = await Promise.all([
    db
      .select({
        gift: t.recurringGifts,
        first: t.users.firstName,
        last: t.users.lastName,
        email: t.users.email,
        reason: t.paymentReasons.name,
      })
      .from(t.recurringGifts)
      .innerJoin(t.users, eq(t.users.id, t.recurringGifts.userId))
      .innerJoin(t.paymentReasons, eq(t.paymentReasons.id, t.recurringGifts.reasonId))
      .where(where)
      .orderBy(asc(t.recurringGifts.nextChargeAt), asc(t.recurringGifts.id))
      .limit(STAFF_GIFTS_PAGE_SIZE)
      .offset((page - 1) * STAFF_GIFTS_PAGE_SIZE),
    db.select({ n: count() }).from(t.recurringGifts).where(where),
    currencyOf(db, churchId),
  ]);
  const n = total?.n ?? 0;
  return {
    recorrentes: rows.map(({ gift: g, ...r }) => ({
      id: g.id,
      doador: {
        id: g.userId,
        nome: [r.first, r.last].filter(Boolean).join(' '),
        email: r.email,
      },
      motivo: r.reason,
      valor: toMoney(g.amountCents),
      recorrenciaDias: g.days,
      estado: g.status === 'ativa' && g.failedTries > 0 ? 'falhando' : g.status,
      proximaCobranca: g.status === 'cancelada' ? null : g.nextOccurrence,
      tentativasFalhas: g.failedTries,
    })),
    total: n,
    page,
    totalPages: Math.max(1, Math.ceil(n / STAFF_GIFTS_PAGE_SIZE)),
    moeda,
  };
}

// ---- the yearly statement batch ----

/** `u:<id>` for a member's gifts, `e:<e-mail>` for a visitor's: who a statement goes to. */
const giverKey = sql<string>`case when ${t.payments.userId} is not null then 'u:' || ${t.payments.userId} else 'e:' || lower(${t.payments.donorEmail}) end`;

const yearGifts = (churchId: number, year: number) =>
  and(
    eq(t.payments.churchId, churchId),
    eq(t.payments.kind, 'doacao'),
    eq(t.payments.status, 'aprovado'),
    gte(t.payments.createdAt, new Date(Date.UTC(year, 0, 1))),
    lt(t.payments.createdAt, new Date(Date.UTC(year + 1, 0, 1))),
    sql`(${t.payments.userId} is not null or ${t.payments.donorEmail} is not null)`,
  );

const batchWire = (b: typeof t.statementBatches.$inferSelect): StatementBatch => ({
  id: b.id,
  ano: b.year,
  status: b.status,
  total: b.total,
  enviados: b.sent,
  criadoEm: b.createdAt.toISOString(),
  concluidoEm: b.finishedAt ? b.finishedAt.toISOString() : null,
});

export async function listBatches(db: Database, churchId: number): Promise<StatementBatch[]> {
  const rows = await db
    .select()
    .from(t.statementBatches)
    .where(eq(t.statementBatches.churchId, churchId))
    .orderBy(desc(t.statementBatches.id))
    .limit(10);
  return rows.map(batchWire);
}

/** Starts sending the year's statements; givers already sent one count as done. */
export async function startBatch(
  deps: StaffWriteDeps,
  actor: StaffActor,
  year: number,
): Promise<StatementBatch> {
  return staffWrite(
    deps,
    actor,
    (b: StatementBatch) => ({
      action: 'giving.statements',
      kind: 'extrato',
      targetId: b.id,
      summary: String(year),
      details: { total: b.total },
    }),
    async (tx) => {
      // One running batch per church and year: the lock on the church's batches decides.
      await tx.execute(sql`select pg_advisory_xact_lock(${7_100_000 + actor.churchId})`);
      const [running] = await tx
        .select({ id: t.statementBatches.id })
        .from(t.statementBatches)
        .where(
          and(
            eq(t.statementBatches.churchId, actor.churchId),
            eq(t.statementBatches.year, year),
            eq(t.statementBatches.status, 'enviando'),
          ),
        );
      if (running) throw new ApiProblem(409, 'staff.giving.batchRunning');
      const [givers] = await tx
        .select({ n: sql<string>`count(distinct ${giverKey})` })
        .from(t.payments)
        .where(yearGifts(actor.churchId, year));
      const total = num(givers?.n);
      if (total === 0) throw new ApiProblem(422, 'staff.giving.noGivers');
      const [sent] = await tx
        .select({ n: count() })
        .from(t.sentStatements)
        .where(and(eq(t.sentStatements.churchId, actor.churchId), eq(t.sentStatements.year, year)));
      const done = Math.min(total, sent?.n ?? 0);
      const [row] = await tx
        .insert(t.statementBatches)
        .values({
          churchId: actor.churchId,
          year,
          total,
          sent: done,
          createdBy: actor.userId,
          status: done >= total ? 'concluido' : 'enviando',
          finishedAt: done >= total ? new Date() : null,
        })
        .returning();
      return batchWire(row!);
    },
    { purge: false },
  );
}

const LOCALE: Record<MessageLang, string> = { pt: 'pt-BR', en: 'en-US', es: 'es' };

/** One giver's statement e-mail: the year's total and one line per reason. */
async function statementMail(
  tx: Tx,
  batch: typeof t.statementBatches.$inferSelect,
  giver: string,
  settings: ClaimOptions['settings'],
): Promise<{ mail: Mail | null; email: string }> {
  const [church] = await tx.select().from(t.churches).where(eq(t.churches.id, batch.churchId));
  const lang = messageLangOfLocale(church!.locale);
  const member = giver.startsWith('u:') ? Number(giver.slice(2)) : null;
  const who = member
    ? eq(t.payments.userId, member)
    : and(
        sql`${t.payments.userId} is null`,
        sql`lower(${t.payments.donorEmail}) = ${giver.slice(2)}`,
      );
  const reasons = await tx
    .select({
      name: t.paymentLines.reasonName,
      sum: sql<string>`sum(${t.paymentLines.amountCents})::bigint`,
    })
    .from(t.payments)
    .innerJoin(t.paymentLines, eq(t.paymentLines.paymentId, t.payments.id))
    .where(and(yearGifts(batch.churchId, batch.year), who))
    .groupBy(t.paymentLines.reasonName)
    .orderBy(t.paymentLines.reasonName);
  let name = '';
  let email = giver.slice(2);
  if (member) {
    const [u] = await tx.select().from(t.users).where(eq(t.users.id, member));
    name = [u?.firstName, u?.lastName].filter(Boolean).join(' ');
    email = u?.email ?? '';
  } else {
    const [p] = await tx
      .select({ name: t.payments.donorName, email: t.payments.donorEmail })
      .from(t.payments)
      .where(and(yearGifts(batch.churchId, batch.year), who))
      .limit(1);
    name = p?.name ?? '';
    email = p?.email ?? email;
  }
  if (!email || email.endsWith('.invalid')) return { mail: null, email: email || '-' };
  const currency =
    (await givingChurch(tx as unknown as Database, batch.churchId))?.currency ?? 'BRL';
  const money = (c: number) =>
    new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency }).format(c / 100);
  const total = reasons.reduce((s, r) => s + num(r.sum), 0);
  const link = `${churchHomeUrl(church!.code, settings)}${member ? `/user/giving/statement?ano=${batch.year}` : '/give'}`;
  const values = {
    name,
    year: batch.year,
    church: church!.name,
    total: money(total),
    lines: reasons.map((r) => `${r.name}: ${money(num(r.sum))}`).join('\n'),
    link,
  };
  const text = message(lang, 'staff.giving.statementBody', values);
  const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return {
    email,
    mail: {
      to: email,
      subject: message(lang, 'staff.giving.statementSubject', values),
      text,
      html: text
        .split('\n\n')
        .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
        .join(''),
      links: [link],
    },
  };
}

/**
 * The job's work: each running batch is claimed row by row (FOR UPDATE SKIP LOCKED), one giver per
 * transaction; the unique (church, year, giver) row is written with the e-mail queued, so however
 * many nodes run it, each giver gets one statement.
 */
export async function sendStatementBatches(db: Database, options: ClaimOptions): Promise<number> {
  const outcomes = await eachClaimed(
    db,
    options,
    async (tx) =>
      (
        await tx
          .select()
          .from(t.statementBatches)
          .where(eq(t.statementBatches.status, 'enviando'))
          .orderBy(asc(t.statementBatches.id))
          .limit(1)
          .for('update', { skipLocked: true })
      )[0],
    async (tx, batch, mails) => {
      const [next] = await tx
        .select({ giver: giverKey })
        .from(t.payments)
        .where(
          and(
            yearGifts(batch.churchId, batch.year),
            sql`not exists (select 1 from ${t.sentStatements} s where s.igreja_id = ${batch.churchId} and s.ano = ${batch.year} and s.doador = ${giverKey})`,
          ),
        )
        .groupBy(giverKey)
        .orderBy(giverKey)
        .limit(1);
      if (!next) {
        await tx
          .update(t.statementBatches)
          .set({ status: 'concluido', finishedAt: new Date() })
          .where(eq(t.statementBatches.id, batch.id));
        return 0;
      }
      const { mail, email } = await statementMail(tx, batch, next.giver, options.settings);
      const [claimed] = await tx
        .insert(t.sentStatements)
        .values({
          churchId: batch.churchId,
          year: batch.year,
          giver: next.giver,
          email,
          batchId: batch.id,
        })
        .onConflictDoNothing()
        .returning({ id: t.sentStatements.id });
      if (!claimed) return 0;
      await tx
        .update(t.statementBatches)
        .set({ sent: sql`least(${t.statementBatches.sent} + 1, ${t.statementBatches.total})` })
        .where(eq(t.statementBatches.id, batch.id));
      if (mail) mails.push(mail);
      return 1;
    },
  );
  return outcomes.reduce<number>((s, n) => s + n, 0);
}
