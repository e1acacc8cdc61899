// Small helpers of the account forms: typing masks, the e-mail step's and new password's quick
// checks (as message keys of contract/messages/account.ts) and notification links. Whole forms
// are checked with the contract's own schemas (src/lib/account/validate.ts).
import { isStrongPassword, onlyDigits } from '../../../contract/account-rules.ts';
import { notificationPath } from '../../../common/notification-link.ts';

export type Errors = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (v: string): boolean => EMAIL.test(v.trim());

export function checkNewPassword(senha: string, confirmacao: string): Errors {
  const e: Errors = {};
  if (!senha) e.senha = 'v.required';
  else if (!isStrongPassword(senha)) e.senha = 'v.password';
  if (!confirmacao) e.confirmacaoSenha = 'v.required';
  else if (confirmacao !== senha) e.confirmacaoSenha = 'v.passwordConfirm';
  return e;
}

/** Typing masks: dd/mm/yyyy, 000.000.000-00 and 00000-000. */
export function maskDate(value: string): string {
  const d = onlyDigits(value).slice(0, 8);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter(Boolean).join('/');
}
export function maskCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}
/** Card expiry as typed: `1230` → `12/30`, `122030` → `12/2030` (spec §5: MM/AA or MM/AAAA). */
export function maskExpiry(value: string): string {
  const d = onlyDigits(value).slice(0, 6);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}
/** A card number in groups of four, as printed on it. */
export function maskCardNumber(value: string): string {
  return onlyDigits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}
export function maskCep(value: string): string {
  const d = onlyDigits(value).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/** spec §3 Notification: navigable only for the church and these type codes. */
export const NAVIGABLE_NOTIFICATION_TYPES = [
  'CULTO',
  'EVENTO',
  'EBD',
  'NOTICIA',
  'DEVOCIONAL',
  'CELULA_SOLICITACAO',
  'CELULA_RESPOSTA',
] as const;

export function notificationLink(
  n: { tipo: { codigo: string }; igreja: { codigo: string }; idEntidadeRelacionada: string | null },
  churchCode: string,
): string | null {
  if (n.igreja.codigo !== churchCode) return null;
  return notificationPath(n.tipo.codigo, n.idEntidadeRelacionada);
}
