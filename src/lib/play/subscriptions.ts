// A member's Play subscription calls from the browser (docs/play.md "Subscribing, cancelling, renewals"; spec §7 Play): my plan, cancelling,
// changing the renewal card or the plan, and the plan checkout's quote (paying itself is lib/checkout/api.ts `pay`). Typed by the contract
// (type-only imports: no zod reaches the browser).
import type { FeeQuoteWire, PaymentMethodCode } from '../../../contract/payments.ts';
import type { PlaySubscription } from '../../../contract/play.ts';
import { mainApi } from '../account/http.ts';

/** `GET /usuario/{id}/usuario-plano-assinatura/?igreja`: the member's subscriptions, newest first. */
export const loadMySubscriptions = async (
  churchId: number,
  userId: number,
): Promise<PlaySubscription[]> =>
  (
    await mainApi()
      .get(`usuario/${userId}/usuario-plano-assinatura/`, { searchParams: { igreja: churchId } })
      .json<{ assinaturas: PlaySubscription[] }>()
  ).assinaturas;

/** `POST /usuario-plano-assinatura/{id}/cancelar?igreja`: renewals stop, access stays until `pagoAte`. */
export const cancelSubscription = async (
  subscriptionId: number,
  churchId: number,
): Promise<PlaySubscription> =>
  (
    await mainApi()
      .post(`usuario-plano-assinatura/${subscriptionId}/cancelar`, {
        searchParams: { igreja: churchId },
      })
      .json<{ assinatura: PlaySubscription }>()
  ).assinatura;

/** `GET /igreja/{slug}/plano-assinatura/{id}/calcular-taxas`: the first charge's quote (a FeeCall of the payment step). */
export const planFees = (slug: string, planId: number, metodoPagamento: PaymentMethodCode) =>
  mainApi()
    .get(`igreja/${slug}/plano-assinatura/${planId}/calcular-taxas`, {
      searchParams: { metodoPagamento },
    })
    .json<FeeQuoteWire>();

/** `PUT /usuario-plano-assinatura/{id}/cartao?igreja`: the card renewals charge (a saved card, or a new card's token). */
export const changeSubscriptionCard = async (
  subscriptionId: number,
  churchId: number,
  cartao: { token?: string; idCartao?: number },
): Promise<PlaySubscription> =>
  (
    await mainApi()
      .put(`usuario-plano-assinatura/${subscriptionId}/cartao`, {
        searchParams: { igreja: churchId },
        json: { cartao },
      })
      .json<{ assinatura: PlaySubscription }>()
  ).assinatura;

/** `PUT /usuario-plano-assinatura/{id}/plano?igreja`: the plan charged from the next renewal on. */
export const changeSubscriptionPlan = async (
  subscriptionId: number,
  churchId: number,
  planoAssinatura: number,
): Promise<PlaySubscription> =>
  (
    await mainApi()
      .put(`usuario-plano-assinatura/${subscriptionId}/plano`, {
        searchParams: { igreja: churchId },
        json: { planoAssinatura },
      })
      .json<{ assinatura: PlaySubscription }>()
  ).assinatura;
