// The answers of the staff's notification calls in pt/en/es (docs/staff.md "Notifications"). Part
// of the one catalogue (index.ts); keys start with `staff.notifications.`.
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable } from './table.ts';

const en = {
  'staff.notifications.titleRequired': 'Write a title.',
  'staff.notifications.titleTooLong': 'The title can have at most 120 characters.',
  'staff.notifications.bodyRequired': 'Write the message.',
  'staff.notifications.bodyTooLong': 'The message can have at most 1000 characters.',
  'staff.notifications.linkInvalid': 'Choose a news item, devotional, EBD class or event.',
  'staff.notifications.linkNotFound':
    'That item is not a published news item, devotional, EBD class or event of this church.',
  'staff.notifications.groupNotFound': 'That group is not an active group of this church.',
  'staff.notifications.groupEmpty': 'That group has no members yet.',
  'staff.notifications.notFound': 'That notification was not found in this church.',
  'staff.notifications.sendAtInvalid': 'Choose a date and time to send it.',
  'staff.notifications.sendAtPast': 'That time has passed. Choose a time in the future.',
  'staff.notifications.sendAtFar': 'Schedule it at most one year ahead.',
  'staff.notifications.scheduledNotFound': 'That scheduled notice was not found in this church.',
  'staff.notifications.scheduledGone': 'That notice has already been sent or cancelled.',
  'staff.notifications.scheduledFailed': 'It could not be sent. Try sending it again.',
  'staff.notifications.onAirInvalid': 'Say whether the stream is on air.',
} as const;

export type StaffNotificationsMessageKey = keyof typeof en;

const pt: Record<StaffNotificationsMessageKey, string> = {
  'staff.notifications.titleRequired': 'Escreva um título.',
  'staff.notifications.titleTooLong': 'O título pode ter no máximo 120 caracteres.',
  'staff.notifications.bodyRequired': 'Escreva a mensagem.',
  'staff.notifications.bodyTooLong': 'A mensagem pode ter no máximo 1000 caracteres.',
  'staff.notifications.linkInvalid': 'Escolha uma notícia, devocional, aula de EBD ou evento.',
  'staff.notifications.linkNotFound':
    'Esse item não é uma notícia, devocional, aula de EBD ou evento publicado desta igreja.',
  'staff.notifications.groupNotFound': 'Esse grupo não é um grupo ativo desta igreja.',
  'staff.notifications.groupEmpty': 'Esse grupo ainda não tem membros.',
  'staff.notifications.notFound': 'Essa notificação não foi encontrada nesta igreja.',
  'staff.notifications.sendAtInvalid': 'Escolha a data e a hora do envio.',
  'staff.notifications.sendAtPast': 'Esse horário já passou. Escolha um horário no futuro.',
  'staff.notifications.sendAtFar': 'Agende com no máximo um ano de antecedência.',
  'staff.notifications.scheduledNotFound': 'Esse aviso agendado não foi encontrado nesta igreja.',
  'staff.notifications.scheduledGone': 'Esse aviso já foi enviado ou cancelado.',
  'staff.notifications.scheduledFailed': 'Não foi possível enviá-lo. Tente enviar de novo.',
  'staff.notifications.onAirInvalid': 'Diga se a transmissão está no ar.',
};

const es: Record<StaffNotificationsMessageKey, string> = {
  'staff.notifications.titleRequired': 'Escribe un título.',
  'staff.notifications.titleTooLong': 'El título puede tener como máximo 120 caracteres.',
  'staff.notifications.bodyRequired': 'Escribe el mensaje.',
  'staff.notifications.bodyTooLong': 'El mensaje puede tener como máximo 1000 caracteres.',
  'staff.notifications.linkInvalid': 'Elige una noticia, devocional, clase de EBD o evento.',
  'staff.notifications.linkNotFound':
    'Ese elemento no es una noticia, devocional, clase de EBD o evento publicado de esta iglesia.',
  'staff.notifications.groupNotFound': 'Ese grupo no es un grupo activo de esta iglesia.',
  'staff.notifications.groupEmpty': 'Ese grupo aún no tiene miembros.',
  'staff.notifications.notFound': 'Esa notificación no se encontró en esta iglesia.',
  'staff.notifications.sendAtInvalid': 'Elige la fecha y la hora del envío.',
  'staff.notifications.sendAtPast': 'Esa hora ya pasó. Elige una hora en el futuro.',
  'staff.notifications.sendAtFar': 'Prográmalo como máximo con un año de antelación.',
  'staff.notifications.scheduledNotFound': 'Ese aviso programado no se encontró en esta iglesia.',
  'staff.notifications.scheduledGone': 'Ese aviso ya se envió o se canceló.',
  'staff.notifications.scheduledFailed': 'No se pudo enviar. Intenta enviarlo de nuevo.',
  'staff.notifications.onAirInvalid': 'Indica si la transmisión está al aire.',
};

export const STAFF_NOTIFICATIONS_MESSAGES: MessageTable<StaffNotificationsMessageKey> = {
  en,
  pt,
  es,
};

export function staffNotificationsMessage(
  lang: MessageLang,
  key: StaffNotificationsMessageKey,
): string {
  return lookup(STAFF_NOTIFICATIONS_MESSAGES, lang, key);
}
