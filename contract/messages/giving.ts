// Messages of giving (MOD_DOACAO) in pt/en/es: the donation rules of spec §5, the giving
// messages of spec §8, the captcha message and the recurring-gift answers. Part of the one
// catalogue (index.ts); an island that needs them imports only this file.
import type { MessageLang } from './lang.ts';
import { hasKey, lookup, type MessageTable } from './table.ts';

const pt = {
  'give.minimum': 'O valor da doação está abaixo do valor mínimo.',
  'give.picpayMax':
    'Pelo PicPay, cada doação pode ter no máximo R$ 4.999,99. Você pode fazer várias doações.',
  'give.recurrenceOneReason': 'A recorrência só é permitida para um motivo.',
  'give.recurrenceNotAllowed':
    'A recorrência só é permitida para os motivos autorizados pela igreja.',
  'give.recurrenceOff': 'Esta igreja não aceita doações recorrentes.',
  'give.recurrenceCard': 'Doações recorrentes são cobradas no cartão de crédito.',
  'give.recurrenceLogin': 'É necessário realizar o login para completar essa ação',
  'give.reasonNotFound': 'Motivo não encontrado.',
  'give.reasonTwice': 'Cada motivo só pode aparecer uma vez.',
  'give.offline': 'A igreja não está aceitando doações on-line no momento.',
  'give.noVisitors': 'É necessário realizar o login para completar essa ação',
  'give.captcha': 'Captcha inválido. Por favor tente novamente.',
  'give.tooMany':
    'Muitas tentativas de pagamento sem conta a partir daqui. Tente de novo em {{minutes}} min ou entre na sua conta.',
  'give.cardCooldown':
    'Este cartão foi recusado há pouco. Use outro meio de pagamento ou tente de novo em {{minutes}} min.',
  'give.cpfRequired': 'Informe o CPF.',
  'give.cpfInvalid': 'CPF inválido.',
  'give.visitorCard': 'Para doar com cartão, entre na sua conta.',
  'give.recurringNotFound': 'Doação recorrente não encontrada.',
  'give.recurringCanceled': 'Esta doação recorrente foi cancelada.',
  'give.recurringAction': 'Esta ação não se aplica a esta doação recorrente.',
  'give.recurringNoConfirm':
    'Esta doação recorrente não tem cobrança esperando a confirmação do seu banco.',
  'give.pastDate': 'Escolha hoje ou uma data futura.',
  'give.decimals': 'Use no máximo duas casas decimais.',
  'give.maxReasons': 'No máximo 10 motivos por doação.',
} as const;

export type GivingMessageKey = keyof typeof pt;

const en: Record<GivingMessageKey, string> = {
  'give.minimum': 'The gift amount is below the minimum value.',
  'give.picpayMax':
    'With PicPay, each gift can be at most R$ 4,999.99. You can make several gifts.',
  'give.recurrenceOneReason': 'Recurrence is allowed for one reason only.',
  'give.recurrenceNotAllowed': 'Recurrence is only allowed for the reasons the church authorised.',
  'give.recurrenceOff': 'This church does not take recurring gifts.',
  'give.recurrenceCard': 'Recurring gifts are charged to a credit card.',
  'give.recurrenceLogin': 'You need to log in to complete this action',
  'give.reasonNotFound': 'Reason not found.',
  'give.reasonTwice': 'Each reason can appear only once.',
  'give.offline': 'The church is not accepting online donations right now.',
  'give.noVisitors': 'You need to log in to complete this action',
  'give.captcha': 'Invalid captcha. Please try again.',
  'give.tooMany':
    'Too many payments without an account from here. Try again in {{minutes}} min or log in.',
  'give.cardCooldown':
    'This card was declined a moment ago. Use another payment method or try again in {{minutes}} min.',
  'give.cpfRequired': 'Enter the CPF.',
  'give.cpfInvalid': 'Invalid CPF.',
  'give.visitorCard': 'To give by card, log in to your account.',
  'give.recurringNotFound': 'Recurring gift not found.',
  'give.recurringCanceled': 'This recurring gift was cancelled.',
  'give.recurringAction': 'This action does not apply to this recurring gift.',
  'give.recurringNoConfirm':
    'This recurring gift has no charge waiting for your bank’s confirmation.',
  'give.pastDate': 'Choose today or a later date.',
  'give.decimals': 'Use at most two decimals.',
  'give.maxReasons': 'At most 10 reasons per gift.',
};

const es: Record<GivingMessageKey, string> = {
  'give.minimum': 'El monto de la donación está por debajo del valor mínimo.',
  'give.picpayMax':
    'Con PicPay, cada donación puede ser de como máximo R$ 4.999,99. Puedes hacer varias donaciones.',
  'give.recurrenceOneReason': 'La recurrencia solo se permite para un motivo.',
  'give.recurrenceNotAllowed':
    'La recurrencia solo se permite para los motivos autorizados por la iglesia.',
  'give.recurrenceOff': 'Esta iglesia no acepta donaciones recurrentes.',
  'give.recurrenceCard': 'Las donaciones recurrentes se cobran en la tarjeta de crédito.',
  'give.recurrenceLogin': 'Es necesario iniciar sesión para completar esta acción',
  'give.reasonNotFound': 'Motivo no encontrado.',
  'give.reasonTwice': 'Cada motivo solo puede aparecer una vez.',
  'give.offline': 'La iglesia no está aceptando donaciones en línea en este momento.',
  'give.noVisitors': 'Es necesario iniciar sesión para completar esta acción',
  'give.captcha': 'Captcha inválido. Por favor intenta de nuevo.',
  'give.tooMany':
    'Demasiados intentos de pago sin cuenta desde aquí. Inténtalo de nuevo en {{minutes}} min o entra en tu cuenta.',
  'give.cardCooldown':
    'Esta tarjeta fue rechazada hace poco. Usa otro medio de pago o inténtalo de nuevo en {{minutes}} min.',
  'give.cpfRequired': 'Ingresa el CPF.',
  'give.cpfInvalid': 'CPF inválido.',
  'give.visitorCard': 'Para donar con tarjeta, inicia sesión en tu cuenta.',
  'give.recurringNotFound': 'Donación recurrente no encontrada.',
  'give.recurringCanceled': 'Esta donación recurrente fue cancelada.',
  'give.recurringAction': 'Esta acción no se aplica a esta donación recurrente.',
  'give.recurringNoConfirm':
    'Esta donación recurrente no tiene ningún cobro esperando la confirmación de tu banco.',
  'give.pastDate': 'Elige hoy o una fecha futura.',
  'give.decimals': 'Usa como máximo dos decimales.',
  'give.maxReasons': 'Como máximo 10 motivos por donación.',
};

export const GIVING_MESSAGES: MessageTable<GivingMessageKey> = { pt, en, es };

export function isGivingMessageKey(key: string): key is GivingMessageKey {
  return hasKey(GIVING_MESSAGES, key);
}

export function givingMessage(lang: MessageLang, key: GivingMessageKey): string {
  return lookup(GIVING_MESSAGES, lang, key);
}
