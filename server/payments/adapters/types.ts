// The one interface every live gateway sits behind (docs/payments.md "Adapters"); the sandbox
// (server/payments/gateways.ts) answers the same questions from test data inside the product.
import type { z } from 'zod';
import type { PaymentStatus } from '../../db/schema/events.ts';
import { log } from '../../log.ts';
import type { PaymentMethodCode } from '../fees.ts';
import type { ChargeResult } from '../gateways.ts';

/** What a live charge sends: never a card number (a gateway token stands for the card). */
export interface LiveChargeInput {
  orderCode: string;
  churchId: number;
  method: PaymentMethodCode;
  totalCents: number;
  currency: string;
  installments: number;
  now: Date;
  /** The gateway's token of the card (Stripe: a PaymentMethod id, or `customer|pm` for a saved one). */
  cardToken?: string | undefined;
  /** The card's expiry (MM/YYYY), for gateways whose token does not carry it (CardConnect). */
  cardExpiry?: string | undefined;
  /** Keep the card for later charges (a member who ticked "save card"). */
  saveCard?: boolean | undefined;
  /** A saved card charged while the payer is away (a recurring gift): no page to send them to. */
  offSession?: boolean | undefined;
  /** The member's key at the gateway (`{church}:{member}`). */
  customerKey?: string | undefined;
  /**
   * The member's one customer at the gateway, found or made before the charge by
   * `memberGatewayCustomer` (server/payments/gateway-customer.ts); "save card" keeps the card on it.
   */
  customer?: string | undefined;
  ach?: { routingNumber: string; accountNumber: string; accountType: string } | undefined;
  payer: { name: string | null; email: string | null; cpf: string | null };
  /** Where the payer comes back after a bank page (3-D Secure, PicPay). */
  returnUrl: string;
  /** Our webhook address for this church and gateway. */
  notifyUrl: string;
  /** A Pix or slip's validity, kept at the gateway too so it cannot be paid later. */
  expiresAt?: Date | undefined;
}

/** The gateway's view of a charge; `savedToken`: what a saved card is charged with next time. */
export type LiveChargeResult = ChargeResult & {
  savedToken?: string;
  /** Declined off-session because the bank wants the payer there to confirm (Stripe `authentication_required`). */
  needsAuthentication?: boolean;
};

/** A verified webhook: which charge, and the status the gateway says it is in (null: no change). */
export interface WebhookEvent {
  id: string;
  kind: string;
  reference: string | null;
  orderCode: string | null;
  status: PaymentStatus | null;
  /** The card the gateway kept for the payer when the charge asked it to (Stripe's `cus_…|pm_…`). */
  savedToken?: string;
  /** Answered to the gateway as the body, when it asks for one. */
  reply?: unknown;
}

/** The gateway did not answer in time, or answered 5xx: nothing is known, the order stays pending. */
export class GatewayUnavailable extends Error {
  override name = 'GatewayUnavailable';
}

/**
 * A gateway answer of a shape its documentation does not promise: handled as no answer (the
 * payment stays pending and the reconciliation job asks again), never a crash or an undefined.
 */
export class UnexpectedAnswer extends GatewayUnavailable {
  override name = 'UnexpectedAnswer';
}

/**
 * A gateway's answer read through its zod schema (docs/payments.md "Adapters"). An unexpected one
 * is logged with the fields that failed (never the answer itself: it may carry card or payer
 * data) and thrown as UnexpectedAnswer.
 */
export function answerOf<Schema extends z.ZodType>(
  gateway: string,
  call: string,
  schema: Schema,
  body: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.code}`);
  log.error({ gateway, call, fields }, '[payments] unexpected gateway answer');
  throw new UnexpectedAnswer(`${gateway} ${call}: unexpected answer (${fields.join('; ')})`);
}

/** A webhook that failed its signature or secret: 400 (missing) or 401 (wrong). */
export class WebhookRefused extends Error {
  override name = 'WebhookRefused';
  readonly status: 400 | 401;
  constructor(status: 400 | 401, message: string) {
    super(message);
    this.status = status;
  }
}

export interface GatewayAdapter {
  /** Creates and confirms a charge; the order code is the idempotency key where the gateway takes one. */
  charge(input: LiveChargeInput): Promise<LiveChargeResult>;
  /** The gateway's current view of our order (null: it has no such charge). */
  lookup(orderCode: string, reference: string | null): Promise<LiveChargeResult | null>;
  /** Gives the money back (refund, Pix devolução). */
  refund(reference: string, amountCents: number, orderCode: string): Promise<void>;
  /** Cancels an unpaid charge (a Pix or slip that must no longer be payable). */
  cancel(reference: string): Promise<void>;
  /** A card the payer entered in the gateway's own form (Stripe.js), by its token; null when unknown. */
  cardOf?(
    token: string,
  ): Promise<{ brand: string; last4: string; holder: string; expiry: string } | null>;
  /**
   * Exchanges a card number for the gateway's token (CardConnect's CardSecure, Zoop's card tokens):
   * the number (and the CVV, for a gateway that takes it) passes through and is never stored or logged here.
   */
  tokenize?(card: {
    number: string;
    expiry: string;
    holder?: string | undefined;
    cvv?: string | undefined;
  }): Promise<string | null>;
  /**
   * Keeps a card token for later charges without charging it (/user/addcard; Stripe: the
   * PaymentMethod attached to the member's Customer); the token a saved card is charged with, null
   * when the gateway does not know the card.
   */
  saveCard?(input: SaveCardInput): Promise<string | null>;
  /**
   * Makes the member's customer at the gateway (Stripe: a Customer; Zoop: a buyer), for a gateway
   * that keeps cards on one; only `memberGatewayCustomer` calls it, so it is made once per member.
   * Null when the gateway refuses; throws GatewayUnavailable when it does not answer.
   */
  customer?(input: CustomerInput): Promise<string | null>;
  /**
   * Removes a saved card the member deleted from where the gateway keeps it (docs/payments.md
   * "Saved cards"; Stripe: detaches the PaymentMethod of `cus_…|pm_…`; Zoop: deletes the card of
   * `buyer|card`). True when removed, false when the gateway no longer has it (nothing to do).
   * Throws GatewayUnavailable when it did not answer or refused our key, so it is tried again;
   * never puts the token in an error message.
   */
  forgetCard?(token: string): Promise<boolean>;
  /**
   * Deletes the member's customer (Stripe Customer, Zoop buyer) once their rows at the church are
   * gone (docs/payments.md "Saved cards"). True when deleted, false when the gateway no longer has
   * it. Throws GatewayUnavailable when it did not answer or refused our key, so it is tried again;
   * never puts the customer's id in an error message.
   */
  forgetCustomer?(customer: string): Promise<boolean>;
  /**
   * Asks the gateway whether these credentials open the church's account, with a read-only call
   * (docs/payments.md "Each gateway's account"): 'refused' when it turns the keys down,
   * 'unknownAccount' when the keys work but the account they name does not exist there (a Zoop
   * seller); throws GatewayUnavailable when it does not answer. Without it, nothing is checked.
   */
  checkAccount?(): Promise<'ok' | 'refused' | 'unknownAccount'>;
  /** Verifies and reads a webhook; throws WebhookRefused. */
  webhook(headers: Headers, rawBody: string): Promise<WebhookEvent>;
}

/** A card kept at the gateway for a member (docs/payments.md "Saved cards"). */
export interface SaveCardInput {
  /** The gateway's token of the card (Stripe: the PaymentMethod id Stripe.js made). */
  token: string;
  churchId: number;
  /** The member's key at the gateway (`{churchId}:{userId}`). */
  customerKey: string;
  /** The member's one customer, found or made by `memberGatewayCustomer`: the card is kept on it. */
  customer?: string | undefined;
  payer: { name: string | null; email: string | null };
}

/** The member a customer is made for at the gateway (docs/payments.md "Saved cards"). */
export interface CustomerInput {
  churchId: number;
  /** `{churchId}:{userId}`: Stripe's idempotency key, Zoop's `metadata.cliente`. */
  customerKey: string;
  payer: { name: string | null; email: string | null };
}

/** A network error or timeout, told apart from a gateway's own refusal. */
export function isNetworkFailure(error: unknown): boolean {
  const e = error as { name?: string; code?: string; cause?: { code?: string } };
  return (
    e?.name === 'AbortError' ||
    e?.name === 'TimeoutError' ||
    (e?.name === 'TypeError' && String((error as Error).message).includes('fetch')) ||
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT'].includes(
      e?.code ?? e?.cause?.code ?? '',
    )
  );
}

/** One JSON call with a deadline; 5xx and network failures become GatewayUnavailable. */
export async function jsonCall(
  url: string,
  init: RequestInit & { timeoutMs?: number },
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 20_000) });
  } catch (error) {
    throw new GatewayUnavailable(`No answer from ${new URL(url).host}: ${(error as Error).name}`);
  }
  if (response.status >= 500)
    throw new GatewayUnavailable(`${new URL(url).host} answered ${response.status}`);
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { raw: text.slice(0, 200) };
  }
  return { status: response.status, body };
}
