// The giving calls of the web app (docs/giving.md), typed with the contract's wire types. Islands call
// these, never ky directly; the rules live on the server and come back in its answers. Paying,
// fees, cards and receipts are the checkout's calls (src/lib/checkout/api.ts).
import type {
  CaptchaWire,
  HistoryResponse,
  RecurringGift,
  Statement,
} from '../../../contract/giving.ts';
import type { PaymentResponse } from '../../../contract/payments.ts';
import { mainApi } from '../account/http.ts';

export const giving = {
  captcha: (slug: string) => mainApi().get(`igreja/${slug}/captcha`).json<CaptchaWire>(),
  recurring: (userId: number, churchId: number) =>
    mainApi()
      .get(`usuario/${userId}/doacao-recorrente`, { searchParams: { igreja: churchId } })
      .json<{ doacoesRecorrentes: RecurringGift[] }>(),
  updateRecurring: (
    userId: number,
    id: number,
    changes: {
      valor?: number;
      motivo?: number;
      recorrenciaDias?: number;
      proximaCobranca?: string;
      idCartao?: number;
    },
  ) =>
    mainApi()
      .put(`usuario/${userId}/doacao-recorrente/${id}`, { json: changes })
      .json<{ doacaoRecorrente: RecurringGift }>(),
  recurringAction: (userId: number, id: number, acao: 'pausar' | 'retomar' | 'cancelar') =>
    mainApi()
      .post(`usuario/${userId}/doacao-recorrente/${id}/${acao}`)
      .json<{ doacaoRecorrente: RecurringGift }>(),
  /** The gift's declined charge made again with the donor there: the bank's page is in urlPagamento. */
  confirmRecurring: (userId: number, id: number, churchId: number) =>
    mainApi()
      .post(`usuario/${userId}/doacao-recorrente/${id}/confirmar`, {
        searchParams: { igreja: churchId },
      })
      .json<PaymentResponse>(),
  history: (userId: number, churchId: number, ano?: number) =>
    mainApi()
      .get(`usuario/${userId}/doacao`, {
        searchParams: { igreja: churchId, ...(ano ? { ano } : {}) },
      })
      .json<HistoryResponse>(),
  statement: (userId: number, churchId: number, ano: number) =>
    mainApi()
      .get(`usuario/${userId}/doacao/extrato`, { searchParams: { igreja: churchId, ano } })
      .json<Statement>(),
};
