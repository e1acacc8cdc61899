// The member's saved cards (spec §3 /user/cards): list by gateway, save a card the gateway
// tokenised (the number never reaches our database), delete one. Typed by the contract.
import type { z } from 'zod';
import type { cardsResponseSchema, SavedCard } from '../../../contract/payments.ts';
import { mainApi } from '../account/http.ts';
import { checkout, type CardInput } from '../checkout/api.ts';

export type CardsByGateway = z.infer<typeof cardsResponseSchema>['cartoesPorGateway'];
export type { SavedCard };

export async function savedCards(slug: string, userId: number): Promise<CardsByGateway> {
  const r = await mainApi()
    .get(`usuario/${slug}/${userId}/cartoes`)
    .json<z.infer<typeof cardsResponseSchema>>();
  return r.cartoesPorGateway;
}

/** Tokenises the card with the church's gateway, then saves the token for the member. */
export async function addCard(churchId: number, card: CardInput): Promise<void> {
  const token = await checkout.tokenize(churchId, card);
  await mainApi()
    .post('usuario-cartao-gateway-pagamento/', {
      searchParams: { igreja: churchId },
      json: { token: token.token },
    })
    .json();
}

export async function deleteCard(cardId: number): Promise<void> {
  await mainApi().delete(`usuario-cartao-gateway-pagamento/${cardId}`).json();
}
