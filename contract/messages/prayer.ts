// Messages of the prayer wall's member actions in pt/en/es (spec §8 "Prayer: request could not
// be made; no result found"). The API answers in the request's language; forms may show the same.
import { PRAYER_NOT_FOUND, PRAYER_SEND_FAILED } from '../prayer.ts';
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable } from './table.ts';

const en = {
  'prayer.sent': 'Your prayer request was published on the wall.',
  'prayer.sentPrivate':
    'Your prayer request was sent to the pastoral team. It will not appear on the wall.',
  'prayer.messageSent': 'Your message was sent.',
  'prayer.deleted': 'Your prayer request was deleted.',
  'prayer.onlyAuthor': 'Only the author can delete this prayer request.',
  'prayer.notFound': PRAYER_NOT_FOUND,
  'prayer.sendFailed': PRAYER_SEND_FAILED,
} as const;

export type PrayerMessageKey = keyof typeof en;

const pt: Record<PrayerMessageKey, string> = {
  'prayer.sent': 'Seu pedido de oração foi publicado no mural.',
  'prayer.sentPrivate':
    'Seu pedido de oração foi enviado à equipe pastoral. Ele não aparecerá no mural.',
  'prayer.messageSent': 'Sua mensagem foi enviada.',
  'prayer.deleted': 'Seu pedido de oração foi excluído.',
  'prayer.onlyAuthor': 'Somente quem fez o pedido pode excluí-lo.',
  'prayer.notFound': 'Nenhum resultado encontrado.',
  'prayer.sendFailed': 'Não foi possível realizar a solicitação.',
};

const es: Record<PrayerMessageKey, string> = {
  'prayer.sent': 'Tu pedido de oración fue publicado en el mural.',
  'prayer.sentPrivate':
    'Tu pedido de oración fue enviado al equipo pastoral. No aparecerá en el mural.',
  'prayer.messageSent': 'Tu mensaje fue enviado.',
  'prayer.deleted': 'Tu pedido de oración fue eliminado.',
  'prayer.onlyAuthor': 'Solo quien hizo el pedido puede eliminarlo.',
  'prayer.notFound': 'No se encontraron resultados.',
  'prayer.sendFailed': 'No fue posible realizar la solicitud.',
};

export const PRAYER_MESSAGES: MessageTable<PrayerMessageKey> = { pt, en, es };

export function prayerMessage(lang: MessageLang, key: PrayerMessageKey): string {
  return lookup(PRAYER_MESSAGES, lang, key);
}
