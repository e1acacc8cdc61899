// The member's saved cards (spec §3 /user/cards): list by gateway (the cards the church's card
// gateway can charge now) and, apart, the cards of another gateway or mode (only to delete them,
// docs/payments.md "Saved cards"), save a card the gateway tokenised (the number never reaches our
// database), delete one. Typed by the contract.
import type { z } from 'zod';
import type { cardsResponseSchema, SavedCard } from '../../../contract/payments.ts';
import { mainApi } from '../account/http.ts';

export type CardsByGateway = z.infer<typeof cardsResponseSchema>['cartoesPorGateway'];
export type MemberCards = Pick<
  z.infer<typeof cardsResponseSchema>,
  'cartoesPorGateway' | 'outrosCartoes'
>;
export type { SavedCard };

export async function savedCards(slug: string, userId: number): Promise<MemberCards> {
  const r = await mainApi()
    .get(`usuario/${slug}/${userId}/cartoes`)
    .json<z.infer<typeof cardsResponseSchema>>();
  return { cartoesPorGateway: r.cartoesPorGateway, outrosCartoes: r.outrosCartoes ?? [] };
}

/**
 * Saves for the member a card token of our API (the kit's `useNewCard().token()`: our fields, or
 * Stripe.js's field at a live Stripe church, where the server keeps it at Stripe as `cus_…|pm_…`).
 */
export async function saveCardToken(churchId: number, token: string): Promise<void> {
  await mainApi()
    .post('usuario-cartao-gateway-pagamento/', {
      searchParams: { igreja: churchId },
      json: { token },
    })
    .json();
}

export async function deleteCard(cardId: number): Promise<void> {
  await mainApi().delete(`usuario-cartao-gateway-pagamento/${cardId}`).json();
}
