// The giving calls of the web app (issue 8), typed with the contract's wire types. Islands call
// these, never ky directly; the rules live on the server and come back in its answers.
import type { CaptchaWire, DonationBody, HistoryResponse, RecurringGift, Statement } from '../../../contract/giving.ts';
import type { CardToken, FeeQuoteWire, PaymentResponse, SavedCard } from '../../../contract/payments.ts';
import { mainApi } from '../account/http.ts';

export const giving = {
  /** The gift's fees for a method (who pays them: flagUsuarioTaxa). */
  fees: (slug: string, valor: number, metodoPagamento: string, flagUsuarioTaxa: boolean) =>
    mainApi().get(`igreja/${slug}/doacao/calcular-taxas`, { searchParams: { valor, metodoPagamento, flagUsuarioTaxa: String(flagUsuarioTaxa) } }).json<FeeQuoteWire>(),
  captcha: (slug: string) => mainApi().get(`igreja/${slug}/captcha`).json<CaptchaWire>(),
  cards: (slug: string, userId: number) => mainApi().get(`usuario/${slug}/${userId}/cartoes`).json<{ cartoes: SavedCard[] }>(),
  /** The only call that sees a card number. */
  tokenize: (churchId: number, card: { titular: string; numero: string; validade: string; cvv: string; cpfTitular?: string; dataNascimentoTitular?: string }) =>
    mainApi().post(`general/payment/church/${churchId}/card/token`, { json: card }).json<CardToken>(),
  give: (body: DonationBody, key: string) => mainApi().post('pagamento/', { json: body, headers: { 'Idempotency-Key': key } }).json<PaymentResponse>(),
  challenge: (code: string, codigo: string) => mainApi().post(`pagamento/${code}/desafio`, { json: { codigo } }).json<PaymentResponse>(),
  payment: (userId: number, code: string) => mainApi().get(`usuario/${userId}/pagamento/`, { searchParams: { pedido: code } }).json<PaymentResponse>(),
  receipt: (code: string, chave: string) => mainApi().get(`pagamento/${code}/recibo`, { searchParams: { chave } }).json<PaymentResponse>(),
  recurring: (userId: number, churchId: number) =>
    mainApi().get(`usuario/${userId}/doacao-recorrente`, { searchParams: { igreja: churchId } }).json<{ doacoesRecorrentes: RecurringGift[] }>(),
  updateRecurring: (userId: number, id: number, changes: { valor?: number; motivo?: number; recorrenciaDias?: number; proximaCobranca?: string; idCartao?: number }) =>
    mainApi().put(`usuario/${userId}/doacao-recorrente/${id}`, { json: changes }).json<{ doacaoRecorrente: RecurringGift }>(),
  recurringAction: (userId: number, id: number, acao: 'pausar' | 'retomar' | 'cancelar') =>
    mainApi().post(`usuario/${userId}/doacao-recorrente/${id}/${acao}`).json<{ doacaoRecorrente: RecurringGift }>(),
  history: (userId: number, churchId: number, ano?: number) =>
    mainApi().get(`usuario/${userId}/doacao`, { searchParams: { igreja: churchId, ...(ano ? { ano } : {}) } }).json<HistoryResponse>(),
  statement: (userId: number, churchId: number, ano: number) =>
    mainApi().get(`usuario/${userId}/doacao/extrato`, { searchParams: { igreja: churchId, ano } }).json<Statement>(),
};
