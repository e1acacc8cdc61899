// The treasurer's gifts (docs/staff.md "Giving"): the list, its totals, the chart and the CSV built
// from one filter (so the four always add up), and refunds through the payment pipeline's release.
import { addDays, churchToday } from '../../common/time-zone.ts';
import { and, asc, desc, eq, exists, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { GiftFilters, GivingSummary, StaffGiftsPage } from '../../contract/giving-staff.ts';
import { STAFF_GIFTS_PAGE_SIZE } from '../../contract/giving-staff.ts';
import { type MessageLang } from '../../contract/messages/lang.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import * as t from '../db/schema/index.ts';
import { amount, csvDocument, paymentMethodWord, paymentStatusWord } from '../http/csv.ts';
import { ApiProblem, notFound } from '../http/errors.ts';
import { releasePayments } from '../payments/expiry.ts';
import { refundAtGateway } from '../payments/live.ts';
import { toMoney } from '../payments/money.ts';
import type { StaffWriteDeps } from '../staff/write.ts';
import { staffWrite } from '../staff/write.ts';
import type { StaffActor } from '../staff/audit.ts';
import { dayStart } from './giving-clock.ts';
import { churchZone } from '../church/church-clock.ts';
import { DAY, num, givingClockOf } from './giving-staff.numbers.ts';

/**
 * The filter's days on the church's clock (`zone`, docs/giving.md "Which clock"): from its first
 * day's start to its last day's end there, so 31 December holds a gift at 23:30 in Brasília.
 */
const dayRange = (f: GiftFilters, zone: string) =>
  and(
    f.de ? gte(t.payments.createdAt, dayStart(zone, f.de)) : undefined,
    f.ate ? lt(t.payments.createdAt, dayStart(zone, addDays(f.ate, 1))) : undefined,
  );

/** The gifts (payments of kind doacao) the filters match; `dates` narrows them to a split's edges. */
function giftWhere(
  churchId: number,
  f: GiftFilters,
  zone: string,
  dates: SQL | undefined = dayRange(f, zone),
) {
  return and(
    eq(t.payments.churchId, churchId),
    eq(t.payments.kind, 'doacao'),
    f.status ? eq(t.payments.status, f.status) : undefined,
    f.metodo ? eq(t.payments.method, f.metodo) : undefined,
    dates,
  );
}

/**
 * The filter's whole months, read from the totals kept per month of the church's clock
 * (`doacao_total`, from `from` to before `to`, either open when the filter is), and its part months
 * at either end, read from the gifts (`edges`, days on that clock); null when no whole month lies
 * inside (docs/performance.md "Staff pages").
 */
function monthSplit(
  f: GiftFilters,
  zone: string,
): { from?: string; to?: string; edges: SQL } | null {
  const end = f.ate ? addDays(f.ate, 1) : undefined;
  const from = f.de
    ? f.de.endsWith('-01')
      ? f.de
      : `${addDays(f.de.slice(0, 8) + '28', 4).slice(0, 8)}01`
    : undefined;
  const to = end ? `${end.slice(0, 8)}01` : undefined;
  if (from && to && from >= to) return null;
  const edge = (a: string, b: string) =>
    a < b
      ? and(
          gte(t.payments.createdAt, dayStart(zone, a)),
          lt(t.payments.createdAt, dayStart(zone, b)),
        )
      : undefined;
  const edges = or(
    f.de && from ? edge(f.de, from) : undefined,
    end && to ? edge(to, end) : undefined,
  );
  return { ...(from ? { from } : {}), ...(to ? { to } : {}), edges: edges ?? sql`false` };
}

/** The kept totals of a split's whole months that the filters match. */
function totalsWhere(churchId: number, f: GiftFilters, split: { from?: string; to?: string }) {
  const kept = t.givingTotals;
  return and(
    eq(kept.churchId, churchId),
    split.from ? gte(kept.month, split.from) : undefined,
    split.to ? lt(kept.month, split.to) : undefined,
    f.motivo ? eq(kept.reasonId, f.motivo) : undefined,
    f.metodo ? eq(kept.method, f.metodo) : undefined,
    f.status ? eq(kept.status, f.status) : undefined,
    ne(kept.gifts, 0),
  );
}

/** A kept row's gifts: each once over all reasons, or those with a line of the chosen reason. */
const keptGifts = (f: GiftFilters) => (f.motivo ? t.givingTotals.gifts : t.givingTotals.giftsOnce);

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

/** A gift's columns with its giver's, and `amount` (its counted lines' sum). */
const giftColumns = (amount: SQL<string>) => ({
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
  amount,
});

const giftOrder = [desc(t.payments.createdAt), desc(t.payments.id)];

/**
 * Every gift the filters match with its giver and the reasons of its counted lines, newest first
 * (the CSV: all of them at once).
 */
function giftRows(db: Database, churchId: number, f: GiftFilters, zone: string) {
  return db
    .select({
      ...giftColumns(sql<string>`sum(${t.paymentLines.amountCents})::bigint`),
      reasons: sql<string | null>`string_agg(distinct ${t.paymentLines.reasonName}, ' + ')`,
    })
    .from(t.payments)
    .innerJoin(t.paymentLines, lineJoin(f))
    .leftJoin(t.users, eq(t.users.id, t.payments.userId))
    .where(giftWhere(churchId, f, zone))
    .groupBy(t.payments.id, t.users.id)
    .orderBy(...giftOrder)
    .$dynamic();
}

/**
 * One page of the same gifts in the same order: walked newest first along the church's gifts
 * (`pagamento_igreja_tipo_data_idx`), each kept when it has a counted line and summed by itself,
 * so a page reads its 25 gifts instead of grouping a year's (docs/performance.md "Staff pages").
 */
function giftPage(db: Database, churchId: number, f: GiftFilters, zone: string, page: number) {
  const counted = db
    .select({ one: sql`1` })
    .from(t.paymentLines)
    .where(lineJoin(f));
  return db
    .select(
      giftColumns(
        sql<string>`(select sum(${t.paymentLines.amountCents}) from ${t.paymentLines} where ${lineJoin(f)})::bigint`,
      ),
    )
    .from(t.payments)
    .leftJoin(t.users, eq(t.users.id, t.payments.userId))
    .where(and(giftWhere(churchId, f, zone), exists(counted)))
    .orderBy(...giftOrder)
    .limit(STAFF_GIFTS_PAGE_SIZE)
    .offset((page - 1) * STAFF_GIFTS_PAGE_SIZE);
}

/** The count and sum of the gifts the filters match: whole months from the kept totals, the rest from the gifts. */
async function totalsOf(db: Database, churchId: number, f: GiftFilters, zone: string) {
  const split = monthSplit(f, zone);
  const [[gifts], [kept]] = await Promise.all([
    db
      .select({
        n: sql<string>`count(distinct ${t.payments.id})`,
        sum: sql<string>`coalesce(sum(${t.paymentLines.amountCents}), 0)::bigint`,
      })
      .from(t.payments)
      .innerJoin(t.paymentLines, lineJoin(f))
      .where(giftWhere(churchId, f, zone, split ? split.edges : dayRange(f, zone))),
    split
      ? db
          .select({
            n: sql<string>`coalesce(sum(${keptGifts(f)}), 0)::bigint`,
            sum: sql<string>`coalesce(sum(${t.givingTotals.amountCents}), 0)::bigint`,
          })
          .from(t.givingTotals)
          .where(totalsWhere(churchId, f, split))
      : [{ n: 0, sum: 0 }],
  ]);
  return { n: num(gifts?.n) + num(kept?.n), sumCents: num(gifts?.sum) + num(kept?.sum) };
}

export async function listGifts(
  db: Database,
  churchId: number,
  f: GiftFilters,
  page: number,
): Promise<StaffGiftsPage> {
  const { currency: moeda, zone } = await givingClockOf(db, churchId);
  const [rows, totals] = await Promise.all([
    giftPage(db, churchId, f, zone, page),
    totalsOf(db, churchId, f, zone),
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
    fusoHorario: zone,
  };
}

/** More periods than a chart can show one by one (a range of a century): the periods with gifts only. */
const MAX_PERIODS = 1200;

/** The period after `key` (`YYYY-MM-DD` or `YYYY-MM`). */
function nextPeriod(key: string, grouping: 'dia' | 'mes'): string {
  if (grouping === 'dia') return addDays(key, 1);
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

interface SummaryRow {
  /** total | periodo | motivo | metodo */
  grupo: string;
  chave: string | null;
  nome: string | null;
  n: unknown;
  soma: unknown;
}

/**
 * Totals by period (days up to two months, months beyond), reason and method of the same gifts, in
 * one statement: the counted lines are read once (a CTE, which PostgreSQL keeps when it is read more
 * than once) and grouped four ways. By month, the whole months come from the kept totals
 * (`doacao_total`) and only the part months at the filter's ends from the lines, so a year reads a
 * few hundred rows instead of its gifts (docs/performance.md "Staff pages").
 */
export async function givingSummary(
  db: Database,
  churchId: number,
  f: GiftFilters,
): Promise<GivingSummary> {
  const span = f.de && f.ate ? Date.parse(f.ate) - Date.parse(f.de) : Infinity;
  const agrupamento = span <= 62 * DAY ? 'dia' : 'mes';
  const [unit, format] =
    agrupamento === 'dia' ? [`'day'`, `'YYYY-MM-DD'`] : [`'month'`, `'YYYY-MM'`];
  const { currency: moeda, zone } = await givingClockOf(db, churchId);
  const split = agrupamento === 'mes' ? monthSplit(f, zone) : null;
  const kept = t.givingTotals;
  const rows = await rowsOf<SummaryRow>(
    db.execute(sql`with linha as (
        select ${t.payments.id} as pagamento, ${t.payments.method} as metodo,
               date_trunc(${sql.raw(unit)}, ${t.payments.createdAt} at time zone ${zone}::text) as periodo,
               ${t.paymentLines.reasonId} as motivo, ${t.paymentLines.reasonName} as motivo_nome,
               ${t.paymentLines.amountCents} as valor
        from ${t.payments} inner join ${t.paymentLines} on ${lineJoin(f)}
        where ${giftWhere(churchId, f, zone, split ? split.edges : dayRange(f, zone))}
      ), guardado as (
        select ${kept.month}::timestamp as periodo, ${kept.reasonId} as motivo, ${kept.method} as metodo,
               ${kept.amountCents} as valor, ${keptGifts(f)} as n
        from ${kept} where ${split ? totalsWhere(churchId, f, split) : sql`false`}
      ), tudo as (
        select periodo, motivo, metodo, valor from linha
        union all select periodo, motivo, metodo, valor from guardado
      )
      select 'total' as grupo, null as chave, null as nome,
             (select count(distinct pagamento) from linha) + (select coalesce(sum(n), 0) from guardado) as n,
             coalesce(sum(valor), 0)::bigint as soma from tudo
      union all
      select 'periodo', to_char(periodo, ${sql.raw(format)}), null, null, sum(valor)::bigint from tudo group by periodo
      union all
      select 'motivo', m.motivo::text,
             coalesce(r.nome, (select max(l.motivo_nome) from linha l where l.motivo = m.motivo)), null, m.soma
        from (select motivo, sum(valor)::bigint as soma from tudo group by motivo) m
        left join ${t.paymentReasons} r on r.id = m.motivo
      union all
      select 'metodo', metodo, null, null, sum(valor)::bigint from tudo group by metodo`),
  );
  const of = (grupo: string) => rows.filter((r) => r.grupo === grupo);
  const total = of('total')[0];
  // the larger first (as the dashboard lists them), ties in a fixed order
  const larger = (a: SummaryRow, b: SummaryRow) =>
    num(b.soma) - num(a.soma) || String(a.chave).localeCompare(String(b.chave));
  return {
    total: toMoney(num(total?.soma)),
    quantidade: num(total?.n),
    moeda,
    agrupamento,
    porPeriodo: everyPeriod(
      of('periodo')
        .map((r) => ({ periodo: String(r.chave), valor: toMoney(num(r.soma)) }))
        .sort((a, b) => (a.periodo < b.periodo ? -1 : a.periodo > b.periodo ? 1 : 0)),
      agrupamento,
      f.de,
      f.ate,
    ),
    porMotivo: of('motivo')
      .sort(larger)
      .map((r) => ({ id: Number(r.chave), nome: String(r.nome), valor: toMoney(num(r.soma)) })),
    porMetodo: of('metodo')
      .sort(larger)
      .map((r) => ({ metodo: String(r.chave), valor: toMoney(num(r.soma)) })),
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
  const zone = await churchZone(db, churchId);
  const rows = await giftRows(db, churchId, f, zone).limit(100_000);
  return csvDocument(
    lang,
    CSV_HEAD[lang],
    rows.map((r) => [
      // the gift's day on the church's clock, as the filter reads it
      churchToday(zone, r.createdAt),
      r.code,
      giverName(r),
      r.email ?? r.donorEmail ?? '',
      paymentMethodWord(r.method, lang),
      paymentStatusWord(r.status, lang),
      r.reasons ?? '',
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
