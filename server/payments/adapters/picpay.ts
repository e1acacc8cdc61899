// PicPay e-commerce (docs/payments.md "PicPay"): create the payment, send the payer to its
// `paymentUrl`, hear the callback (checked by its x-seller-token), read the status, cancel.
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PaymentStatus } from '../../db/schema/events.ts';
import {
  answerOf,
  jsonCall,
  GatewayUnavailable,
  WebhookRefused,
  type GatewayAdapter,
} from './types.ts';

export interface PicPayCredentials {
  picpayToken: string;
  sellerToken: string;
}

const BASE = 'https://appws.picpay.com/ecommerce/public';

// PicPay's answers as its e-commerce API documents them, only the fields we read (docs/payments.md "PicPay").
const text = z.string().nullish();
const statusAnswer = z.object({ status: z.string(), referenceId: text, authorizationId: text });
const createdAnswer = z.object({
  referenceId: text,
  paymentUrl: z.string().min(1),
  expiresAt: text,
});
const refusal = z.object({ message: text }).nullish();
const callback = z.object({
  referenceId: z.string().min(1),
  authorizationId: z.union([z.string(), z.number()]).nullish(),
});

/** PicPay's payment status → spec §4 status. */
export function statusOfPicPay(status: string): PaymentStatus {
  switch (status) {
    case 'paid':
    case 'completed':
      return 'aprovado';
    case 'analysis':
      return 'em_analise';
    case 'expired':
      return 'cancelado';
    case 'refunded':
    case 'chargeback':
      return 'estornado';
    default:
      return 'aguardando';
  }
}

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function picpayAdapter(credentials: PicPayCredentials, apiUrl = BASE): GatewayAdapter {
  const headers = { 'content-type': 'application/json', 'x-picpay-token': credentials.picpayToken };
  const base = apiUrl.replace(/\/$/, '');

  const status = async (referenceId: string) => {
    const r = await jsonCall(`${base}/payments/${encodeURIComponent(referenceId)}/status`, {
      headers,
    });
    if (r.status === 404 || r.status === 422) return null;
    if (r.status !== 200) throw new GatewayUnavailable(`PicPay status answered ${r.status}`);
    const answer = answerOf('PicPay', 'status', statusAnswer, r.body);
    return {
      status: statusOfPicPay(answer.status),
      reference: answer.referenceId ?? referenceId,
      authorizationId: answer.authorizationId ?? null,
    };
  };

  return {
    async charge(input) {
      // PicPay keeps one payment per referenceId, so a retry of the same order cannot make a second one.
      const [firstName, ...rest] = (input.payer.name ?? 'Doador').trim().split(/\s+/);
      const r = await jsonCall(`${base}/payments`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          referenceId: input.orderCode,
          callbackUrl: input.notifyUrl,
          returnUrl: input.returnUrl,
          value: input.totalCents / 100,
          expiresAt: (input.expiresAt ?? new Date(input.now.getTime() + 86_400_000)).toISOString(),
          buyer: {
            firstName,
            lastName: rest.join(' ') || firstName,
            document: input.payer.cpf ?? undefined,
            email: input.payer.email ?? undefined,
          },
        }),
      });
      if (r.status === 200 || r.status === 201) {
        const made = answerOf('PicPay', 'create', createdAnswer, r.body);
        return {
          status: 'aguardando',
          reference: made.referenceId ?? input.orderCode,
          paymentUrl: made.paymentUrl,
          ...(made.expiresAt ? { expiresAt: new Date(made.expiresAt) } : {}),
        };
      }
      // the same referenceId again: the first one stands; its status says where it is
      if (r.status === 422 && /referenceId/i.test(JSON.stringify(r.body ?? ''))) {
        const known = await status(input.orderCode);
        if (known) return known;
      }
      if (r.status === 401) throw new GatewayUnavailable('PicPay refused the x-picpay-token');
      return {
        status: 'nao_aprovado',
        reference: input.orderCode,
        message: refusal.safeParse(r.body).data?.message ?? 'Refused.',
      };
    },

    async lookup(orderCode) {
      return status(orderCode);
    },

    async refund(reference) {
      const known = await status(reference);
      const r = await jsonCall(`${base}/payments/${encodeURIComponent(reference)}/cancellations`, {
        method: 'POST',
        headers,
        body: JSON.stringify(
          known?.authorizationId ? { authorizationId: known.authorizationId } : {},
        ),
      });
      if (r.status !== 200)
        throw new GatewayUnavailable(`PicPay cancellation answered ${r.status}`);
    },

    async cancel(reference) {
      const r = await jsonCall(`${base}/payments/${encodeURIComponent(reference)}/cancellations`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      if (r.status !== 200)
        throw new GatewayUnavailable(`PicPay cancellation answered ${r.status}`);
    },

    async webhook(requestHeaders, rawBody) {
      const token = requestHeaders.get('x-seller-token');
      if (!token) throw new WebhookRefused(400, 'PicPay callback without x-seller-token');
      if (!same(token, credentials.sellerToken))
        throw new WebhookRefused(401, 'PicPay callback with a wrong x-seller-token');
      let raw: unknown;
      try {
        raw = JSON.parse(rawBody);
      } catch {
        throw new WebhookRefused(400, 'PicPay callback that is not JSON');
      }
      const parsed = callback.safeParse(raw);
      if (!parsed.success) throw new WebhookRefused(400, 'PicPay callback without referenceId');
      const body = parsed.data;
      const { referenceId } = body;
      // The callback only names the payment: its status is read from PicPay itself.
      const known = await status(referenceId);
      return {
        id: `${referenceId}:${known?.status ?? 'unknown'}:${String(body.authorizationId ?? '')}`,
        kind: 'callback',
        reference: referenceId,
        orderCode: referenceId,
        status: known?.status ?? null,
      };
    },
  };
}
