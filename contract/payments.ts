// Fees, payment and cards: the calls of spec §7 "Fees, payment and giving" that events use,
// the payment statuses of spec §4 and the payment fields of spec §3.
import { z } from 'zod';
import { idParam, slugParam } from './common.ts';
import { registrationSchema, ticketChoicesSchema } from './events.ts';
import { captchaAnswerSchema, visitorSchema } from './visitor.ts';

export const paymentMethodCodes = [
  'cartao',
  'pix',
  'boleto',
  'picpay',
  'dinheiro',
  'transferencia',
  'ach',
  'gratuito',
] as const;
export const paymentMethodCodeSchema = z.enum(paymentMethodCodes, {
  error: 'Unknown payment method.',
});
export type PaymentMethodCode = z.infer<typeof paymentMethodCodeSchema>;

/** spec §4 Payment statuses, plus the canceled and refunded end states of the status page. */
export const paymentStatusSchema = z.enum([
  'aprovado',
  'em_aberto',
  'em_analise',
  'pendente',
  'aguardando',
  'nao_aprovado',
  'cancelado',
  'estornado',
]);
export type PaymentStatusKey = z.infer<typeof paymentStatusSchema>;

const money = z.number();
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const amount = z.coerce
  .number({ error: 'Must be a number.' })
  .min(0, 'Must be zero or more.')
  .max(1_000_000, 'Too large.');

// ---- fees ----

/** GET /pagamento/calcular-taxas?metodoPagamento */
export const feeRulesQuery = z.object({ metodoPagamento: paymentMethodCodeSchema });
export const feeRulesResponseSchema = z.object({
  metodoPagamento: paymentMethodCodeSchema,
  percentualTaxaServico: z.number(),
  percentualTaxaProcessamento: z.number(),
  valorFixoTaxaProcessamento: money,
  valorMaximoTaxaProcessamento: money.nullable(),
});

/** GET /evento/{id}/calcular-taxas?valor&metodoPagamento */
export const eventFeesParams = z.object({ id: idParam });
export const eventFeesQuery = z.object({ valor: amount, metodoPagamento: paymentMethodCodeSchema });
export const feeQuoteSchema = z.object({
  valor: money,
  taxaServico: money,
  taxaProcessamento: money,
  /** What the buyer pays on top of the value (0 when the church assumes the fees). */
  valorTaxas: money,
  valorTotal: money,
  flagAssumirTaxasServico: z.boolean(),
});
export type FeeQuoteWire = z.infer<typeof feeQuoteSchema>;

/** GET /igreja/{slug}/calcula-taxas-parcelamento-juros?valor&flagJuros&flagTaxasAdministrativas&valorTaxas&maxParcelas */
export const installmentsParams = z.object({ slug: slugParam });
export const installmentsQuery = z.object({
  valor: amount,
  flagJuros: flag.default(false),
  flagTaxasAdministrativas: flag.default(false),
  valorTaxas: amount.default(0),
  maxParcelas: z.coerce.number().int('Must be a whole number.').min(1).max(12).default(1),
});
export const installmentSchema = z.object({
  parcela: z.number().int(),
  valorParcela: money,
  valorTotal: money,
  juros: money,
  flagJuros: z.boolean(),
});
export type InstallmentWire = z.infer<typeof installmentSchema>;
/** spec §7: the answer is read at data.data (the body's `data`). */
export const installmentsResponseSchema = z.object({ data: z.array(installmentSchema) });

/** GET /global-settings/default-payment-gateway */
export const defaultGatewayResponseSchema = z.object({
  idGatewayPagamento: z.number().int(),
  nome: z.string(),
});

// ---- cards ----

/** POST /general/payment/church/{id}/card/token: the only call that ever sees a card number. */
export const cardTokenParams = z.object({ id: idParam });
export const cardTokenBodySchema = z.object({
  titular: z.string().trim().min(1, 'Required.').max(80),
  numero: z.string().trim().min(12, 'Invalid card number.').max(23),
  cvv: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Invalid security code.'),
  validade: z
    .string()
    .trim()
    .regex(/^\d{2}\/(\d{2}|\d{4})$/, 'Use MM/YY or MM/YYYY.'),
  /** spec §3 Payment fields: holder CPF and birth date, for gateways that ask. */
  cpfTitular: z.string().trim().max(14).optional(),
  dataNascimentoTitular: z.string().trim().max(10).optional(),
  idGatewayPagamento: z.number().int().optional(),
});
export const cardTokenResponseSchema = z.object({
  token: z.string(),
  bandeira: z.string(),
  final: z.string(),
  titular: z.string(),
  validade: z.string(),
  idGatewayPagamento: z.number().int(),
});
export type CardToken = z.infer<typeof cardTokenResponseSchema>;

export const savedCardSchema = z.object({
  id: z.number().int(),
  idGatewayPagamento: z.number().int(),
  bandeira: z.string(),
  final: z.string(),
  titular: z.string(),
  validade: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;
/**
 * GET /usuario/{churchSlug}/{userId}/cartoes: spec §3, grouped by idGatewayPagamento. `cartoes` and
 * `cartoesPorGateway` are the cards the church can charge now; `outrosCartoes` the member's cards
 * of another gateway or mode, listed on /user/cards only so they can be deleted, never offered to
 * pay (docs/payments.md "Saved cards").
 */
export const cardsResponseSchema = z.object({
  cartoes: z.array(savedCardSchema),
  cartoesPorGateway: z.record(z.string(), z.array(savedCardSchema)),
  outrosCartoes: z.array(savedCardSchema),
});
export const cardsParams = z.object({ churchSlug: slugParam, userId: idParam });
/** POST /usuario-cartao-gateway-pagamento/?igreja= */
export const saveCardQuery = z.object({ igreja: idParam });
export const saveCardBodySchema = z.object({ token: z.string().trim().min(8).max(120) });
export const cardIdParams = z.object({ id: idParam });

// ---- payment ----

export const achAccountSchema = z.object({
  numeroConta: z
    .string()
    .trim()
    .regex(/^\d{4,17}$/, 'Invalid account number.'),
  numeroRoteamento: z
    .string()
    .trim()
    .regex(/^\d{9}$/, 'Invalid routing number.'),
  tipoConta: z.enum(['corrente', 'poupanca'], { error: 'Choose checking or savings.' }),
});

/** POST /pagamento/ (event purchase). An idempotency key is required: header or body. */
export const paymentBodySchema = z
  .object({
    tipo: z.literal('evento').default('evento'),
    evento: idParam,
    ingressos: ticketChoicesSchema,
    metodoPagamento: paymentMethodCodeSchema,
    parcelas: z.number().int().min(1).max(12).default(1),
    /** A new card's token, or a saved card's id. */
    cartao: z
      .object({ token: z.string().min(8).max(120).optional(), idCartao: idParam.optional() })
      .optional(),
    salvarCartao: z.boolean().default(false),
    ach: achAccountSchema.optional(),
    /** The buyer's billing address country (ISO alpha-2): Pix and bank slip need BR (spec §5). */
    pais: z.string().trim().length(2).toUpperCase().optional(),
    chaveIdempotencia: z.string().trim().min(8).max(100).optional(),
    /** Tickets without an account, where the event allows visitors (docs/events.md "Visitors"). */
    visitante: visitorSchema.optional(),
    captcha: captchaAnswerSchema.optional(),
  })
  .refine((b) => b.metodoPagamento !== 'cartao' || !!(b.cartao?.token || b.cartao?.idCartao), {
    message: 'Choose a card.',
    path: ['cartao'],
  })
  .refine((b) => b.metodoPagamento !== 'ach' || !!b.ach, {
    message: 'Bank account required.',
    path: ['ach'],
  });
export type PaymentBody = z.input<typeof paymentBodySchema>;

/** spec §3 Play: a subscription's `status.situacao`; only 'ativo' counts as subscribed. */
export const SUBSCRIPTION_STATUSES = ['pendente', 'ativo', 'cancelado', 'expirado'] as const;
/** The Play subscription a payment started or renewed (contract/play.ts has the rest of Play). */
export const paymentSubscriptionSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  situacao: z.enum(SUBSCRIPTION_STATUSES),
  /** End of the paid period (ISO 8601), once paid. */
  pagoAte: z.string().nullable(),
  plano: z.object({ id: z.number().int(), nome: z.string(), periodicidadeDias: z.number().int() }),
});
export type PaymentSubscription = z.infer<typeof paymentSubscriptionSchema>;

export const paymentSchema = z.object({
  codigo: z.string(),
  status: paymentStatusSchema,
  metodoPagamento: paymentMethodCodeSchema,
  idGatewayPagamento: z.number().int().nullable(),
  moeda: z.string(),
  valor: money,
  taxas: money,
  juros: money,
  valorTotal: money,
  parcelas: z.number().int(),
  valorParcela: money,
  cartao: z.object({ bandeira: z.string(), final: z.string() }).nullable(),
  pixCopiaCola: z.string().nullable(),
  /** The Pix QR code as an SVG data URL. */
  pixQrCode: z.string().nullable(),
  linhaDigitavel: z.string().nullable(),
  urlPagamento: z.string().nullable(),
  /** Until when a Pix, slip or cash payment can be paid. */
  expiraEm: z.string().nullable(),
  /** The card asks for a challenge before it is charged (spec §3 Checkout state). */
  desafio: z.boolean(),
  mensagem: z.string().nullable(),
  evento: z.object({ id: z.number().int(), titulo: z.string() }).nullable(),
  /** What was bought: event tickets, a donation (one line per reason) or a Play subscription. */
  tipo: z.enum(['evento', 'doacao', 'assinatura']),
  itens: z.array(z.object({ idMotivo: z.number().int(), motivo: z.string(), valor: money })),
  /** The recurring gift this payment started or belongs to. */
  doacaoRecorrente: z
    .object({
      id: z.number().int(),
      recorrenciaDias: z.number().int(),
      proximaCobranca: z.string(),
    })
    .nullable(),
  /** A Play subscription's payment: the subscription it started or renewed. */
  assinatura: paymentSubscriptionSchema.nullable(),
  /** A visitor's gift: who gave (no account). */
  doador: z.object({ nome: z.string(), email: z.string() }).nullable(),
  dataCadastro: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentResponseSchema = z.object({
  pagamento: paymentSchema,
  inscricoes: z.array(registrationSchema),
  /** A visitor's payment only: the key of its receipt page (GET /pagamento/{codigo}/recibo?chave=). */
  chaveRecibo: z.string().nullable().optional(),
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/** GET /usuario/{userId}/pagamento/?pedido={code} */
export const paymentStatusParams = z.object({ userId: idParam });
export const paymentStatusQuery = z.object({
  pedido: z
    .string()
    .trim()
    .min(4)
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/, 'Invalid order code.'),
});

/** POST /pagamento/{codigo}/desafio: completes the card challenge. */
export const paymentCodeParams = z.object({
  codigo: z
    .string()
    .trim()
    .min(4)
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/, 'Invalid order code.'),
});
export const challengeBodySchema = z.object({ codigo: z.string().trim().min(1).max(12) });

/** POST /sandbox/pagamento/{codigo}/{acao}: a tester drives the status (README "Test payments"). */
export const sandboxActionParams = z.object({
  codigo: paymentCodeParams.shape.codigo,
  acao: z.enum(['pagar', 'expirar', 'estornar', 'aprovar-analise', 'reprovar-analise'], {
    error: 'Unknown action.',
  }),
});
