// Storage quotas in pt/en/es (docs/deploy.md "Storage quotas"): an upload that would take a church
// past its share of the file store is refused, naming what was sent, the limit and what is in use.
// Part of the one catalogue (index.ts).
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable, type MessageValues } from './table.ts';

const en = {
  'storage.fullVideo':
    "This video ({{size}}) does not fit in the church's storage: {{used}} of its {{limit}} are in use. Delete videos or files you no longer need, or ask the platform for more room.",
  'storage.fullImage':
    "This image ({{size}}) does not fit in the church's storage: {{used}} of its {{limit}} are in use. Delete videos or files you no longer need, or ask the platform for more room.",
  'storage.fullImport':
    "This import file ({{size}}) does not fit in the church's storage: {{used}} of its {{limit}} are in use. Delete old imports, videos or files you no longer need, or ask the platform for more room.",
  'storage.fullScore':
    "This score ({{size}}) does not fit in the church's storage: {{used}} of its {{limit}} are in use. Delete videos or files you no longer need, or ask the platform for more room.",
} as const;

export type StorageMessageKey = keyof typeof en;

const pt: Record<StorageMessageKey, string> = {
  'storage.fullVideo':
    'Este vídeo ({{size}}) não cabe no armazenamento da igreja: {{used}} dos {{limit}} já estão em uso. Exclua vídeos ou arquivos que não usa mais, ou peça mais espaço à plataforma.',
  'storage.fullImage':
    'Esta imagem ({{size}}) não cabe no armazenamento da igreja: {{used}} dos {{limit}} já estão em uso. Exclua vídeos ou arquivos que não usa mais, ou peça mais espaço à plataforma.',
  'storage.fullImport':
    'Este arquivo de importação ({{size}}) não cabe no armazenamento da igreja: {{used}} dos {{limit}} já estão em uso. Exclua importações antigas, vídeos ou arquivos que não usa mais, ou peça mais espaço à plataforma.',
  'storage.fullScore':
    'Esta partitura ({{size}}) não cabe no armazenamento da igreja: {{used}} dos {{limit}} já estão em uso. Exclua vídeos ou arquivos que não usa mais, ou peça mais espaço à plataforma.',
};

const es: Record<StorageMessageKey, string> = {
  'storage.fullVideo':
    'Este video ({{size}}) no cabe en el almacenamiento de la iglesia: {{used}} de sus {{limit}} ya están en uso. Elimina videos o archivos que ya no uses, o pide más espacio a la plataforma.',
  'storage.fullImage':
    'Esta imagen ({{size}}) no cabe en el almacenamiento de la iglesia: {{used}} de sus {{limit}} ya están en uso. Elimina videos o archivos que ya no uses, o pide más espacio a la plataforma.',
  'storage.fullImport':
    'Este archivo de importación ({{size}}) no cabe en el almacenamiento de la iglesia: {{used}} de sus {{limit}} ya están en uso. Elimina importaciones antiguas, videos o archivos que ya no uses, o pide más espacio a la plataforma.',
  'storage.fullScore':
    'Esta partitura ({{size}}) no cabe en el almacenamiento de la iglesia: {{used}} de sus {{limit}} ya están en uso. Elimina videos o archivos que ya no uses, o pide más espacio a la plataforma.',
};

export const STORAGE_MESSAGES: MessageTable<StorageMessageKey> = { pt, en, es };

export function storageMessage(
  lang: MessageLang,
  key: StorageMessageKey,
  values?: MessageValues,
): string {
  return lookup(STORAGE_MESSAGES, lang, key, values);
}
