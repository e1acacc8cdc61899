// Saved cards only where they can be charged (docs/payments.md "Saved cards"): a card is kept with
// its gateway and that gateway's mode at the church (sandbox or live), and is offered and accepted
// only while the church's card method charges at that same gateway and mode.
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ADAPTERS, nameOf } from './gateway-accounts.ts';
import { isGatewayId } from './gateways.ts';

export type CardMode = 'sandbox' | 'live';

/** The mode a gateway charges in at this church: live as `liveAdapter` decides it (an account set live, with credentials). */
export async function gatewayModeOf(
  db: Db,
  churchId: number,
  gatewayId: number | null,
): Promise<CardMode> {
  if (!isGatewayId(gatewayId) || !ADAPTERS[nameOf(gatewayId)]) return 'sandbox';
  const [row] = await db
    .select({ mode: t.churchGateways.mode, sealed: t.churchGateways.sealed })
    .from(t.churchGateways)
    .where(and(eq(t.churchGateways.churchId, churchId), eq(t.churchGateways.gatewayId, gatewayId)));
  return row?.mode === 'live' && row.sealed ? 'live' : 'sandbox';
}

/** True when a saved card can be charged by the church's card method now (same gateway, same mode). */
export const chargeableHere = (
  card: { gatewayId: number; mode: string },
  gatewayId: number | null,
  mode: CardMode,
): boolean => card.gatewayId === gatewayId && card.mode === mode;

/** The member's customer at the church's live gateway, from a card already kept there (Stripe: `cus_…|pm_…`). */
export async function gatewayCustomerOf(
  db: Db,
  churchId: number,
  userId: number,
  gatewayId: number,
): Promise<string | undefined> {
  const [kept] = await db
    .select({ token: t.savedCards.token })
    .from(t.savedCards)
    .where(
      and(
        eq(t.savedCards.churchId, churchId),
        eq(t.savedCards.userId, userId),
        eq(t.savedCards.gatewayId, gatewayId),
        eq(t.savedCards.mode, 'live'),
        like(t.savedCards.token, '%|%'),
      ),
    )
    .limit(1);
  return kept?.token.split('|')[0];
}
