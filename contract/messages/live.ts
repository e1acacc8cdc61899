// Messages of the live chat in pt/en/es (spec §8 "Chat: message could not be sent now").
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable, type MessageValues } from './table.ts';

const en = {
  'chat.sendFailed': 'The message could not be sent now.',
  'chat.invalidRoom': 'This chat does not exist.',
  'chat.notJoined': 'Join the chat before sending messages.',
  'chat.otherRoom': 'You can only send messages to the chat you joined.',
  'chat.nameRequired': 'Enter your name to send messages.',
  'chat.empty': 'Write a message first.',
  'chat.tooLong': 'The message is too long: at most {{max}} characters.',
  'chat.noHtml': 'Messages cannot contain HTML tags.',
  'chat.invalidText': 'The message has characters that cannot be sent.',
  'chat.tooFast': 'You are sending messages too fast. Wait a few seconds.',
  'chat.muted': 'A moderator muted you in this chat.',
  'chat.forbidden': 'Only chat moderators can do this.',
  'chat.notFound': 'Message not found.',
} as const;

export type LiveMessageKey = keyof typeof en;

const pt: Record<LiveMessageKey, string> = {
  'chat.sendFailed': 'Não foi possível enviar a mensagem agora.',
  'chat.invalidRoom': 'Este chat não existe.',
  'chat.notJoined': 'Entre no chat antes de enviar mensagens.',
  'chat.otherRoom': 'Você só pode enviar mensagens ao chat em que entrou.',
  'chat.nameRequired': 'Informe seu nome para enviar mensagens.',
  'chat.empty': 'Escreva uma mensagem primeiro.',
  'chat.tooLong': 'A mensagem é longa demais: no máximo {{max}} caracteres.',
  'chat.noHtml': 'Mensagens não podem conter tags HTML.',
  'chat.invalidText': 'A mensagem tem caracteres que não podem ser enviados.',
  'chat.tooFast': 'Você está enviando mensagens rápido demais. Aguarde alguns segundos.',
  'chat.muted': 'Um moderador silenciou você neste chat.',
  'chat.forbidden': 'Somente moderadores do chat podem fazer isso.',
  'chat.notFound': 'Mensagem não encontrada.',
};

const es: Record<LiveMessageKey, string> = {
  'chat.sendFailed': 'No fue posible enviar el mensaje ahora.',
  'chat.invalidRoom': 'Este chat no existe.',
  'chat.notJoined': 'Entra al chat antes de enviar mensajes.',
  'chat.otherRoom': 'Solo puedes enviar mensajes al chat en que entraste.',
  'chat.nameRequired': 'Escribe tu nombre para enviar mensajes.',
  'chat.empty': 'Escribe un mensaje primero.',
  'chat.tooLong': 'El mensaje es demasiado largo: como máximo {{max}} caracteres.',
  'chat.noHtml': 'Los mensajes no pueden contener etiquetas HTML.',
  'chat.invalidText': 'El mensaje tiene caracteres que no se pueden enviar.',
  'chat.tooFast': 'Estás enviando mensajes demasiado rápido. Espera unos segundos.',
  'chat.muted': 'Un moderador te silenció en este chat.',
  'chat.forbidden': 'Solo los moderadores del chat pueden hacer esto.',
  'chat.notFound': 'Mensaje no encontrado.',
};

export const LIVE_MESSAGES: MessageTable<LiveMessageKey> = { pt, en, es };

export function liveMessage(
  lang: MessageLang,
  key: LiveMessageKey,
  values?: MessageValues,
): string {
  return lookup(LIVE_MESSAGES, lang, key, values);
}
