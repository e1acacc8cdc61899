// A member's customer at a church's gateway (a Stripe Customer, a Zoop buyer: their name, e-mail,
// CPF) is deleted there too once its `cliente_gateway` row goes (docs/payments.md "Saved cards"):
// when the person leaves the church or their account is deleted (`removePersonalData`). Deleting a
// live row that names a customer queues, in that same transaction, one task
// `payments.forget-customer` of the one task queue (server/jobs/tasks.ts) with the church, the
// gateway and the customer's id. After the commit the task asks the church's stored account at
// that gateway to delete it (the adapter's `forgetCustomer`; CardConnect and PicPay keep none).
// Like a card's token, the id lives in the payload only until the gateway has answered, and is
// never logged nor put in an error. A failed task is put back in the queue by the same job as the
// cards' (`retryFailedForgetCards` in forget-card.task.ts), with the same waits and giving up.
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { defineTask, enqueueTask } from '../jobs/tasks.ts';
import { nameOf, storedAccountAdapter } from './gateway-accounts.ts';
import { isGatewayId } from './gateways.ts';

export const FORGET_CUSTOMER_TASK = 'payments.forget-customer';

export interface ForgetCustomerPayload {
  gatewayId: number;
  /** The customer's id at the gateway; cleared once the gateway has answered (or given up). */
  customer?: string | undefined;
  /** Whose customer (the gateway knows it by `{church}:{member}`), for a treasurer told to remove it by hand. */
  userId: number;
}

/** What a customer row's deletion returns (`.returning(deletedCustomerColumns)`) for enqueueForgetCustomers. */
export const deletedCustomerColumns = {
  churchId: t.gatewayCustomers.churchId,
  userId: t.gatewayCustomers.userId,
  gatewayId: t.gatewayCustomers.gatewayId,
  mode: t.gatewayCustomers.mode,
  customer: t.gatewayCustomers.customer,
};

/** A `cliente_gateway` row as deleted. */
export interface DeletedCustomer {
  churchId: number;
  userId: number;
  gatewayId: number;
  mode: 'sandbox' | 'live';
  customer: string | null;
}

/**
 * Queues the deletion at the gateway of each live customer just deleted here, in the caller's
 * transaction. A sandbox row was never at a gateway, and a claim still being made names none.
 */
export async function enqueueForgetCustomers(
  tx: Database | Tx,
  rows: readonly DeletedCustomer[],
  createdBy?: number | null,
): Promise<void> {
  for (const row of rows) {
    if (row.mode !== 'live' || !row.customer) continue;
    await enqueueTask(tx, {
      churchId: row.churchId,
      kind: FORGET_CUSTOMER_TASK,
      payload: {
        gatewayId: row.gatewayId,
        customer: row.customer,
        userId: row.userId,
      } satisfies ForgetCustomerPayload,
      createdBy: createdBy ?? null,
    });
  }
}

/** Drops the customer's id from the task's payload: once answered it is needed no more. */
async function clearCustomer(db: Database, id: number): Promise<void> {
  await db
    .update(t.tasks)
    .set({ payload: sql`${t.tasks.payload} - 'customer'` })
    .where(eq(t.tasks.id, id));
}

export const forgetCustomerTask = defineTask<ForgetCustomerPayload>({
  kind: FORGET_CUSTOMER_TASK,
  async run({ db }, task) {
    const { gatewayId, customer } = task.payload;
    // run again after it was done (a lost lease): the id is already cleared
    if (!customer) return { removido: false };
    if (!isGatewayId(gatewayId)) {
      await clearCustomer(db, task.id);
      return { removido: false };
    }
    // the same customer recorded again meanwhile (the member came back): it is in use, leave it
    const [again] = await db
      .select({ id: t.gatewayCustomers.id })
      .from(t.gatewayCustomers)
      .where(
        and(eq(t.gatewayCustomers.gatewayId, gatewayId), eq(t.gatewayCustomers.customer, customer)),
      )
      .limit(1);
    let removed = false;
    if (!again) {
      try {
        // the account the customer was made at, whether or not the church still charges through it
        const adapter = await storedAccountAdapter(db, task.churchId, gatewayId);
        if (adapter?.forgetCustomer) removed = await adapter.forgetCustomer(customer);
      } catch (error) {
        // thrown so the task fails and forgetCardsJob puts it back in the queue later
        const message = (error instanceof Error ? error.message : String(error))
          .split(customer)
          .join('…');
        throw new Error(
          `${nameOf(gatewayId)}: the customer could not be removed at the gateway yet (${message})`,
        );
      }
    }
    await clearCustomer(db, task.id);
    return { removido: removed };
  },
});
