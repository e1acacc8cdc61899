// Zoop (docs/payments.md "Zoop"): cards (the number passes through to Zoop's card tokens, a saved
// card is a Zoop card of a buyer made for the member), dynamic Pix with its expiry at Zoop, bank
// slips (for a buyer made at Zoop), void (refund, Pix devolução, cancel), and webhooks checked by
// the Authorization value the church registered with Zoop, after which the transaction's status is
// read from Zoop itself. Every transaction carries our order code as reference_id.
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PaymentStatus } from '../../db/schema/events.ts';
import {
  answerOf,
  GatewayUnavailable,
  jsonCall,
  WebhookRefused,
  type CustomerInput,
  type GatewayAdapter,
  type LiveChargeInput,
  type LiveChargeResult,
} from './types.ts';

export interface ZoopCredentials {
  marketplaceId: string;
  sellerId: string;
  apiKey: string;
  webhookSecret: string;
}

const BASE = 'https://api.zoop.ws';

// Zoop's answers as its API reference documents them, only the fields we read (docs/payments.md "Zoop").
const text = z.string().nullish();
const zoopId = z.union([z.string().min(1), z.number()]).transform(String);
const zoopTransaction = z.object({
  id: zoopId,
  status: z.string(),
  payment_type: text,
  captured: z.boolean().nullish(),
  refunded: z.boolean().nullish(),
  amount: z.union([z.number(), z.string()]).nullish(),
  reference_id: text,
  payment_method: z
    .object({
      qr_code: z.object({ emv: text }).nullish(),
      emv: text,
      digitable_line: text,
      barcode: text,
      url: text,
      expiration_date: text,
      expires_at: text,
    })
    .nullish(),
  error: z.object({ message: text }).nullish(),
  history: z.array(z.object({ response_message: text })).nullish(),
});
type ZoopTransaction = z.output<typeof zoopTransaction>;
const zoopList = z.object({ items: z.array(zoopTransaction).default([]) });
const zoopMade = z.object({ id: zoopId });
const zoopRefusal = z
  .object({
    message: text,
    error: z.object({ message: text, transaction_id: text }).nullish(),
  })
  .nullish();
const zoopCardToken = z.object({
  type: z.string(),
  card: z
    .object({
      card_brand: text,
      last4_digits: text,
      holder_name: text,
      expiration_month: z.union([z.string(), z.number()]).nullish(),
      expiration_year: z.union([z.string(), z.number()]).nullish(),
    })
    .nullish(),
});
const zoopEvent = z.object({
  id: z.string().min(1),
  type: z.string().default('unknown'),
  payload: z
    .object({ object: z.object({ id: zoopId.nullish(), reference_id: text }).nullish() })
    .nullish(),
});

/** Zoop's transaction status → spec §4 status; `canceled` after a capture is a refund (void). */
export function statusOfZoop(
  transaction: { status?: unknown; captured?: unknown; refunded?: unknown },
  method: string,
): PaymentStatus {
  switch (String(transaction.status)) {
    case 'succeeded':
      return 'aprovado';
    case 'failed':
      return 'nao_aprovado';
    case 'canceled':
      return transaction.captured === true || transaction.refunded === true
        ? 'estornado'
        : 'cancelado';
    case 'reversed':
    case 'refunded':
    case 'charged_back':
      return 'estornado';
    case 'pre_authorized':
      return 'em_analise';
    default:
      // new / pending: a Pix or slip waits for the payer (and its expiry sweep); a card is in analysis
      return method === 'cartao' ? 'em_analise' : 'pendente';
  }
}

const methodOf = (paymentType: unknown) =>
  paymentType === 'pix' ? 'pix' : paymentType === 'boleto' ? 'boleto' : 'cartao';

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** What our pipeline keeps of a Zoop transaction. */
function resultOf(tx: ZoopTransaction): LiveChargeResult {
  const method = methodOf(tx.payment_type);
  const status = statusOfZoop(tx, method);
  const pm = tx.payment_method ?? {};
  const emv = pm.qr_code?.emv ?? pm.emv;
  const line = pm.digitable_line ?? pm.barcode;
  const expiry = pm.expiration_date ?? pm.expires_at;
  return {
    status,
    reference: String(tx.id),
    ...(method === 'pix' && typeof emv === 'string' ? { pixCode: emv } : {}),
    ...(method === 'boleto' && typeof line === 'string' ? { boletoLine: line } : {}),
    ...(method === 'boleto' && typeof pm.url === 'string' ? { paymentUrl: pm.url } : {}),
    ...(typeof expiry === 'string' && method !== 'cartao' && !Number.isNaN(Date.parse(expiry))
      ? { expiresAt: new Date(expiry) }
      : {}),
    ...(status === 'nao_aprovado'
      ? { message: String(tx.error?.message ?? tx.history?.[0]?.response_message ?? 'Declined.') }
      : {}),
  };
}

export function zoopAdapter(credentials: ZoopCredentials, apiUrl = BASE): GatewayAdapter {
  const base = `${apiUrl.replace(/\/$/, '')}/v1/marketplaces/${encodeURIComponent(credentials.marketplaceId)}`;
  const headers = {
    'content-type': 'application/json',
    // Zoop's API key is the Basic user name, with no password
    authorization: `Basic ${Buffer.from(`${credentials.apiKey}:`).toString('base64')}`,
  };
  const refused = (what: string, status: number) => {
    if (status === 401 || status === 403)
      throw new GatewayUnavailable(`Zoop refused the API key (${what})`);
  };

  const byId = async (id: string) => {
    const r = await jsonCall(`${base}/transactions/${encodeURIComponent(id)}`, { headers });
    refused('transaction', r.status);
    if (r.status === 404) return null;
    if (r.status !== 200) throw new GatewayUnavailable(`Zoop transaction answered ${r.status}`);
    return answerOf('Zoop', 'transaction', zoopTransaction, r.body);
  };

  /** The seller's transaction with our order code as reference_id, when our commit never got its id. */
  const byOrder = async (orderCode: string) => {
    const r = await jsonCall(
      `${base}/sellers/${encodeURIComponent(credentials.sellerId)}/transactions?reference_id=${encodeURIComponent(orderCode)}`,
      { headers },
    );
    refused('search', r.status);
    if (r.status === 404) return null;
    if (r.status !== 200) throw new GatewayUnavailable(`Zoop search answered ${r.status}`);
    const { items } = answerOf('Zoop', 'search', zoopList, r.body);
    return items.find((i) => i.reference_id === orderCode) ?? null;
  };

  const voidTransaction = async (id: string, amountCents?: number) => {
    const known = await byId(id);
    if (!known) throw new GatewayUnavailable('Zoop has no such transaction');
    const r = await jsonCall(`${base}/transactions/${encodeURIComponent(id)}/void`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        on_behalf_of: credentials.sellerId,
        amount: amountCents ?? known.amount,
      }),
    });
    refused('void', r.status);
    return r;
  };

  /** A slip at Zoop belongs to a buyer: one made from the payer's name, e-mail and CPF. */
  const buyerFor = async (input: LiveChargeInput) => {
    const [first, ...rest] = (input.payer.name ?? 'Doador').trim().split(/\s+/);
    const r = await jsonCall(`${base}/buyers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        first_name: first,
        last_name: rest.join(' ') || first,
        email: input.payer.email ?? undefined,
        taxpayer_id: input.payer.cpf ?? undefined,
        metadata: { pedido: input.orderCode },
      }),
    });
    refused('buyer', r.status);
    if (r.status !== 200 && r.status !== 201) return null;
    return answerOf('Zoop', 'buyer', zoopMade, r.body).id;
  };

  /**
   * A buyer at Zoop for a member's saved cards, tagged with the customerKey in its metadata. Zoop
   * takes no idempotency key: memberGatewayCustomer (server/payments/gateway-customer.ts) asks for
   * it once per member; each saved card's `buyer|card` token carries its buyer afterwards.
   */
  const memberBuyer = async (input: CustomerInput) => {
    const key = input.customerKey;
    const [first, ...rest] = (input.payer.name ?? 'Membro').trim().split(/\s+/);
    const r = await jsonCall(`${base}/buyers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        first_name: first,
        last_name: rest.join(' ') || first,
        email: input.payer.email ?? undefined,
        metadata: { cliente: key },
      }),
    });
    refused('buyer', r.status);
    if (r.status !== 200 && r.status !== 201) return null;
    return answerOf('Zoop', 'buyer', zoopMade, r.body).id;
  };

  /** Associates a single-use card token with the buyer: Zoop answers a card that can be charged again. */
  const keepCard = async (token: string, buyer: string) => {
    const r = await jsonCall(`${base}/cards`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ token, customer: buyer }),
    });
    refused('card', r.status);
    if (r.status !== 200 && r.status !== 201) return null;
    return answerOf('Zoop', 'card', zoopMade, r.body).id;
  };

  return {
    async tokenize(card) {
      const m = /^(\d{2})\/(\d{4})$/.exec(card.expiry);
      if (!m) return null;
      // The number and the CVV go to Zoop only (docs/payments.md "Zoop"): this call logs nothing.
      const r = await jsonCall(`${base}/cards/tokens`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          holder_name: card.holder ?? '',
          expiration_month: m[1],
          expiration_year: m[2],
          card_number: card.number,
          security_code: card.cvv ?? '',
        }),
      });
      refused('card token', r.status);
      if (r.status !== 200 && r.status !== 201) return null;
      return answerOf('Zoop', 'card token', zoopMade, r.body).id;
    },

    customer: memberBuyer,

    async saveCard(input) {
      // /user/addcard: the member's one buyer, found or made before (memberGatewayCustomer), keeps the card
      const buyer = input.customer;
      const card = buyer ? await keepCard(input.token, buyer) : null;
      return buyer && card ? `${buyer}|${card}` : null;
    },

    async charge(input) {
      // Zoop takes no idempotency key: a retry first looks for our reference_id (reconcile does)
      let saving: string | undefined;
      const common = {
        amount: input.totalCents,
        currency: input.currency.toUpperCase(),
        description: input.orderCode,
        on_behalf_of: credentials.sellerId,
        reference_id: input.orderCode,
        metadata: { pedido: input.orderCode, igreja: String(input.churchId) },
      };
      let body: Record<string, unknown>;
      if (input.method === 'pix') {
        const expires = input.expiresAt ?? new Date(input.now.getTime() + 3_600_000);
        body = {
          ...common,
          payment_type: 'pix',
          // the expiry lives at Zoop too, so an order we cancelled cannot be paid later
          payment_method: { expiration_date: expires.toISOString() },
        };
      } else if (input.method === 'boleto') {
        const buyer = await buyerFor(input);
        if (!buyer)
          return {
            status: 'nao_aprovado',
            reference: `declined:${input.orderCode}`,
            message: 'Payer refused.',
          };
        const due = input.expiresAt ?? new Date(input.now.getTime() + 3 * 86_400_000);
        body = {
          ...common,
          payment_type: 'boleto',
          customer: buyer,
          payment_method: { expiration_date: due.toISOString().slice(0, 10) },
        };
      } else if (input.method === 'cartao') {
        if (!input.cardToken)
          return {
            status: 'nao_aprovado',
            reference: `declined:${input.orderCode}`,
            message: 'No card.',
          };
        let source: Record<string, unknown> = {
          usage: 'single_use',
          card: { id: input.cardToken },
        };
        let buyer: string | undefined;
        const [keptBuyer, keptCard] = input.cardToken.split('|');
        if (keptBuyer && keptCard) {
          // a saved card (`buyer|card`): Zoop charges the buyer's reusable card, payer there or not
          buyer = keptBuyer;
          source = { usage: 'reusable', card: { id: keptCard } };
        } else if (input.saveCard) {
          // the member's one buyer, found or made before the charge (memberGatewayCustomer)
          const made = input.customer;
          const card = made ? await keepCard(input.cardToken, made) : null;
          if (!made || !card)
            return {
              status: 'nao_aprovado',
              reference: `declined:${input.orderCode}`,
              message: 'Zoop did not keep the card.',
            };
          buyer = made;
          source = { usage: 'reusable', card: { id: card } };
          saving = `${made}|${card}`;
        }
        body = {
          ...common,
          payment_type: 'credit',
          ...(buyer ? { customer: buyer } : {}),
          ...(input.installments > 1
            ? {
                installment_plan: {
                  mode: 'interest_free',
                  number_installments: input.installments,
                },
              }
            : {}),
          source: {
            ...source,
            amount: input.totalCents,
            currency: input.currency.toUpperCase(),
            type: 'card',
          },
        };
      } else {
        return {
          status: 'nao_aprovado',
          reference: `declined:${input.orderCode}`,
          message: `Zoop does not take ${input.method}.`,
        };
      }
      const r = await jsonCall(`${base}/transactions`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      refused('create', r.status);
      if (r.status === 200 || r.status === 201) {
        const result = resultOf(answerOf('Zoop', 'create', zoopTransaction, r.body));
        // the card Zoop now keeps for the member: charged next time as `buyer|card`
        if (saving && result.status === 'aprovado') result.savedToken = saving;
        return result;
      }
      // A card refusal is an answer (402 and 4xx with an error object); the order gives its seats back.
      const refusal = zoopRefusal.safeParse(r.body).data;
      return {
        status: 'nao_aprovado',
        reference: refusal?.error?.transaction_id ?? `declined:${input.orderCode}`,
        message: String(refusal?.error?.message ?? refusal?.message ?? 'Declined.'),
      };
    },

    async lookup(orderCode, reference) {
      const found =
        reference && !reference.startsWith('declined:')
          ? await byId(reference)
          : await byOrder(orderCode);
      return found ? resultOf(found) : null;
    },

    async cardOf(token) {
      const r = await jsonCall(`${base}/tokens/${encodeURIComponent(token)}`, { headers });
      refused('token', r.status);
      if (r.status !== 200) return null;
      const found = answerOf('Zoop', 'token', zoopCardToken, r.body);
      if (found.type !== 'card' || !found.card) return null;
      const card = found.card;
      return {
        brand: String(card.card_brand ?? 'unknown').toLowerCase(),
        last4: String(card.last4_digits ?? ''),
        holder: String(card.holder_name ?? ''),
        expiry: `${String(card.expiration_month ?? '').padStart(2, '0')}/${card.expiration_year ?? ''}`,
      };
    },

    async forgetCard(token) {
      // a saved card is `buyer|card`: the card is deleted at Zoop (DELETE …/cards/{id}), the buyer
      // stays for the member's next card (docs/payments.md "Saved cards"). A bare token is a
      // single-use card token Zoop never kept.
      const [, card] = token.split('|');
      if (!card) return false;
      const r = await jsonCall(`${base}/cards/${encodeURIComponent(card)}`, {
        method: 'DELETE',
        headers,
      });
      refused('card delete', r.status);
      if (r.status === 404) return false; // already gone
      if (r.status !== 200 && r.status !== 204)
        throw new GatewayUnavailable(`Zoop card delete answered ${r.status}`);
      return true;
    },

    async forgetCustomer(buyer) {
      // the member's buyer, with their name, e-mail and CPF, is deleted (DELETE …/buyers/{id})
      if (!buyer) return false;
      const r = await jsonCall(`${base}/buyers/${encodeURIComponent(buyer)}`, {
        method: 'DELETE',
        headers,
      });
      refused('buyer delete', r.status);
      if (r.status === 404) return false; // already gone
      if (r.status !== 200 && r.status !== 204)
        throw new GatewayUnavailable(`Zoop buyer delete answered ${r.status}`);
      return true;
    },

    async checkAccount() {
      // the seller under the marketplace, read with the API key: a wrong id or key is refused
      const r = await jsonCall(`${base}/sellers/${encodeURIComponent(credentials.sellerId)}`, {
        headers,
        timeoutMs: 10_000,
      });
      if (r.status === 200) return 'ok';
      if (r.status === 401 || r.status === 403) return 'refused';
      if (r.status === 404) return 'unknownAccount';
      throw new GatewayUnavailable(`Zoop seller answered ${r.status}`);
    },

    async refund(reference, amountCents) {
      const r = await voidTransaction(reference, amountCents);
      if (r.status !== 200 && r.status !== 201)
        throw new GatewayUnavailable(`Zoop void answered ${r.status}`);
    },

    async cancel(reference) {
      const r = await voidTransaction(reference);
      if (r.status !== 200 && r.status !== 201)
        throw new GatewayUnavailable(`Zoop void answered ${r.status}`);
    },

    async webhook(requestHeaders, rawBody) {
      // The church registers the webhook at Zoop with its `authorization` value: Zoop sends it back as is.
      const given = requestHeaders.get('authorization');
      if (!given) throw new WebhookRefused(400, 'Zoop webhook without Authorization');
      const bare = given.replace(/^(Basic|Bearer|Token)\s+/i, '');
      if (!same(given, credentials.webhookSecret) && !same(bare, credentials.webhookSecret))
        throw new WebhookRefused(401, 'Zoop webhook with a wrong Authorization');
      let raw: unknown;
      try {
        raw = JSON.parse(rawBody);
      } catch {
        throw new WebhookRefused(400, 'Zoop webhook that is not JSON');
      }
      const event = zoopEvent.safeParse(raw);
      if (!event.success) throw new WebhookRefused(400, 'Zoop webhook without an id');
      const { id, type } = event.data;
      const object = event.data.payload?.object;
      if (!type.startsWith('transaction.') || !object?.id)
        return { id, kind: type, reference: null, orderCode: null, status: null };
      // The event names the transaction; its status is read from Zoop itself.
      const current = await byId(String(object.id));
      return {
        id,
        kind: type,
        reference: String(object.id),
        orderCode: current?.reference_id ?? object.reference_id ?? null,
        status: current ? statusOfZoop(current, methodOf(current.payment_type)) : null,
      };
    },
  };
}
