// The member's saved cards (spec §3 /user/cards): list by gateway, save a card the gateway
// tokenised (the number never reaches our database), delete one. Typed by the contract.
import type { z } from 'zod';
import type { CardToken, cardsResponseSchema, SavedCard } from '../../../contract/payments.ts';
import { mainApi } from '../account/http.ts';

export type CardsByGateway = z.infer<typeof cardsResponseSchema>['cartoesPorGateway'];
export type { SavedCard };
export interface CardForm {
  titular: string;
  numero: string;
  validade: string;
  cvv: string;
}

export async function savedCards(slug: string, userId: number): Promise<CardsByGateway> {
  const r = await mainApi().get(`usuario/${slug}/${userId}/cartoes`).json<z.infer<typeof cardsResponseSchema>>();
  return r.cartoesPorGateway;
}

/** Tokenises the card with the church's gateway, then saves the token for the member. */
export async function addCard(churchId: number, card: CardForm): Promise<void> {
  const api = mainApi();
  const token = await api.post(`general/payment/church/${churchId}/card/token`, { json: card }).json<CardToken>();
  await api.post('usuario-cartao-gateway-pagamento/', { searchParams: { igreja: churchId }, json: { token: token.token } }).json();
}

export async function deleteCard(cardId: number): Promise<void> {
  await mainApi().delete(`usuario-cartao-gateway-pagamento/${cardId}`).json();
}
