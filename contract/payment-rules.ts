// Payment rules shared by the API and the payment step, without zod (islands have a JS budget).

/**
 * spec §3 Payment fields: the gateways that need the card holder's CPF and birth date with the
 * card (zoop, the Brazilian gateway of spec §9). The token call refuses a card without them.
 */
export const HOLDER_FIELDS_GATEWAYS: readonly number[] = [8];

export const needsHolderFields = (gatewayId: number | null | undefined): boolean =>
  gatewayId !== null && gatewayId !== undefined && HOLDER_FIELDS_GATEWAYS.includes(gatewayId);

/** A church's currency, from the country of its address: giving's amounts and a new event's default. */
export const churchCurrency = (country: string | null | undefined): 'BRL' | 'USD' | 'ARS' =>
  country === 'US' ? 'USD' : country === 'AR' ? 'ARS' : 'BRL';
