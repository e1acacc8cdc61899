// Cards at a live gateway: with its own browser form (Stripe.js, docs/payments.md "Stripe") the
// number never reaches this server and the page sends the gateway's token, which we look up there
// and keep (brand, last four, holder, expiry) like any card token of the pipeline; at a gateway
// that tokenises on the server (CardConnect, Zoop) the number passes through to it, never kept.
import type { Database } from '../db/client.ts';
import { ApiProblem, fieldProblem } from '../http/errors.ts';
import { liveAdapter } from './gateway-accounts.ts';
import { isGatewayId, type GatewayId } from './gateways.ts';
import { eq } from 'drizzle-orm';
import * as t from '../db/schema/index.ts';
import { GatewayUnavailable } from './adapters/types.ts';

/** Gateways whose live cards are typed only in the gateway's own form (Stripe.js). */
const FORM_ONLY: readonly GatewayId[] = [5];

/** True when this church's card gateway is live and takes cards only in its own form. */
export async function takesCardsInItsForm(
  db: Database,
  churchId: number,
  gatewayId: number,
): Promise<boolean> {
  return (
    isGatewayId(gatewayId) &&
    FORM_ONLY.includes(gatewayId) &&
    (await liveAdapter(db, churchId, gatewayId)) !== null
  );
}

/** Keeps the gateway's card token for the payment that follows; 422 when the gateway does not know it. */
export async function storeGatewayCard(
  db: Database,
  churchId: number,
  owner: number | null,
  gatewayId: number,
  token: string,
) {
  const adapter = isGatewayId(gatewayId) ? await liveAdapter(db, churchId, gatewayId) : null;
  if (!adapter?.cardOf || !isGatewayId(gatewayId))
    throw new ApiProblem(422, 'pay.methodUnavailable');
  let card;
  try {
    card = await adapter.cardOf(token);
  } catch (error) {
    if (error instanceof GatewayUnavailable) throw new ApiProblem(503, 'pay.gatewayPending');
    throw error;
  }
  if (!card) throw fieldProblem(422, 'token', 'pay.cardInvalid');
  // The same PaymentMethod may come twice (a retry); it stays its first owner's alone.
  await db
    .insert(t.cardTokens)
    .values({ token, churchId, userId: owner, gatewayId, ...card, behaviour: 'approve' })
    .onConflictDoNothing();
  const [kept] = await db.select().from(t.cardTokens).where(eq(t.cardTokens.token, token));
  if (!kept || kept.churchId !== churchId || kept.userId !== owner || kept.gatewayId !== gatewayId)
    throw fieldProblem(422, 'token', 'pay.cardInvalid');
  return {
    token,
    bandeira: card.brand,
    final: card.last4,
    titular: card.holder,
    validade: card.expiry,
    idGatewayPagamento: gatewayId,
  };
}

/**
 * At a live gateway that tokenises card numbers itself (CardConnect's CardSecure, Zoop's card
 * tokens), the number passes through to it and its token replaces ours; undefined: no such gateway
 * here (the sandbox).
 */
export async function passThroughToken(
  db: Database,
  churchId: number,
  gatewayId: number,
  card: { number: string; expiry: string; holder: string; cvv: string },
): Promise<string | undefined> {
  const adapter = isGatewayId(gatewayId) ? await liveAdapter(db, churchId, gatewayId) : null;
  if (!adapter?.tokenize) return undefined;
  let token;
  try {
    token = await adapter.tokenize(card);
  } catch (error) {
    if (error instanceof GatewayUnavailable) throw new ApiProblem(503, 'pay.gatewayPending');
    throw error;
  }
  if (!token) throw fieldProblem(422, 'numero', 'pay.cardInvalid');
  return token;
}
