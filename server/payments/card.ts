// Card numbers: checks, brand, and the sandbox test numbers (README "Test payments").
// A card number only ever lives in memory while it is tokenised; nothing here stores it.

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Luhn check digit test. */
export function luhnValid(number: string): boolean {
  const digits = onlyDigits(number);
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export type CardBrand =
  'visa' | 'mastercard' | 'amex' | 'elo' | 'hipercard' | 'diners' | 'discover' | 'unknown';

export function cardBrand(number: string): CardBrand {
  const n = onlyDigits(number);
  if (/^(4011(78|79)|431274|438935|451416|457393|504175|5067|509|627780|636297|636368|650)/.test(n))
    return 'elo';
  if (/^(606282|3841)/.test(n)) return 'hipercard';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^3(0[0-5]|[68])/.test(n)) return 'diners';
  if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
  if (/^4/.test(n)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|[3-6]\d\d|7[01]\d|720))/.test(n)) return 'mastercard';
  return 'unknown';
}

/** spec §5: card expiry as MM/AA or MM/AAAA. Returns month and four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  return now.getUTCFullYear() * 12 + now.getUTCMonth() + 1 > expiry.year * 12 + expiry.month;
}

/** How the sandbox answers for a card. */
export type CardBehaviour = 'approve' | 'decline' | 'analysis' | 'challenge';

/** The sandbox's test cards (README "Test payments"); any other valid number is approved. */
export const TEST_CARDS: Record<string, CardBehaviour> = {
  '4111111111111111': 'approve',
  '5555555555554444': 'approve',
  '4000000000000002': 'decline',
  '5105105105105100': 'decline',
  '4000000000000127': 'analysis',
  '4000000000003220': 'challenge',
};

export function cardBehaviour(number: string): CardBehaviour {
  return TEST_CARDS[onlyDigits(number)] ?? 'approve';
}

/** The one-time code that completes the sandbox's card challenge. */
export const SANDBOX_CHALLENGE_CODE = '123456';
