// Giving constants shared by the API and the islands, without zod (islands have a JS budget).

/** spec §9 give defaults. */
export const GIVE_DEFAULTS = {
  flagUsuarioTaxa: false,
  salvarCartao: true,
  allowRecurrency: true,
  recorrenciaDias: 30,
} as const;
/** spec §5 / §9: PicPay takes at most R$ 4.999,99 per gift. */
export const PICPAY_MAX_CENTS = 499_999;
export const MAX_REASONS_PER_GIFT = 10;
