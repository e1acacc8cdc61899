// The one rule of every CSV the staff download (docs/staff.md "CSV files"): registrations, people
// and gifts. Written for the spreadsheet the church's team opens them in: in a pt or es church the
// columns are split by `;` and decimals take a comma (Excel's list separator where the decimal mark
// is the comma), in an en church `,` and a point; UTF-8 with a BOM so accents read right; codes
// written as words in the church's language; and a cell a spreadsheet would run as a formula
// (starting with = + - @, a tab or a carriage return) is written as text behind an apostrophe,
// except a phone number, which can hold nothing but arithmetic.
import { messageLangOfLocale, type MessageLang } from '../../contract/messages/lang.ts';

/** A value of a cell: text, a whole number, an amount (two decimals), or nothing. */
export type CsvValue = string | number | null | undefined | { amount: number };

/** An amount of money, written with two decimals in the church's decimal mark. */
export const amount = (value: number): { amount: number } => ({ amount: value });

/** The language a church's CSV files are written in: its own (igreja.idioma), not the reader's. */
export const csvLang = (churchLocale: string | null | undefined): MessageLang =>
  messageLangOfLocale(churchLocale);

/** pt and es spreadsheets split on `;` (their decimal mark is the comma); en ones on `,`. */
export const csvSeparator = (lang: MessageLang): ';' | ',' => (lang === 'en' ? ',' : ';');

const decimalMark = (lang: MessageLang) => (lang === 'en' ? '.' : ',');

/** Only digits, spaces, + - and parentheses: a phone number ("+55 11 98765-4321"), never a function call. */
export const isPhoneLike = (text: string): boolean => /^[+\d\s()-]+$/.test(text) && /\d/.test(text);

/** Whether a spreadsheet would read the text as a formula: it starts with = + - @, a tab or a CR. */
export const looksLikeFormula = (text: string): boolean =>
  /^[=+\-@\t\r]/.test(text) && !isPhoneLike(text);

/** One cell as written in the file: guarded, then quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: CsvValue, lang: MessageLang): string {
  const sep = csvSeparator(lang);
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'object')
    text = value.amount.toFixed(2).replace('.', decimalMark(lang));
  else if (typeof value === 'number') text = String(value).replace('.', decimalMark(lang));
  else text = looksLikeFormula(value) ? `'${value}` : value;
  return text.includes(sep) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the BOM, the header and one line per row, lines ended by CRLF. */
export function csvDocument(lang: MessageLang, header: string[], rows: CsvValue[][]): string {
  const sep = csvSeparator(lang);
  const line = (cells: CsvValue[]) => cells.map((c) => csvCell(c, lang)).join(sep);
  return `\uFEFF${[line(header), ...rows.map(line)].join('\r\n')}\r\n`;
}

/** A file name part from a title: ASCII letters and digits joined by hyphens, at most 60. */
export function csvFileSlug(title: string, fallback: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return slug || fallback;
}

// ---- words, not codes ----

type Words = Record<string, Record<MessageLang, string>>;

const PAYMENT_STATUS: Words = {
  aprovado: { pt: 'Aprovado', en: 'Approved', es: 'Aprobado' },
  pendente: { pt: 'Pendente', en: 'Pending', es: 'Pendiente' },
  em_aberto: { pt: 'Em aberto', en: 'Open', es: 'Abierto' },
  aguardando: { pt: 'Aguardando pagamento', en: 'Awaiting payment', es: 'Esperando el pago' },
  em_analise: { pt: 'Em análise', en: 'Under review', es: 'En revisión' },
  nao_aprovado: { pt: 'Não aprovado', en: 'Declined', es: 'Rechazado' },
  cancelado: { pt: 'Cancelado', en: 'Cancelled', es: 'Cancelado' },
  estornado: { pt: 'Estornado', en: 'Refunded', es: 'Reembolsado' },
};

const PAYMENT_METHOD: Words = {
  cartao: { pt: 'Cartão', en: 'Card', es: 'Tarjeta' },
  pix: { pt: 'Pix', en: 'Pix', es: 'Pix' },
  boleto: { pt: 'Boleto', en: 'Boleto', es: 'Boleto' },
  picpay: { pt: 'PicPay', en: 'PicPay', es: 'PicPay' },
  dinheiro: { pt: 'Dinheiro', en: 'Cash', es: 'Efectivo' },
  transferencia: { pt: 'Transferência', en: 'Bank transfer', es: 'Transferencia' },
  ach: { pt: 'ACH', en: 'ACH', es: 'ACH' },
  gratuito: { pt: 'Gratuito', en: 'Free', es: 'Gratuito' },
};

const ROLE: Words = {
  ROLE_SUPER_ADMIN: {
    pt: 'Administrador da organização',
    en: 'Organisation admin',
    es: 'Administrador de la organización',
  },
  ROLE_ADMIN: { pt: 'Administrador', en: 'Admin', es: 'Administrador' },
  ROLE_ADMIN_CONTENT: { pt: 'Conteúdo', en: 'Content', es: 'Contenido' },
  ROLE_ADMIN_FINANCE: { pt: 'Tesouraria', en: 'Finance', es: 'Tesorería' },
  ROLE_ADMIN_CHECKIN: { pt: 'Recepção', en: 'Check-in', es: 'Recepción' },
  ROLE_ADMIN_KIDS: {
    pt: 'Ministério infantil',
    en: "Children's ministry",
    es: 'Ministerio infantil',
  },
  ROLE_CHAT: { pt: 'Moderação do chat', en: 'Chat moderation', es: 'Moderación del chat' },
};

const ACTIVE: Words = {
  true: { pt: 'Ativo', en: 'Active', es: 'Activo' },
  false: { pt: 'Inativo', en: 'Inactive', es: 'Inactivo' },
};

const word = (table: Words, code: string, lang: MessageLang) => table[code]?.[lang] ?? code;

/** A payment's status as a word ('aprovado' → 'Aprovado' / 'Approved'); an unknown code as it is. */
export const paymentStatusWord = (code: string, lang: MessageLang): string =>
  word(PAYMENT_STATUS, code, lang);

/** A payment method as a word ('cartao' → 'Cartão' / 'Card'). */
export const paymentMethodWord = (code: string, lang: MessageLang): string =>
  word(PAYMENT_METHOD, code, lang);

/** A staff role as a word ('ROLE_ADMIN_FINANCE' → 'Tesouraria' / 'Finance'). */
export const roleWord = (code: string, lang: MessageLang): string => word(ROLE, code, lang);

/** A membership's state as a word. */
export const activeWord = (active: boolean, lang: MessageLang): string =>
  word(ACTIVE, String(active), lang);
