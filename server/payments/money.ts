// Amounts are stored as integer cents and sent on the wire in currency units (spec §3 valor).

/** Integer cents → currency units with two decimals. */
export const toMoney = (cents: number) => Math.round(cents) / 100;
