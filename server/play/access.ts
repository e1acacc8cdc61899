// THE one rule of who may watch closed Play content (spec §3 "'ativo' means valid", §6 closed
// content; docs/play.md "Subscribing, cancelling, renewals"): a subscription whose situacao is 'ativo' and whose paid period (pago_ate)
// has not ended. Cancelling keeps situacao 'ativo' with cancelado_em set, so access lasts until
// pago_ate; renewals move pago_ate on. Every check (watch call, media, pages) goes through here.
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

export interface ActiveSubscription {
  id: number;
  planId: number;
  paidUntil: Date;
  cancelledAt: Date | null;
}

/** The member's subscription that gives access now in this church, or null. */
export async function activeSubscription(
  db: Database,
  churchId: number,
  userId: number,
  now: Date = new Date(),
): Promise<ActiveSubscription | null> {
  const [row] = await db
    .select({
      id: t.playSubscriptions.id,
      planId: t.playSubscriptions.planId,
      paidUntil: t.playSubscriptions.paidUntil,
      cancelledAt: t.playSubscriptions.cancelledAt,
    })
    .from(t.playSubscriptions)
    .where(
      and(
        eq(t.playSubscriptions.churchId, churchId),
        eq(t.playSubscriptions.userId, userId),
        eq(t.playSubscriptions.status, 'ativo'),
        gt(t.playSubscriptions.paidUntil, now),
      ),
    )
    .orderBy(desc(t.playSubscriptions.paidUntil))
    .limit(1);
  return row?.paidUntil
    ? { id: row.id, planId: row.planId, paidUntil: row.paidUntil, cancelledAt: row.cancelledAt }
    : null;
}
