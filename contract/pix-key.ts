// Pix keys (spec §3 Payment fields: cnpj, cpf, email, phone, random), checked by their type
// wherever one is entered or shown: the receiver's key inside a Pix code, and any form that asks
// for a key (docs/giving.md "Pix keys"). Plain functions, no zod, so an island's bundle stays small;
// a form's schema is contract/pix-key-input.ts.
import { formatCpf, isValidCpf, onlyDigits } from './account-rules.ts';

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'telefone', 'aleatoria'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** CNPJ check digits (Receita Federal's weights). */
export function isValidCnpj(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const digit = (length: number) => {
    const weights =
      length === 12
        ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
        : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((s, w, i) => s + w * Number(d[i]), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return digit(12) === Number(d[12]) && digit(13) === Number(d[13]);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The Central Bank's forms: a phone is +55, the area code and the number (E.164). */
const PHONE = /^\+55\d{10,11}$/;
/** A random key is a UUID (EVP), lowercase with dashes. */
const RANDOM = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The key as the Pix system stores it: digits for documents, lowercase e-mail and random key, +55… phone. */
export function normalizePixKey(type: PixKeyType, key: string): string {
  const k = key.trim();
  switch (type) {
    case 'cpf':
    case 'cnpj':
      return onlyDigits(k);
    case 'email':
    case 'aleatoria':
      return k.toLowerCase();
    case 'telefone': {
      const digits = onlyDigits(k);
      return `+${digits.startsWith('55') && digits.length >= 12 ? digits : `55${digits}`}`;
    }
  }
}

/** Whether a key (normalised or as typed) is a valid key of that type. */
export function isValidPixKey(type: PixKeyType, key: string): boolean {
  const k = normalizePixKey(type, key);
  switch (type) {
    case 'cpf':
      return k.length === 11 && isValidCpf(k);
    case 'cnpj':
      return isValidCnpj(k);
    case 'email':
      return k.length <= 77 && EMAIL.test(k);
    case 'telefone':
      return PHONE.test(k);
    case 'aleatoria':
      return RANDOM.test(k);
  }
}

/**
 * The type of a stored key (as inside a Pix code), or null when it is none of the five. A stored
 * phone always starts with +55, so 11 digits alone are a CPF.
 */
export function pixKeyTypeOf(key: string): PixKeyType | null {
  const k = key.trim();
  if (RANDOM.test(k.toLowerCase())) return 'aleatoria';
  if (k.includes('@')) return isValidPixKey('email', k) ? 'email' : null;
  if (k.startsWith('+')) return PHONE.test(k) ? 'telefone' : null;
  if (/^\d{11}$/.test(k)) return isValidCpf(k) ? 'cpf' : null;
  if (/^\d{14}$/.test(k)) return isValidCnpj(k) ? 'cnpj' : null;
  return null;
}

/** A key written for people: 529.982.247-25, 11.222.333/0001-81, +55 11 98765-4321. */
export function formatPixKey(type: PixKeyType, key: string): string {
  const k = normalizePixKey(type, key);
  if (type === 'cpf') return formatCpf(k);
  if (type === 'cnpj' && k.length === 14)
    return `${k.slice(0, 2)}.${k.slice(2, 5)}.${k.slice(5, 8)}/${k.slice(8, 12)}-${k.slice(12)}`;
  if (type === 'telefone' && PHONE.test(k)) {
    const n = k.slice(5);
    return `+55 ${k.slice(3, 5)} ${n.slice(0, n.length - 4)}-${n.slice(-4)}`;
  }
  return k;
}

/** The receiver's key inside a Pix "copia e cola" code (EMV tag 26, sub-tag 01), or null. */
export function pixKeyOfCode(code: string): string | null {
  const read = (text: string, wanted: string): string | null => {
    let i = 0;
    while (i + 4 <= text.length) {
      const id = text.slice(i, i + 2);
      const length = Number(text.slice(i + 2, i + 4));
      if (!Number.isInteger(length)) return null;
      const value = text.slice(i + 4, i + 4 + length);
      if (id === wanted) return value;
      i += 4 + length;
    }
    return null;
  };
  const account = read(code, '26');
  return account ? read(account, '01') : null;
}
