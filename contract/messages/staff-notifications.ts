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
