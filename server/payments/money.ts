// Amounts are stored as integer cents and sent on the wire in currency units (spec §3 valor).

/** Integer cents → currency units with two decimals. */
export const toMoney = (cents: number) => Math.round(cents) / 100;
/** Currency units from the wire → integer cents for the database. */
export const toCents = (units: number) => Math.round(units * 100);
