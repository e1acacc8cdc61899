// Member write quotas in pt/en/es (docs/security.md "Member write quotas"): a 429 names the wait,
// a 422 the most a member may keep. Part of the one catalogue (index.ts).
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable, type MessageValues } from './table.ts';

const en = {
  'quota.prayer': 'Too many prayer requests sent in a short time. Try again in {{minutes}} min.',
  'quota.prayerMessage':
    'Too many messages on prayer requests in a short time. Try again in {{minutes}} min.',
  'quota.prayerTotal':
    'You have reached the limit of {{max}} prayer requests. Delete some old ones to send new ones.',
  'quota.profile': 'Too many profile changes in a short time. Try again in {{minutes}} min.',
  'quota.photo': 'Too many photos sent in a short time. Try again in {{minutes}} min.',
  'quota.child': 'Too many changes to your children in a short time. Try again in {{minutes}} min.',
  'quota.childrenTotal': 'You can register at most {{max}} children. Remove one to add another.',
  'quota.groupRequest':
    'Too many requests to join groups in a short time. Try again in {{minutes}} min.',
} as const;

export type QuotaMessageKey = keyof typeof en;

const pt: Record<QuotaMessageKey, string> = {
  'quota.prayer':
    'Muitos pedidos de oração enviados em pouco tempo. Tente de novo em {{minutes}} min.',
  'quota.prayerMessage':
    'Muitas mensagens em pedidos de oração em pouco tempo. Tente de novo em {{minutes}} min.',
  'quota.prayerTotal':
    'Você chegou ao limite de {{max}} pedidos de oração. Exclua alguns antigos para enviar novos.',
  'quota.profile': 'Muitas alterações no perfil em pouco tempo. Tente de novo em {{minutes}} min.',
  'quota.photo': 'Muitas fotos enviadas em pouco tempo. Tente de novo em {{minutes}} min.',
  'quota.child':
    'Muitas alterações nos seus filhos em pouco tempo. Tente de novo em {{minutes}} min.',
  'quota.childrenTotal':
    'Você pode cadastrar no máximo {{max}} filhos. Remova um para adicionar outro.',
  'quota.groupRequest':
    'Muitos pedidos para participar de células em pouco tempo. Tente de novo em {{minutes}} min.',
};

const es: Record<QuotaMessageKey, string> = {
  'quota.prayer':
    'Demasiados pedidos de oración enviados en poco tiempo. Inténtalo de nuevo en {{minutes}} min.',
  'quota.prayerMessage':
    'Demasiados mensajes en pedidos de oración en poco tiempo. Inténtalo de nuevo en {{minutes}} min.',
  'quota.prayerTotal':
    'Llegaste al límite de {{max}} pedidos de oración. Elimina algunos antiguos para enviar nuevos.',
  'quota.profile':
    'Demasiados cambios en el perfil en poco tiempo. Inténtalo de nuevo en {{minutes}} min.',
  'quota.photo': 'Demasiadas fotos enviadas en poco tiempo. Inténtalo de nuevo en {{minutes}} min.',
  'quota.child':
    'Demasiados cambios en tus hijos en poco tiempo. Inténtalo de nuevo en {{minutes}} min.',
  'quota.childrenTotal': 'Puedes registrar como máximo {{max}} hijos. Quita uno para agregar otro.',
  'quota.groupRequest':
    'Demasiadas solicitudes para unirte a grupos en poco tiempo. Inténtalo de nuevo en {{minutes}} min.',
};

export const QUOTA_MESSAGES: MessageTable<QuotaMessageKey> = { pt, en, es };

export function quotaMessage(
  lang: MessageLang,
  key: QuotaMessageKey,
  values?: MessageValues,
): string {
  return lookup(QUOTA_MESSAGES, lang, key, values);
}
