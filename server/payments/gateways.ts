// The payment gateways of spec §9 (cardconnect 1, picpay 4, stripe 5, zoop 8) as sandboxes
// (docs/api-foundation.md "Payments"): same interface a real gateway would sit behind, answers decided by test data.
import { randomBytes } from 'node:crypto';
import type { PaymentStatus } from '../db/schema/events.ts';
import { achApproves, routingNumberValid } from './ach.ts';
import { BOLETO_DAYS_TO_PAY, boletoBarcode, digitableLine } from './boleto.ts';
import {
  cardBehaviour,
  cardBrand,
  isExpired,
  luhnValid,
  onlyDigits,
  parseExpiry,
  SANDBOX_CHALLENGE_CODE,
  type CardBehaviour,
} from './card.ts';
import type { PaymentMethodCode } from './fees.ts';
import { buildPixCode, pixExpiry } from './pix.ts';

export const GATEWAYS = {
  // its card token (CardSecure's) is itself the card charged again: kept as is (docs/payments.md "CardConnect")
  1: { name: 'cardconnect', methods: ['cartao'], reusableCardToken: true },
  4: { name: 'picpay', methods: ['picpay'] },
  5: { name: 'stripe', methods: ['cartao', 'ach'] },
  8: { name: 'zoop', methods: ['cartao', 'pix', 'boleto'] },
} as const satisfies Record<
  number,
  { name: string; methods: PaymentMethodCode[]; reusableCardToken?: boolean }
>;
export type GatewayId = keyof typeof GATEWAYS;

/** The gateway used when a church names none (GET /global-settings/default-payment-gateway). */
export const DEFAULT_GATEWAY_ID: GatewayId = 8;

export function isGatewayId(id: number | null | undefined): id is GatewayId {
  return id !== null && id !== undefined && id in GATEWAYS;
}

export function gatewaySupports(id: number | null, method: PaymentMethodCode): boolean {
  if (method === 'dinheiro' || method === 'transferencia' || method === 'gratuito') return true;
  return isGatewayId(id) && (GATEWAYS[id].methods as readonly string[]).includes(method);
}

export interface CardInput {
  holder: string;
  number: string;
  cvv: string;
  expiry: string;
}

export interface TokenizedCard {
  token: string;
  brand: string;
  last4: string;
  holder: string;
  /** MM/YYYY */
  expiry: string;
  behaviour: CardBehaviour;
}

export type TokenizeResult =
  { ok: true; card: TokenizedCard } | { ok: false; errors: Record<string, string[]> };

/** Checks a card and turns it into a gateway token; the number goes no further than this. */
export function tokenizeCard(gatewayId: GatewayId, card: CardInput, now: Date): TokenizeResult {
  const errors: Record<string, string[]> = {};
  const number = onlyDigits(card.number);
  if (!luhnValid(number)) errors.numero = ['Invalid card number.'];
  const expiry = parseExpiry(card.expiry);
  if (!expiry) errors.validade = ['Use MM/YY or MM/YYYY.'];
  else if (isExpired(expiry, now)) errors.validade = ['The card has expired.'];
  if (!/^\d{3,4}$/.test(card.cvv.trim())) errors.cvv = ['Invalid security code.'];
  if (!card.holder.trim()) errors.titular = ['Required.'];
  if (Object.keys(errors).length || !expiry) return { ok: false, errors };
  return {
    ok: true,
    card: {
      token: `tok_${GATEWAYS[gatewayId].name}_${randomBytes(12).toString('hex')}`,
      brand: cardBrand(number),
      last4: number.slice(-4),
      holder: card.holder.trim().slice(0, 80),
      expiry: `${String(expiry.month).padStart(2, '0')}/${expiry.year}`,
      behaviour: cardBehaviour(number),
    },
  };
}

export interface ChargeRequest {
  method: PaymentMethodCode;
  gatewayId: number | null;
  orderCode: string;
  totalCents: number;
  now: Date;
  card?: { behaviour: CardBehaviour } | undefined;
  ach?: { routingNumber: string; accountNumber: string } | undefined;
  /** Who receives a Pix. */
  pixReceiver?: { key: string; name: string; city: string } | undefined;
  /** spec §9: cash has a number of days to pay, set per event. */
  cashDaysToPay?: number | undefined;
  /** Where the payer follows the payment (the sandbox's PicPay page); default the member's status page. */
  payerPage?: string | undefined;
}

export interface ChargeResult {
  status: PaymentStatus;
  reference: string;
  message?: string;
  /** The card asks the buyer to complete a challenge (spec §3 Checkout state `challenge`). */
  challenge?: boolean;
  pixCode?: string;
  boletoLine?: string;
  paymentUrl?: string;
  expiresAt?: Date;
}

const DAY = 86_400_000;
/** A card challenge left unanswered gives its seats back after this long. */
export const CHALLENGE_MINUTES = 15;

/** Charges through the sandbox gateway of the method; throws for a method the gateway lacks. */
export function charge(req: ChargeRequest): ChargeResult {
  if (!gatewaySupports(req.gatewayId, req.method))
    throw new Error(`Gateway ${req.gatewayId} does not take ${req.method}`);
  const reference = `sbx_${randomBytes(10).toString('hex')}`;
  switch (req.method) {
    case 'gratuito':
      return { status: 'aprovado', reference };
    case 'cartao': {
      const behaviour = req.card?.behaviour ?? 'decline';
      if (behaviour === 'approve') return { status: 'aprovado', reference };
      if (behaviour === 'analysis') return { status: 'em_analise', reference };
      if (behaviour === 'challenge')
        return {
          status: 'em_aberto',
          reference,
          challenge: true,
          expiresAt: new Date(req.now.getTime() + CHALLENGE_MINUTES * 60_000),
        };
      return { status: 'nao_aprovado', reference, message: 'Card declined.' };
    }
    case 'pix': {
      const receiver = req.pixReceiver ?? {
        key: 'pix@igreja.demo',
        name: 'Igreja',
        city: 'Brasil',
      };
      return {
        status: 'pendente',
        reference,
        pixCode: buildPixCode({
          key: receiver.key,
          merchantName: receiver.name,
          merchantCity: receiver.city,
          amountCents: req.totalCents,
          txid: req.orderCode,
          singleUse: true,
        }),
        expiresAt: pixExpiry(req.now),
      };
    }
    case 'boleto': {
      const due = new Date(req.now.getTime() + BOLETO_DAYS_TO_PAY * DAY);
      const ourNumber = BigInt(`0x${randomBytes(8).toString('hex')}`)
        .toString()
        .padStart(25, '0')
        .slice(-25);
      return {
        status: 'pendente',
        reference,
        boletoLine: digitableLine(
          boletoBarcode({ bank: '001', due, amountCents: req.totalCents, freeField: ourNumber }),
        ),
        expiresAt: due,
      };
    }
    case 'picpay':
      // The sandbox's PicPay page is the payment-status page, where a tester can pay it.
      return {
        status: 'aguardando',
        reference,
        paymentUrl: req.payerPage ?? `/user/payment/${req.orderCode}`,
        expiresAt: new Date(req.now.getTime() + DAY),
      };
    case 'dinheiro':
      return {
        status: 'aguardando',
        reference,
        expiresAt: new Date(req.now.getTime() + (req.cashDaysToPay ?? 3) * DAY),
      };
    case 'transferencia':
      return { status: 'aguardando', reference, expiresAt: new Date(req.now.getTime() + 3 * DAY) };
    case 'ach': {
      const ach = req.ach;
      if (!ach || !routingNumberValid(ach.routingNumber))
        return { status: 'nao_aprovado', reference, message: 'Invalid routing number.' };
      return achApproves(ach.accountNumber)
        ? { status: 'aprovado', reference }
        : { status: 'nao_aprovado', reference, message: 'Bank account not approved.' };
    }
  }
}

/** The sandbox's card challenge: the right code approves, anything else declines. */
export function completeChallenge(code: string): PaymentStatus {
  return code.trim() === SANDBOX_CHALLENGE_CODE ? 'aprovado' : 'nao_aprovado';
}
