// The checkout calls of the web app (spec §7 "Fees, payment and giving"), for every order kind:
// fees and installments (the quote), card tokens and saved cards, POST /pagamento/ with its
// idempotency key, the card challenge, a payment's status and a visitor's receipt. Typed with the
// contract's wire types (type-only imports: no zod reaches the islands).
import type { OrderBody } from '../../../contract/checkout.ts';
import type {
  CardToken,
  FeeQuoteWire,
  InstallmentWire,
  PaymentMethodCode,
  PaymentResponse,
  SavedCard,
} from '../../../contract/payments.ts';
import { mainApi } from '../account/http.ts';

/** A new card as typed; the holder's CPF and birth date (yyyy-mm-dd) where the gateway needs them. */
export interface CardInput {
  titular: string;
  numero: string;
  validade: string;
  cvv: string;
  cpfTitular?: string;
  dataNascimentoTitular?: string;
}

/** What an order kind's fee call needs: the value before fees and the method. */
export type FeeCall = (method: PaymentMethodCode) => Promise<FeeQuoteWire>;

export const checkout = {
  /** GET /evento/{id}/calcular-taxas: an event order's fees. */
  eventFees: (eventId: number, valor: number, metodoPagamento: PaymentMethodCode) =>
    mainApi()
      .get(`evento/${eventId}/calcular-taxas`, { searchParams: { valor, metodoPagamento } })
      .json<FeeQuoteWire>(),
  /** GET /igreja/{slug}/doacao/calcular-taxas: a gift's fees (who pays them: flagUsuarioTaxa). */
  giftFees: (
    slug: string,
    valor: number,
    metodoPagamento: PaymentMethodCode,
    flagUsuarioTaxa: boolean,
  ) =>
    mainApi()
      .get(`igreja/${slug}/doacao/calcular-taxas`, {
        searchParams: { valor, metodoPagamento, flagUsuarioTaxa: String(flagUsuarioTaxa) },
      })
      .json<FeeQuoteWire>(),
  /** GET /igreja/{slug}/calcula-taxas-parcelamento-juros (spec §7: the answer is at data.data). */
  installments: async (
    slug: string,
    q: { valor: number; flagJuros: boolean; valorTaxas: number; maxParcelas: number },
  ): Promise<InstallmentWire[]> => {
    const searchParams = {
      valor: q.valor,
      flagJuros: String(q.flagJuros),
      flagTaxasAdministrativas: 'true',
      valorTaxas: q.valorTaxas,
      maxParcelas: q.maxParcelas,
    };
    const { data } = await mainApi()
      .get(`igreja/${slug}/calcula-taxas-parcelamento-juros`, { searchParams })
      .json<{ data: InstallmentWire[] }>();
    return data;
  },
  /** GET /usuario/{slug}/{userId}/cartoes: the member's saved cards at this church. */
  savedCards: async (slug: string, userId: number): Promise<SavedCard[]> =>
    (await mainApi().get(`usuario/${slug}/${userId}/cartoes`).json<{ cartoes: SavedCard[] }>())
      .cartoes,
  /** The only call that sees a card number; a visitor may call it where the church takes visitor gifts. */
  tokenize: (churchId: number, card: CardInput) =>
    mainApi()
      .post(`general/payment/church/${churchId}/card/token`, { json: card })
      .json<CardToken>(),
  /** A live gateway's own card token (Stripe.js's pm_…): the gateway is asked for the card's brand and last four. */
  gatewayToken: (churchId: number, token: string) =>
    mainApi()
      .post(`general/payment/church/${churchId}/card/gateway-token`, { json: { token } })
      .json<CardToken>(),
  /** POST /pagamento/: any order kind, one idempotency key per attempt. */
  pay: (body: OrderBody, key: string) =>
    mainApi()
      .post('pagamento/', { json: body, headers: { 'Idempotency-Key': key } })
      .json<PaymentResponse>(),
  /** POST /usuario/{user}/evento/{event}/inscricao/: a free event's registration (no payment step). */
  freeRegistration: (userId: number, eventId: number, ingressos: unknown, key: string) =>
    mainApi()
      .post(`usuario/${userId}/evento/${eventId}/inscricao/`, {
        json: { ingressos },
        headers: { 'Idempotency-Key': key },
      })
      .json<PaymentResponse>(),
  /** POST /pagamento/{code}/desafio; a visitor's payment passes its receipt key. */
  challenge: (code: string, codigo: string, chave?: string) =>
    mainApi()
      .post(`pagamento/${code}/desafio`, {
        json: { codigo },
        ...(chave ? { searchParams: { chave } } : {}),
      })
      .json<PaymentResponse>(),
  /** GET /usuario/{userId}/pagamento/?pedido= */
  status: (userId: number, code: string) =>
    mainApi()
      .get(`usuario/${userId}/pagamento/`, { searchParams: { pedido: code } })
      .json<PaymentResponse>(),
  /** GET /pagamento/{code}/recibo?chave=: a visitor's payment. */
  receipt: (code: string, chave: string) =>
    mainApi().get(`pagamento/${code}/recibo`, { searchParams: { chave } }).json<PaymentResponse>(),
  /** POST /sandbox/pagamento/{code}/{action} (README "Test payments"). */
  sandbox: (
    code: string,
    action: 'pagar' | 'expirar' | 'estornar' | 'aprovar-analise' | 'reprovar-analise',
  ) => mainApi().post(`sandbox/pagamento/${code}/${action}`).json<PaymentResponse>(),
};

export function newKey(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`
  );
}
