// Client-side checks of the account forms (spec §5), as message keys of
// contract/account-messages.ts; the API checks the same rules again.
import {
  isBrazilianPhone,
  isPhone,
  isStrongPassword,
  isValidCep,
  isValidCpf,
  isBeforeToday,
  onlyDigits,
  parseLocalDate,
  type DateLang,
} from '../../../contract/account-rules.ts';

export type Errors = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (v: string): boolean => EMAIL.test(v.trim());

/** Letters (any alphabet) and spaces, as the alpha_spaces rule. */
export const isAlphaSpaces = (v: string): boolean => /^[\p{L}\p{M}' -]+$/u.test(v.trim());

/** A strict local date before today → ISO, or the message key of what is wrong. */
export function checkPastDate(value: string, lang: DateLang): { iso: string } | { error: string } {
  if (!value.trim()) return { error: 'v.required' };
  const iso = parseLocalDate(value, lang);
  if (!iso) return { error: 'v.date' };
  if (!isBeforeToday(iso)) return { error: 'v.datePast' };
  return { iso };
}

/** Brazilian churches use the Brazilian phone rule; others accept any phone number. */
export function checkPhone(value: string, country: string | null): string | null {
  if (!value.trim()) return 'v.required';
  if (country === 'BR' || value.replace(/\s/g, '').startsWith('+55')) return isBrazilianPhone(value) ? null : 'v.phoneBr';
  return isPhone(value) ? null : 'v.phone';
}

export interface RegistrationValues {
  nome: string;
  sobrenome: string;
  email: string;
  senha: string;
  confirmacaoSenha: string;
  telefone: string;
  dataNascimento: string;
  sexo: string;
  cpf: string;
  observacoes: string;
}

/** spec §3 Identity with the rules of spec §5; CPF is asked of Brazilian churches. */
export function checkRegistration(v: RegistrationValues, lang: DateLang, country: string | null): Errors {
  const e: Errors = {};
  if (!v.nome.trim()) e.nome = 'v.required';
  else if (!isAlphaSpaces(v.nome)) e.nome = 'v.alphaSpaces';
  if (!v.sobrenome.trim()) e.sobrenome = 'v.required';
  else if (!isAlphaSpaces(v.sobrenome)) e.sobrenome = 'v.alphaSpaces';
  if (!v.email.trim()) e.email = 'v.required';
  else if (!isEmail(v.email)) e.email = 'v.email';
  if (!v.senha) e.senha = 'v.required';
  else if (!isStrongPassword(v.senha)) e.senha = 'v.password';
  if (!v.confirmacaoSenha) e.confirmacaoSenha = 'v.required';
  else if (v.confirmacaoSenha !== v.senha) e.confirmacaoSenha = 'v.passwordConfirm';
  const phone = checkPhone(v.telefone, country);
  if (phone) e.telefone = phone;
  const date = checkPastDate(v.dataNascimento, lang);
  if ('error' in date) e.dataNascimento = date.error;
  if (v.sexo !== 'M' && v.sexo !== 'F') e.sexo = 'v.required';
  if (country === 'BR') {
    if (!v.cpf.trim()) e.cpf = 'v.required';
    else if (!isValidCpf(v.cpf)) e.cpf = 'v.cpf';
  } else if (v.cpf.trim() && !isValidCpf(v.cpf)) e.cpf = 'v.cpf';
  if (v.observacoes.length > 500) e.observacoes = 'v.tooLong';
  return e;
}

export function checkNewPassword(senha: string, confirmacao: string): Errors {
  const e: Errors = {};
  if (!senha) e.senha = 'v.required';
  else if (!isStrongPassword(senha)) e.senha = 'v.password';
  if (!confirmacao) e.confirmacaoSenha = 'v.required';
  else if (confirmacao !== senha) e.confirmacaoSenha = 'v.passwordConfirm';
  return e;
}

export function checkCep(value: string): string | null {
  if (!value.trim()) return 'v.required';
  return isValidCep(value) ? null : 'v.cep';
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
export function maskCep(value: string): string {
  const d = onlyDigits(value).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/** spec §3 Notification: navigable only for the church and these type codes. */
export const NAVIGABLE_NOTIFICATION_TYPES = ['CULTO', 'EVENTO', 'EBD', 'NOTICIA', 'DEVOCIONAL', 'CELULA_SOLICITACAO', 'CELULA_RESPOSTA'] as const;

export function notificationLink(n: { tipo: { codigo: string }; igreja: { codigo: string }; idEntidadeRelacionada: string | null }, churchCode: string): string | null {
  if (n.igreja.codigo !== churchCode) return null;
  const id = n.idEntidadeRelacionada ? encodeURIComponent(n.idEntidadeRelacionada) : null;
  switch (n.tipo.codigo) {
    case 'CULTO':
      return '/live';
    case 'EVENTO':
      return id ? `/event/${id}` : '/event';
    case 'EBD':
      return id ? `/ebds/${id}` : '/ebds';
    case 'NOTICIA':
      return id ? `/news/${id}` : '/news';
    case 'DEVOCIONAL':
      return id ? `/devotionals/${id}` : '/devotionals';
    // Groups (contract/groups.ts GROUP_NOTIFICATION_TYPES): a request opens the leader's list, an answer the group.
    case 'CELULA_SOLICITACAO':
      return id ? `/groups/${id}/requests` : '/groups';
    case 'CELULA_RESPOSTA':
      return id ? `/groups/${id}` : '/groups';
    default:
      return null;
  }
}
