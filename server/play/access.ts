// THE one rule of who may watch closed Play content (spec §3 "'ativo' means valid", §6 closed
// content; docs/play.md "Subscribing, cancelling, renewals"): a subscription whose situacao is 'ativo' and whose paid period (pago_ate)
// has not ended. Cancelling keeps situacao 'ativo' with cancelado_em set, so access lasts until
// pago_ate; renewals move pago_ate on. While a declined renewal is being retried (renewals.ts), or a
// live renewal waits for its gateway's answer, the plan has not lapsed, so access goes on past pago_ate. Every check (watch call, media,
// pages) goes through here, and so does which contents are closed at all (`contentIsOpen`).
import { and, desc, eq, gt, isNotNull, or } from 'drizzle-orm';
import { CONTENT_VISIBILITIES } from '../../contract/play.ts';
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
        or(
          gt(t.playSubscriptions.paidUntil, now),
          // a declined renewal still being retried, or a live renewal whose gateway has not
          // answered yet (set aside past pago_ate): the plan has not lapsed yet
          and(
            isNotNull(t.playSubscriptions.renewAt),
            or(
              gt(t.playSubscriptions.failedTries, 0),
              gt(t.playSubscriptions.renewAt, t.playSubscriptions.paidUntil),
            ),
          ),
        ),
      ),
    )
    .orderBy(desc(t.playSubscriptions.paidUntil))
    .limit(1);
  return row?.paidUntil
    ? { id: row.id, planId: row.planId, paidUntil: row.paidUntil, cancelledAt: row.cancelledAt }
    : null;
}

export type ContentVisibilitySetting = (typeof CONTENT_VISIBILITIES)[number];

/**
 * Whether a content is open (any logged-in member may watch it) or closed (subscribers only), spec §3 Play
 * "moduleData (tipoVisibilidadeConteudo)": the church's setting decides for every video when it is
 * `aberto` (all open) or `fechado` (all closed); only `misto` leaves it to each video's own flag.
 */
export const contentIsOpen = (setting: ContentVisibilitySetting, videoVisibility: string) =>
  setting === 'misto' ? videoVisibility === 'aberto' : setting === 'aberto';

/** The church's content visibility setting (`misto` when the church has no settings row). */
export async function contentVisibilityOf(
  db: Pick<Database, 'select'>,
  churchId: number,
): Promise<ContentVisibilitySetting> {
  const [row] = await db
    .select({ v: t.playSettings.contentVisibility })
    .from(t.playSettings)
    .where(eq(t.playSettings.churchId, churchId));
  return CONTENT_VISIBILITIES.find((v) => v === row?.v) ?? 'misto';
}

/** A content's effective openness in its church (one small query for the setting). */
export async function isContentOpen(
  db: Pick<Database, 'select'>,
  content: { churchId: number; visibility: string },
): Promise<boolean> {
  return contentIsOpen(await contentVisibilityOf(db, content.churchId), content.visibility);
}
