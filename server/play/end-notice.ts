// A Play plan that does not renew by itself (paid by Pix, slip or PicPay: no card, docs/play.md "Subscribing,
// cancelling, renewals") warns its member END_NOTICE_DAYS before pago_ate, once per paid period, from the
// renewals pass (renewals.ts). The claim is one conditional UPDATE (aviso_fim_em = pago_ate where it differs)
// over rows locked with SKIP LOCKED, and the e-mail is a task queued in that same transaction: two passes at
// once warn once, and a pass that dies before its commit leaves the warning to the next one.
import { and, asc, eq, exists, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { messageLangOfLocale } from '../../contract/messages/lang.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import { zoneOfChurch } from '../church/church-clock.ts';
import type { Database, Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { defineTask, enqueueTask } from '../jobs/tasks.ts';
import type { ClaimOptions } from '../jobs/claim.ts';
import { gatewaySupports } from '../payments/gateways.ts';
import { activeCardGateway } from '../payments/payments.service.ts';
import { PLAY_MODULE } from './play.queries.ts';
import { subscriptionEndingMail } from './subscription-mail.ts';

const DAY = 86_400_000;
/** The warning goes this many days before the paid period ends (at once when less is left). */
export const END_NOTICE_DAYS = 7;
/** Plans of shorter periods are not warned (a weekly plan would be e-mailed every week). */
export const END_NOTICE_MIN_PERIOD_DAYS = 14;
export const END_NOTICE_TASK = 'play.end-notice';
/** Rows claimed per transaction. */
const BATCH = 200;

export interface EndNoticePayload {
  subscriptionId: number;
  /** The pago_ate the warning is about (ISO 8601): a renewed or changed period sends nothing. */
  paidUntil: string;
}

const s = t.playSubscriptions;

/** Claims the subscriptions to warn at `now` and queues one e-mail task each; answers their ids. */
export async function warnEndingSubscriptions(
  db: Database,
  now: Date,
  options: Pick<ClaimOptions, 'holdMs' | 'onClaim'> = {},
): Promise<number[]> {
  const warned: number[] = [];
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const due = tx
        .select({ id: s.id })
        .from(s)
        .where(
          and(
            eq(s.status, 'ativo'),
            isNull(s.cancelledAt),
            isNull(s.renewAt), // no card, so no renewal (a cancelled one has none either: left out above)
            gt(s.paidUntil, now),
            lte(s.paidUntil, new Date(now.getTime() + END_NOTICE_DAYS * DAY)),
            sql`${s.endNoticeFor} is distinct from ${s.paidUntil}`,
            exists(
              tx
                .select({ one: sql`1` })
                .from(t.playPlans)
                .where(
                  and(
                    eq(t.playPlans.id, s.planId),
                    gte(t.playPlans.periodDays, END_NOTICE_MIN_PERIOD_DAYS),
                  ),
                ),
            ),
            exists(
              tx
                .select({ one: sql`1` })
                .from(t.churches)
                .innerJoin(
                  t.churchModules,
                  and(
                    eq(t.churchModules.churchId, t.churches.id),
                    eq(t.churchModules.moduleCode, PLAY_MODULE),
                  ),
                )
                .where(and(eq(t.churches.id, s.churchId), eq(t.churches.active, true))),
            ),
          ),
        )
        .orderBy(asc(s.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(s)
        .set({ endNoticeFor: sql`${s.paidUntil}` })
        .where(and(inArray(s.id, due), sql`${s.endNoticeFor} is distinct from ${s.paidUntil}`))
        .returning({ id: s.id, churchId: s.churchId, paidUntil: s.paidUntil });
      for (const row of rows) {
        options.onClaim?.(row.id);
        await enqueueTask(tx, {
          churchId: row.churchId,
          kind: END_NOTICE_TASK,
          payload: {
            subscriptionId: row.id,
            paidUntil: row.paidUntil!.toISOString(),
          } satisfies EndNoticePayload,
        });
      }
      if (rows.length && options.holdMs)
        await new Promise((resolve) => setTimeout(resolve, options.holdMs));
      return rows;
    });
    warned.push(...claimed.map((r) => r.id));
    if (claimed.length < BATCH) return warned;
  }
}

/** True when the church takes cards now, so a card added in My subscription renews the plan. */
async function takesCards(db: Db, churchId: number): Promise<boolean> {
  const gatewayId = await activeCardGateway(db, churchId);
  return gatewayId !== null && gatewaySupports(gatewayId, 'cartao');
}

export const endNoticeTask = defineTask<EndNoticePayload>({
  kind: END_NOTICE_TASK,
  async run({ db, mailer, settings, now }, task) {
    const [row] = await db
      .select({
        sub: s,
        plan: t.playPlans.name,
        email: t.users.email,
        name: t.users.firstName,
        church: t.churches,
      })
      .from(s)
      .innerJoin(t.playPlans, eq(t.playPlans.id, s.planId))
      .innerJoin(t.users, eq(t.users.id, s.userId))
      .innerJoin(t.churches, eq(t.churches.id, s.churchId))
      .where(and(eq(s.id, task.payload.subscriptionId), eq(s.churchId, task.churchId)));
    // Since the claim: a card added (it renews now), cancelled, ended, or another period: nothing to say.
    const sub = row?.sub;
    if (
      !row ||
      !sub ||
      sub.status !== 'ativo' ||
      sub.cancelledAt ||
      sub.renewAt ||
      sub.paidUntil?.toISOString() !== task.payload.paidUntil ||
      sub.paidUntil <= now()
    )
      return { enviados: 0 };
    const { church } = row;
    await mailer.send(
      subscriptionEndingMail(messageLangOfLocale(church.locale), row.email, {
        name: row.name,
        church: church.name,
        plan: row.plan,
        paidUntil: sub.paidUntil,
        zone: zoneOfChurch(church),
        link: `${churchHomeUrl(church.code, settings)}/play/my-plan`,
        cardRenewal: await takesCards(db, church.id),
      }),
    );
    return { enviados: 1 };
  },
});
