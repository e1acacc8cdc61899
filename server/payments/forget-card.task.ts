// A saved card the member deleted is removed at the gateway too (docs/payments.md "Saved cards"):
// deleting a live card's row (`deleteSavedCard`, and `removePersonalData` for an account deleted)
// queues, in that same transaction, one task `payments.forget-card` of the one task queue
// (server/jobs/tasks.ts, docs/architecture.md "Jobs") with the church, the gateway and the card's
// token. After the commit the task asks the church's account at that gateway to forget the card
// (the adapter's `forgetCard`: Stripe detaches the PaymentMethod, Zoop deletes the card; CardConnect
// keeps nothing to delete). The token lives in the task's payload only until the gateway has
// answered: it is then cleared, and it is never logged nor put in an error.
//
// Retrying: the queue retries a failed task only through `retryTask`, so a gateway that did not
// answer would leave the card there for good. Rather than teach the queue delays, one small job
// (`forgetCardsJob`, forget-card.job.ts) puts failed forget-card tasks back in the queue, each one
// after waiting as long as it has already been failing (5 minutes at least, 6 hours at most, so
// the waits double), and gives up after a week: the token is then cleared and a warning logged
// naming the church and gateway (the card cannot be charged here anyway: its row is gone). The same
// job retries the deletion of a member's customer (forget-customer.task.ts) alike.
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { defineTask, enqueueTask, retryTask } from '../jobs/tasks.ts';
import { log } from '../log.ts';
import { nameOf, storedAccountAdapter } from './gateway-accounts.ts';
import { isGatewayId } from './gateways.ts';
import { FORGET_CUSTOMER_TASK, type ForgetCustomerPayload } from './forget-customer.task.ts';

export const FORGET_CARD_TASK = 'payments.forget-card';

/** A failed forget-card task is put back in the queue during this long after it was queued. */
export const FORGET_CARD_RETRY_DAYS = 7;
const MIN_WAIT = '5 minutes';
const MAX_WAIT = '6 hours';

export interface ForgetCardPayload {
  gatewayId: number;
  /** The saved card's token at the gateway; cleared once the gateway has answered. */
  token?: string | undefined;
  /** Whose card and which (not secret: shown on /user/cards), for a treasurer told to remove it by hand. */
  userId: number;
  card: string;
}

/** What a saved card's deletion returns (`.returning(deletedCardColumns)`) for enqueueForgetCards. */
export const deletedCardColumns = {
  churchId: t.savedCards.churchId,
  userId: t.savedCards.userId,
  gatewayId: t.savedCards.gatewayId,
  token: t.savedCards.token,
  mode: t.savedCards.mode,
  brand: t.savedCards.brand,
  last4: t.savedCards.last4,
};

/** A saved card row as deleted. */
export interface DeletedCard {
  churchId: number;
  userId: number;
  gatewayId: number;
  token: string;
  mode: 'sandbox' | 'live';
  brand: string;
  last4: string;
}

/**
 * Queues the removal at the gateway of each live card just deleted, in the caller's transaction
 * (so nothing is asked of the gateway for a delete that rolls back). A sandbox card was never at a
 * gateway: nothing to do.
 */
export async function enqueueForgetCards(
  tx: Database | Tx,
  cards: readonly DeletedCard[],
  createdBy?: number | null,
): Promise<void> {
  for (const card of cards) {
    if (card.mode !== 'live') continue;
    await enqueueTask(tx, {
      churchId: card.churchId,
      kind: FORGET_CARD_TASK,
      payload: {
        gatewayId: card.gatewayId,
        token: card.token,
        userId: card.userId,
        card: `${card.brand} ${card.last4}`,
      } satisfies ForgetCardPayload,
      createdBy: createdBy ?? null,
    });
  }
}

/** Drops the token from the task's payload: once answered (or given up) it is needed no more. */
async function clearToken(db: Database, id: number): Promise<void> {
  await db
    .update(t.tasks)
    .set({ payload: sql`${t.tasks.payload} - 'token'` })
    .where(eq(t.tasks.id, id));
}

/** An error's message with every part of the token cut out (a gateway's text may quote the card). */
function withoutToken(message: string, token: string): string {
  let text = message;
  for (const part of token.split('|').filter((p) => p.length >= 4))
    text = text.split(part).join('…');
  return text;
}

export const forgetCardTask = defineTask<ForgetCardPayload>({
  kind: FORGET_CARD_TASK,
  async run({ db }, task) {
    const { gatewayId, token } = task.payload;
    // run again after it was done (a lost lease): the token is already cleared
    if (!token) return { removido: false };
    if (!isGatewayId(gatewayId)) {
      await clearToken(db, task.id);
      return { removido: false };
    }
    // the same card saved again at this church meanwhile: it is in use, leave it there
    const [again] = await db
      .select({ id: t.savedCards.id })
      .from(t.savedCards)
      .where(
        and(
          eq(t.savedCards.churchId, task.churchId),
          eq(t.savedCards.gatewayId, gatewayId),
          eq(t.savedCards.token, token),
        ),
      )
      .limit(1);
    let removed = false;
    if (!again) {
      try {
        // the account the card was kept at, whether or not the church still charges through it
        const adapter = await storedAccountAdapter(db, task.churchId, gatewayId);
        if (adapter?.forgetCard) removed = await adapter.forgetCard(token);
      } catch (error) {
        // thrown so the task fails and forgetCardsJob puts it back in the queue later
        throw new Error(
          `${nameOf(gatewayId)}: the card could not be removed at the gateway yet (${withoutToken(
            error instanceof Error ? error.message : String(error),
            token,
          )})`,
        );
      }
    }
    await clearToken(db, task.id);
    return { removido: removed };
  },
});

/** Each kind the job retries → the payload key it keeps until the gateway has answered. */
const PENDING_KEY = { [FORGET_CARD_TASK]: 'token', [FORGET_CUSTOMER_TASK]: 'customer' };
/** A forget task still to do: its kind's key is still in its payload. */
const stillPending = or(
  ...Object.entries(PENDING_KEY).map(([kind, key]) =>
    and(eq(t.tasks.kind, kind), sql`${t.tasks.payload} ->> ${sql.raw(`'${key}'`)} is not null`),
  ),
);

/**
 * Puts back in the queue each failed forget-card or forget-customer task whose wait is over (as
 * long as it has been failing, between MIN_WAIT and MAX_WAIT), for FORGET_CARD_RETRY_DAYS; after
 * that the task stays failed and its token or customer id is cleared. Answers how many were put back.
 */
export async function retryFailedForgetCards(db: Database, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const giveUpBefore = new Date(now.getTime() - FORGET_CARD_RETRY_DAYS * 86_400_000);
  const failed = and(eq(t.tasks.state, 'failed'), stillPending);
  const due = await db
    .select({ id: t.tasks.id, churchId: t.tasks.churchId })
    .from(t.tasks)
    .where(
      and(
        failed,
        sql`${t.tasks.createdAt} > ${giveUpBefore.toISOString()}::timestamptz`,
        sql`${t.tasks.finishedAt} <= ${at} - greatest(interval '${sql.raw(MIN_WAIT)}', least(interval '${sql.raw(MAX_WAIT)}', ${t.tasks.finishedAt} - ${t.tasks.createdAt}))`,
      ),
    )
    .orderBy(t.tasks.id)
    .limit(500);
  let retried = 0;
  for (const row of due) if (await retryTask(db, row.churchId, row.id)) retried++;

  const abandoned = await db
    .update(t.tasks)
    .set({ payload: sql`${t.tasks.payload} - 'token' - 'customer'` })
    .where(and(failed, lt(t.tasks.createdAt, giveUpBefore)))
    .returning({
      id: t.tasks.id,
      churchId: t.tasks.churchId,
      kind: t.tasks.kind,
      payload: t.tasks.payload,
    });
  for (const row of abandoned) {
    if (row.kind === FORGET_CUSTOMER_TASK) {
      const { gatewayId, userId } = row.payload as ForgetCustomerPayload;
      log.warn(
        { task: row.id, church: row.churchId, gateway: gatewayId, member: userId },
        `[payments] a removed member's customer could not be deleted at its gateway in ${FORGET_CARD_RETRY_DAYS} days; delete it in the gateway's dashboard`,
      );
      continue;
    }
    const { gatewayId, userId, card } = row.payload as ForgetCardPayload;
    // the member's customer at the gateway carries `{church}:{member}` (metadata) to find it by
    log.warn(
      { task: row.id, church: row.churchId, gateway: gatewayId, member: userId, card },
      `[payments] a deleted card could not be removed at its gateway in ${FORGET_CARD_RETRY_DAYS} days; remove it in the gateway's dashboard`,
    );
  }
  return retried;
}
