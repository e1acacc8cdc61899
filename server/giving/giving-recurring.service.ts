// The treasurer's view of recurring gifts (docs/staff.md "Giving").
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { StaffRecurringPage } from '../../contract/giving-staff.ts';
import { STAFF_GIFTS_PAGE_SIZE } from '../../contract/giving-staff.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { toMoney } from '../payments/money.ts';
import { currencyOf } from './giving-staff.numbers.ts';

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
