// Bank slip ("boleto", cobrança bancária): the 44-digit barcode and its 47-digit digitable
// line (Carta-Circular BCB 2.926/2000): three fields with a modulo-10 digit each, the general
// modulo-11 digit, the due-date factor and the amount.

function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  const rest = sum % 10;
  return rest === 0 ? 0 : 10 - rest;
}

function mod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

const FACTOR_BASE = Date.UTC(1997, 9, 7);

/** Days since 1997-10-07; after 9999 (2025-02-21) the factor starts again at 1000. */
export function dueDateFactor(due: Date): string {
  const days = Math.floor(
    (Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate()) - FACTOR_BASE) /
      86_400_000,
  );
  const factor = days <= 9999 ? days : ((days - 10_000) % 9000) + 1000;
  return String(factor).padStart(4, '0');
}

export interface BoletoInput {
  /** Three-digit bank code. */
  bank: string;
  due: Date;
  amountCents: number;
  /** 25 digits of the bank's free field (agreement, our number …). */
  freeField: string;
}

/** The 44-digit barcode. */
export function boletoBarcode({ bank, due, amountCents, freeField }: BoletoInput): string {
  const free = freeField.replace(/\D/g, '').padStart(25, '0').slice(-25);
  const amount = String(amountCents).padStart(10, '0');
  if (amount.length > 10) throw new Error('Amount too large for a bank slip');
  const withoutDv = `${bank.padStart(3, '0')}9${dueDateFactor(due)}${amount}${free}`;
  const dv = mod11(withoutDv);
  return `${withoutDv.slice(0, 4)}${dv}${withoutDv.slice(4)}`;
}

/** The 47-digit digitable line of a barcode, grouped as banks print it. */
export function digitableLine(barcode: string): string {
  const f1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const f2 = barcode.slice(24, 34);
  const f3 = barcode.slice(34, 44);
  const p1 = f1 + mod10(f1);
  const p2 = f2 + mod10(f2);
  const p3 = f3 + mod10(f3);
  return `${p1.slice(0, 5)}.${p1.slice(5)} ${p2.slice(0, 5)}.${p2.slice(5)} ${p3.slice(0, 5)}.${p3.slice(5)} ${barcode[4]} ${barcode.slice(5, 19)}`;
}

/** Days until a bank slip falls due. */
export const BOLETO_DAYS_TO_PAY = 3;
