// CardConnect's CardPointe Gateway (docs/payments.md "CardConnect"): the card number passes
// through to CardSecure for a token (never stored or logged here), the charge is an authorization
// with capture (`PUT /auth`, our order code as `orderid`), refunds fall back to a void before
// settlement, and the job asks `inquireByOrderid` when an answer was lost. It sends no webhooks.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { PaymentStatus } from '../../db/schema/events.ts';
import {
  answerOf,
  GatewayUnavailable,
  jsonCall,
  WebhookRefused,
  type GatewayAdapter,
  type LiveChargeResult,
} from './types.ts';

export interface CardConnectCredentials {
  merchantId: string;
  username: string;
  password: string;
}

const BASE = 'https://fts.cardconnect.com';

// CardPointe's answers as its API reference documents them, only the fields we read (docs/payments.md "CardConnect").
const text = z.string().nullish();
/** An authorization, refund, void or inquire answer: A approved, B retry, C declined. */
const cardconnectAnswer = z.object({
  respstat: z.string(),
  retref: text,
  resptext: text,
  setlstat: text,
});
type CardConnectAnswer = z.output<typeof cardconnectAnswer>;
/** Inquire by order id answers a list (one per attempt), by reference one answer. */
const inquireAnswer = z.union([z.array(cardconnectAnswer), cardconnectAnswer]);
const tokenAnswer = z.object({
  errorcode: z.union([z.number(), z.string()]).transform(Number),
  token: text,
});

/** An authorization's respstat (A approved, B retry, C declined) and settlement → spec §4 status. */
export function statusOfCardConnect(answer: {
  respstat?: unknown;
  setlstat?: unknown;
}): PaymentStatus {
  const settlement = String(answer.setlstat ?? '');
  if (answer.respstat === 'A') return /void|refund/i.test(settlement) ? 'estornado' : 'aprovado';
  if (answer.respstat === 'C') return 'nao_aprovado';
  return 'em_analise';
}

/** MM/YYYY → MMYY, as CardConnect takes an expiry. */
const expiryOf = (value: string | undefined) => {
  const m = /^(\d{2})\/(\d{2})?(\d{2})$/.exec(value ?? '');
  return m ? `${m[1]}${m[3]}` : undefined;
};

const dollars = (cents: number) => (cents / 100).toFixed(2);

export function cardconnectAdapter(
  credentials: CardConnectCredentials,
  apiUrl = BASE,
): GatewayAdapter {
  const base = apiUrl.replace(/\/$/, '');
  const rest = `${base}/cardconnect/rest`;
  const headers = {
    'content-type': 'application/json',
    authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
  };
  const merchid = credentials.merchantId;
  const put = async (path: string, body: Record<string, unknown>) => {
    const r = await jsonCall(`${rest}/${path}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ merchid, ...body }),
    });
    if (r.status === 401 || r.status === 403)
      throw new GatewayUnavailable('CardConnect refused the API user');
    return r;
  };
  const resultOf = (answer: CardConnectAnswer & { retref: string }): LiveChargeResult => {
    const status = statusOfCardConnect(answer);
    return {
      status,
      reference: answer.retref,
      ...(status === 'nao_aprovado' ? { message: String(answer.resptext ?? 'Declined.') } : {}),
    };
  };

  return {
    async tokenize(card) {
      const r = await jsonCall(`${base}/cardsecure/api/v1/ccn/tokenize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: card.number }),
      });
      if (r.status !== 200) throw new GatewayUnavailable(`CardSecure answered ${r.status}`);
      const answer = answerOf('CardSecure', 'tokenize', tokenAnswer, r.body);
      if (answer.errorcode !== 0 || !answer.token) return null;
      // CardSecure gives one card the same token every time; ours is per use (its own row and owner)
      return `${answer.token}.${randomBytes(6).toString('hex')}`;
    },

    async charge(input) {
      if (input.method !== 'cartao' || !input.cardToken)
        return {
          status: 'nao_aprovado',
          reference: `declined:${input.orderCode}`,
          message: `CardConnect does not take ${input.method}.`,
        };
      const r = await put('auth', {
        account: input.cardToken.split('.')[0],
        expiry: expiryOf(input.cardExpiry),
        amount: dollars(input.totalCents),
        currency: input.currency.toUpperCase(),
        orderid: input.orderCode,
        capture: 'Y',
        // a recurring gift: a merchant-initiated, scheduled charge of a card on file
        ...(input.offSession ? { ecomind: 'R', cof: 'M', cofscheduled: 'Y' } : { ecomind: 'E' }),
        name: input.payer.name ?? undefined,
        email: input.payer.email ?? undefined,
      });
      if (r.status !== 200) throw new GatewayUnavailable(`CardConnect auth answered ${r.status}`);
      const answer = answerOf('CardConnect', 'auth', cardconnectAnswer, r.body);
      // B: "retry" — the processor did not decide; the job asks again by our orderid
      if (answer.respstat === 'B')
        throw new GatewayUnavailable(`CardConnect asked to retry: ${answer.resptext ?? ''}`);
      const { retref } = answer;
      if (!retref) throw new GatewayUnavailable('CardConnect auth: unexpected answer (retref)');
      const result = resultOf({ ...answer, retref });
      // a CardSecure token can be charged again (with the card's expiry): a saved card keeps it
      if (input.saveCard && result.status === 'aprovado') result.savedToken = input.cardToken;
      return result;
    },

    async lookup(orderCode, reference) {
      const url =
        reference && !reference.startsWith('declined:')
          ? `${rest}/inquire/${encodeURIComponent(reference)}/${encodeURIComponent(merchid)}`
          : `${rest}/inquireByOrderid/${encodeURIComponent(orderCode)}/${encodeURIComponent(merchid)}/1`;
      const r = await jsonCall(url, { headers });
      if (r.status === 401 || r.status === 403)
        throw new GatewayUnavailable('CardConnect refused the API user');
      if (r.status !== 200)
        throw new GatewayUnavailable(`CardConnect inquire answered ${r.status}`);
      const found = answerOf('CardConnect', 'inquire', inquireAnswer, r.body);
      const answers = (Array.isArray(found) ? found : [found]).flatMap((a) =>
        a.retref ? [{ ...a, retref: a.retref }] : [],
      );
      // the approved one wins over an earlier decline of the same order
      const best = answers.find((a) => a.respstat === 'A') ?? answers[0];
      return best ? resultOf(best) : null;
    },

    async refund(reference, amountCents) {
      const refund = await put('refund', { retref: reference, amount: dollars(amountCents) });
      if (
        refund.status === 200 &&
        answerOf('CardConnect', 'refund', cardconnectAnswer, refund.body).respstat === 'A'
      )
        return;
      // not settled yet: a refund is refused and the authorization is voided instead
      const voided = await put('void', { retref: reference, amount: dollars(amountCents) });
      const answer =
        voided.status === 200
          ? answerOf('CardConnect', 'void', cardconnectAnswer, voided.body)
          : null;
      if (answer?.respstat !== 'A')
        throw new GatewayUnavailable(
          `CardConnect refund/void refused: ${answer?.resptext ?? voided.status}`,
        );
    },

    async cancel(reference) {
      const r = await put('void', { retref: reference });
      const answer =
        r.status === 200 ? answerOf('CardConnect', 'void', cardconnectAnswer, r.body) : null;
      if (answer?.respstat !== 'A')
        throw new GatewayUnavailable(`CardConnect void refused: ${answer?.resptext ?? r.status}`);
    },

    async webhook() {
      // CardPointe's gateway API has no per-charge notifications: the reconciliation job asks instead
      throw new WebhookRefused(400, 'CardConnect sends no webhooks');
    },
  };
}
