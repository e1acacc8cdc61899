// A visitor's tickets move to the account of the same e-mail (docs/events.md "Visitors"): when
// that address is proven — the account's activation link, or a login of an account whose e-mail
// was verified — every order bought without an account under it becomes the account's, with its
// tickets, so they show under /user/registrations and the member's payment page.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

/** Moves the visitor orders of `email` (tickets and payment) to the account; how many tickets moved. */
export async function claimVisitorTickets(db: Db, userId: number, email: string): Promise<number> {
  const orders = await db
    .update(t.payments)
    .set({ userId, updatedAt: new Date() })
    .where(
      and(
        isNull(t.payments.userId),
        eq(t.payments.kind, 'evento'),
        sql`lower(${t.payments.donorEmail}) = ${email.trim().toLowerCase()}`,
      ),
    )
    .returning({ id: t.payments.id });
  if (!orders.length) return 0;
  const moved = await db
    .update(t.registrations)
    .set({ userId })
    .where(
      and(
        isNull(t.registrations.userId),
        inArray(
          t.registrations.paymentId,
          orders.map((o) => o.id),
        ),
      ),
    )
    .returning({ id: t.registrations.id });
  return moved.length;
}
