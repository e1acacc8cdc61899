// A church's payment gateways in the staff area (docs/payments.md "Connecting a gateway"): which
// gateway takes each method, and each gateway's credentials, never shown back beyond four characters.
import { z } from 'zod';
import { PIX_KEY_TYPES } from './pix-key.ts';

export const GATEWAY_NAMES = ['cardconnect', 'picpay', 'stripe', 'zoop'] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];

/** spec §9 ids. */
export const GATEWAY_IDS: Record<GatewayName, number> = {
  cardconnect: 1,
  picpay: 4,
  stripe: 5,
  zoop: 8,
};

/** The credentials each gateway's live account needs; `secret` ones are sealed and never shown back. */
export const GATEWAY_FIELDS: Record<GatewayName, readonly { key: string; secret: boolean }[]> = {
  stripe: [
    { key: 'secretKey', secret: true },
    { key: 'publishableKey', secret: false },
    { key: 'webhookSecret', secret: true },
  ],
  zoop: [
    { key: 'marketplaceId', secret: false },
    { key: 'sellerId', secret: false },
    { key: 'apiKey', secret: true },
    { key: 'webhookSecret', secret: true },
  ],
  picpay: [
    { key: 'picpayToken', secret: true },
    { key: 'sellerToken', secret: true },
  ],
  cardconnect: [
    { key: 'merchantId', secret: false },
    { key: 'username', secret: false },
    { key: 'password', secret: true },
  ],
};

const CONTROL = /^[^\u0000-\u001f\u007f]*$/;

/** PUT /admin/{slug}/gateways/{gateway}: a blank or missing credential keeps the stored one. */
export const gatewayAccountInput = z.object({
  modo: z.enum(['sandbox', 'live']),
  credenciais: z.record(z.string().max(40), z.string().trim().max(500).regex(CONTROL)).default({}),
});
export type GatewayAccountInput = z.infer<typeof gatewayAccountInput>;

export const gatewayParams = z.object({ gateway: z.enum(GATEWAY_NAMES) });

/** PUT /admin/{slug}/gateways-metodos: the gateway of each method the church takes. */
export const methodGatewaysInput = z.object({
  metodos: z
    .array(
      z.object({
        codigo: z.enum(['cartao', 'pix', 'boleto', 'picpay', 'ach']),
        idGatewayPagamento: z.number().int(),
      }),
    )
    .max(10),
});

export const gatewayAccountSchema = z.object({
  gateway: z.enum(GATEWAY_NAMES),
  idGatewayPagamento: z.number(),
  metodos: z.array(z.string()),
  modo: z.enum(['sandbox', 'live']),
  /** Each credential: set or not, and its last four characters. */
  campos: z.array(
    z.object({ campo: z.string(), secreto: z.boolean(), final: z.string().nullable() }),
  ),
  /** The address to give the gateway for its notifications. */
  urlWebhook: z.string(),
  atualizadoEm: z.string().nullable(),
  /** Live keys are tried at the gateway when saved (Stripe, Zoop); false: nothing checks them before a payment. */
  chavesConferidas: z.boolean(),
});
export type GatewayAccount = z.infer<typeof gatewayAccountSchema>;

/** GET /admin/{slug}/gateways */
export const gatewayAccountsSchema = z.object({
  gateways: z.array(gatewayAccountSchema),
  metodos: z.array(
    z.object({
      codigo: z.string(),
      nome: z.string(),
      idGatewayPagamento: z.number().nullable(),
      ativo: z.boolean(),
    }),
  ),
  /** The church's Pix key (receiver of the Pix codes the product builds); null: the church's e-mail stands in. */
  chavePix: z
    .object({ tipo: z.enum(PIX_KEY_TYPES), chave: z.string(), formatada: z.string() })
    .nullable(),
});
export type GatewayAccounts = z.infer<typeof gatewayAccountsSchema>;

/** POST /general/payment/church/{id}/card/gateway-token: a card token made by the gateway's own form. */
export const gatewayCardBodySchema = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,200}$/, 'Invalid card number.'),
});
