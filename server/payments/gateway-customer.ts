// A member's one customer at a church's live gateway (docs/payments.md "Saved cards"): a Stripe
// Customer, a Zoop buyer. Every path that keeps a card (a live charge with "save card", a recurring
// gift's or a Play plan's first charge, /user/addcard, a Play plan's new card) asks here, and the
// gateway is asked to make the customer once: the row of (church, member, gateway, mode) is claimed
// with a unique key before the call, so a caller at the same moment waits for that customer and
// reuses it. No transaction is held across the gateway call (PGlite has one connection); the claim
// expires, so a caller that died while making it leaves it to the next one.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { GatewayAdapter } from './adapters/types.ts';
import { gatewayCustomerOf, type CardMode } from './saved-cards.ts';

/** Which customer: a member at one church's gateway, in the mode that gateway has there. */
export interface MemberAtGateway {
  churchId: number;
  userId: number;
  gatewayId: number;
  mode: CardMode;
}

/** How long a claim holds: longer than a gateway call's deadline (20 s, adapters/types.ts `jsonCall`). */
export const CUSTOMER_CLAIM_SECONDS = 60;
const POLL_MS = [25, 50, 100, 200];

/** The key the gateway knows the member by (Stripe's idempotency key, Zoop's `metadata.cliente`). */
export const memberCustomerKey = (churchId: number, userId: number) => `${churchId}:${userId}`;

/**
 * The member's customer at the gateway: the one kept here, else the one a card kept before this
 * table names (`customer|card`), else made by `make` once, whoever else asks at the same moment.
 * Null when the gateway refused to make one (nothing is kept, so a later call tries again); a
 * throw from `make` (the gateway did not answer) releases the claim and is passed on.
 */
export async function memberGatewayCustomer(
  db: Database,
  member: MemberAtGateway,
  make: () => Promise<string | null>,
): Promise<string | null> {
  const key = and(
    eq(t.gatewayCustomers.churchId, member.churchId),
    eq(t.gatewayCustomers.userId, member.userId),
    eq(t.gatewayCustomers.gatewayId, member.gatewayId),
    eq(t.gatewayCustomers.mode, member.mode),
  );
  const claimUntil = sql.raw(`now() + interval '${CUSTOMER_CLAIM_SECONDS} seconds'`);
  const mine = randomUUID();

  const makeAndKeep = async (): Promise<string | null> => {
    let made: string | null;
    try {
      made = await make();
    } catch (error) {
      await release();
      throw error;
    }
    if (!made) {
      await release();
      return null;
    }
    // the first customer kept is the member's, also for a caller whose claim ran out meanwhile
    await db
      .update(t.gatewayCustomers)
      .set({ customer: made, claim: null, claimedUntil: null })
      .where(and(key, isNull(t.gatewayCustomers.customer)));
    const [row] = await db
      .select({ customer: t.gatewayCustomers.customer })
      .from(t.gatewayCustomers)
      .where(key);
    return row?.customer ?? made;
  };
  const release = () =>
    db
      .delete(t.gatewayCustomers)
      .where(and(key, isNull(t.gatewayCustomers.customer), eq(t.gatewayCustomers.claim, mine)));

  for (let round = 0; ; round++) {
    const [row] = await db
      .select({ customer: t.gatewayCustomers.customer })
      .from(t.gatewayCustomers)
      .where(key);
    if (row?.customer) return row.customer;
    if (!row) {
      // a card kept before this table names the member's customer (`customer|card`): it becomes the row
      const kept =
        member.mode === 'live'
          ? await gatewayCustomerOf(db, member.churchId, member.userId, member.gatewayId)
          : undefined;
      const [claimed] = await db
        .insert(t.gatewayCustomers)
        .values({
          ...member,
          ...(kept ? { customer: kept } : { claim: mine, claimedUntil: claimUntil }),
        })
        .onConflictDoNothing()
        .returning({ customer: t.gatewayCustomers.customer });
      if (claimed) return claimed.customer ?? makeAndKeep();
      continue; // another caller wrote it first: read what it wrote
    }
    // another caller is making it: wait for it, or take its claim over once the claim ran out
    const [taken] = await db
      .update(t.gatewayCustomers)
      .set({ claim: mine, claimedUntil: claimUntil })
      .where(
        and(
          key,
          isNull(t.gatewayCustomers.customer),
          or(
            isNull(t.gatewayCustomers.claimedUntil),
            lt(t.gatewayCustomers.claimedUntil, sql`now()`),
          ),
        ),
      )
      .returning({ id: t.gatewayCustomers.id });
    if (taken) return makeAndKeep();
    await sleep(POLL_MS[Math.min(round, POLL_MS.length - 1)]);
  }
}

/**
 * The member's customer at this church's live gateway for an adapter that keeps customers
 * (`customer` of adapters/types.ts: Stripe, Zoop); undefined for one that does not.
 */
export async function liveMemberCustomer(
  db: Database,
  adapter: GatewayAdapter,
  at: { churchId: number; userId: number; gatewayId: number },
  payer: { name: string | null; email: string | null },
): Promise<string | null | undefined> {
  if (!adapter.customer) return undefined;
  return memberGatewayCustomer(db, { ...at, mode: 'live' }, () =>
    adapter.customer!({
      churchId: at.churchId,
      customerKey: memberCustomerKey(at.churchId, at.userId),
      payer,
    }),
  );
}
