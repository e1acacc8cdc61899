// Per-field messages of every v1 call, in pt/en/es (spec §5, §8): the schemas in contract/
// write them in English, and the English text is the key (server/http/validate.ts answers bad
// input in the request's language).
import type { MessageLang } from './lang.ts';
import { hasKey, type MessageTable } from './table.ts';

const TEXTS = {
  'Request body too large.': {
    pt: 'O envio é grande demais.',
    es: 'El envío es demasiado grande.',
  },
  'Invalid input.': { pt: 'Valor inválido.', es: 'Valor inválido.' },
  'Not found.': { pt: 'Não encontrado.', es: 'No encontrado.' },
  'Must be a number.': { pt: 'Informe um número.', es: 'Ingresa un número.' },
  'Must be a whole number.': { pt: 'Informe um número inteiro.', es: 'Ingresa un número entero.' },
  'Must be a positive number.': {
    pt: 'Informe um número positivo.',
    es: 'Ingresa un número positivo.',
  },
  'Must be 1 or more.': { pt: 'Informe 1 ou mais.', es: 'Ingresa 1 o más.' },
  'At most 50.': { pt: 'No máximo 50.', es: 'Como máximo 50.' },
  'At most 10000.': { pt: 'No máximo 10000.', es: 'Como máximo 10000.' },
  'Too large.': { pt: 'Valor grande demais.', es: 'Valor demasiado grande.' },
  'At most 100 characters.': { pt: 'No máximo 100 caracteres.', es: 'Como máximo 100 caracteres.' },
  'Invalid slug.': {
    pt: 'Endereço inválido: use letras minúsculas, números e hífens.',
    es: 'Dirección inválida: usa minúsculas, números y guiones.',
  },
  'At most 100.': { pt: 'No máximo 100.', es: 'Como máximo 100.' },
  'Invalid characters.': { pt: 'Caracteres inválidos.', es: 'Caracteres inválidos.' },
  'Invalid host name.': { pt: 'Nome de host inválido.', es: 'Nombre de host inválido.' },
  'Invalid latitude.': { pt: 'Latitude inválida.', es: 'Latitud inválida.' },
  'Invalid longitude.': { pt: 'Longitude inválida.', es: 'Longitud inválida.' },
  'Latitude and longitude go together.': {
    pt: 'Informe latitude e longitude juntas.',
    es: 'Indica latitud y longitud juntas.',
  },
  'Type a reference.': { pt: 'Digite uma referência.', es: 'Escribe una referencia.' },
  'Choose pt, en or es.': { pt: 'Escolha pt, en ou es.', es: 'Elige pt, en o es.' },
  'No book, chapter or verse matches this reference.': {
    pt: 'Nenhum livro, capítulo ou versículo corresponde a essa referência.',
    es: 'Ningún libro, capítulo o versículo coincide con esa referencia.',
  },
  'Required.': { pt: 'Esse campo é obrigatório.', es: 'Este campo es obligatorio.' },
  'Invalid e-mail.': { pt: 'Informe um e-mail válido.', es: 'Ingresa un correo válido.' },
  'Choose at least one ticket.': {
    pt: 'Escolha ao menos um ingresso.',
    es: 'Elige al menos una entrada.',
  },
  'Choose the Pix key type.': {
    pt: 'Escolha o tipo da chave Pix.',
    es: 'Elige el tipo de clave Pix.',
  },
  'Invalid Pix key for this type.': {
    pt: 'Chave Pix inválida para este tipo.',
    es: 'Clave Pix inválida para este tipo.',
  },
  'Not available for a subscription.': {
    pt: 'Esta forma de pagamento não está disponível para assinaturas.',
    es: 'Esta forma de pago no está disponible para suscripciones.',
  },
  'Unknown payment method.': {
    pt: 'Forma de pagamento desconhecida.',
    es: 'Medio de pago desconocido.',
  },
  'Must be zero or more.': { pt: 'Informe zero ou mais.', es: 'Ingresa cero o más.' },
  'Invalid card number.': { pt: 'Número do cartão inválido.', es: 'Número de tarjeta inválido.' },
  'Invalid security code.': {
    pt: 'Código de segurança inválido.',
    es: 'Código de seguridad inválido.',
  },
  'Use MM/YY or MM/YYYY.': { pt: 'Use MM/AA ou MM/AAAA.', es: 'Usa MM/AA o MM/AAAA.' },
  'The card has expired.': { pt: 'O cartão está vencido.', es: 'La tarjeta está vencida.' },
  'Invalid account number.': { pt: 'Número da conta inválido.', es: 'Número de cuenta inválido.' },
  'Invalid routing number.': {
    pt: 'Número de roteamento inválido.',
    es: 'Número de ruta inválido.',
  },
  'Choose checking or savings.': {
    pt: 'Escolha conta corrente ou poupança.',
    es: 'Elige cuenta corriente o caja de ahorro.',
  },
  'Choose a card.': { pt: 'Escolha um cartão.', es: 'Elige una tarjeta.' },
  'Bank account required.': { pt: 'Informe a conta bancária.', es: 'Ingresa la cuenta bancaria.' },
  'Invalid order code.': { pt: 'Código do pedido inválido.', es: 'Código de pedido inválido.' },
  'Unknown action.': { pt: 'Ação desconhecida.', es: 'Acción desconocida.' },
  'At most 2000 characters.': {
    pt: 'No máximo 2000 caracteres.',
    es: 'Como máximo 2000 caracteres.',
  },
  'The request could not be made.': {
    pt: 'Não foi possível realizar a solicitação.',
    es: 'No fue posible realizar la solicitud.',
  },
  'No result found.': { pt: 'Nenhum resultado encontrado.', es: 'No se encontraron resultados.' },
  'Choose one of the reasons.': { pt: 'Escolha um dos motivos.', es: 'Elige uno de los motivos.' },
} as const satisfies Record<string, { pt: string; es: string }>;

export type FieldMessageKey = keyof typeof TEXTS;

const keys = Object.keys(TEXTS) as FieldMessageKey[];
const column = (lang: 'pt' | 'es') =>
  Object.fromEntries(keys.map((k) => [k, TEXTS[k][lang]])) as Record<FieldMessageKey, string>;

export const FIELD_MESSAGES: MessageTable<FieldMessageKey> = {
  // English reads as its key, except a missing value, which the spec words in full (spec §5)
  en: {
    ...(Object.fromEntries(keys.map((k) => [k, k])) as Record<FieldMessageKey, string>),
    'Required.': 'This field is required.',
  },
  pt: column('pt'),
  es: column('es'),
};

/**
 * A per-field message in the request's language. A missing value reads "This field is required."
 * (spec §5: 'Esse campo é obrigatório.'); zod's own untranslated messages become "Invalid input.".
 */
export function fieldMessage(lang: MessageLang, english: string, missing = false): string {
  const known: FieldMessageKey = missing
    ? 'Required.'
    : hasKey(FIELD_MESSAGES, english)
      ? english
      : 'Invalid input.';
  return FIELD_MESSAGES[lang][known];
}
