// ACH bank accounts (spec §3 Payment fields: account number, routing number, account type).

/** ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function routingNumberValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** Sandbox rule (README "Test payments"): an account number ending in 0000 is not approved. */
export function achApproves(accountNumber: string): boolean {
  return !accountNumber.endsWith('0000');
}
