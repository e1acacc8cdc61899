// The answers of a member's notification calls in pt/en/es (docs/notifications.md): preferences
// and push devices. Part of the one catalogue (index.ts); keys start with `notifications.` or `push.`.
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable } from './table.ts';

const en = {
  'notifications.kindInvalid': 'Choose a kind of notice: church, groups, events, giving or live.',
  'notifications.channelInvalid': 'Choose a channel: app, push or e-mail.',
  'notifications.onInvalid': 'Say whether it is on or off.',
  'notifications.languageInvalid': 'Choose Portuguese, English, Spanish or the church’s language.',
  'push.endpointInvalid':
    'This browser gave an invalid push address. Try again or use another browser.',
  'push.keysInvalid': 'This browser gave invalid push keys. Try again or use another browser.',
  'push.labelTooLong': 'The device name can have at most 80 characters.',
  'push.tooManyDevices': 'You have too many devices with notifications. Remove one and try again.',
  'push.deviceNotFound': 'That device was not found among yours.',
  'push.endpointRefused': 'This push address cannot be used.',
  'notifications.meetingWhenInvalid': 'Choose the date and time of the meeting.',
  'notifications.meetingPast': 'That time has passed. Choose the next meeting’s date and time.',
  'notifications.meetingFar': 'Announce a meeting at most 60 days ahead.',
  'notifications.meetingPlaceTooLong': 'The place can have at most 200 characters.',
  'notifications.meetingNoteTooLong': 'The note can have at most 300 characters.',
  'notifications.meetingLeaderOnly': 'Only the group’s leader can announce its meetings.',
  'notifications.meetingAlready': 'The members were already told about this meeting.',
  'notifications.meetingTooMany': 'The group was told about 3 meetings this week. Try again later.',
  'notifications.meetingNobody': 'The group has no members to tell yet.',
  'notifications.meetingSent': 'Members told about the meeting: {{count}}.',
} as const;

export type NotificationsMessageKey = keyof typeof en;

const pt: Record<NotificationsMessageKey, string> = {
  'notifications.kindInvalid':
    'Escolha um tipo de aviso: igreja, grupos, eventos, ofertas ou ao vivo.',
  'notifications.channelInvalid': 'Escolha um canal: app, push ou e-mail.',
  'notifications.onInvalid': 'Diga se está ligado ou desligado.',
  'notifications.languageInvalid': 'Escolha português, inglês, espanhol ou o idioma da igreja.',
  'push.endpointInvalid':
    'Este navegador deu um endereço de push inválido. Tente de novo ou use outro navegador.',
  'push.keysInvalid':
    'Este navegador deu chaves de push inválidas. Tente de novo ou use outro navegador.',
  'push.labelTooLong': 'O nome do aparelho pode ter no máximo 80 caracteres.',
  'push.tooManyDevices': 'Você tem aparelhos demais com notificações. Remova um e tente de novo.',
  'push.deviceNotFound': 'Esse aparelho não foi encontrado entre os seus.',
  'push.endpointRefused': 'Este endereço de push não pode ser usado.',
  'notifications.meetingWhenInvalid': 'Escolha a data e a hora do encontro.',
  'notifications.meetingPast':
    'Esse horário já passou. Escolha a data e a hora do próximo encontro.',
  'notifications.meetingFar': 'Avise de um encontro com no máximo 60 dias de antecedência.',
  'notifications.meetingPlaceTooLong': 'O local pode ter no máximo 200 caracteres.',
  'notifications.meetingNoteTooLong': 'A observação pode ter no máximo 300 caracteres.',
  'notifications.meetingLeaderOnly': 'Só o líder do grupo pode avisar dos encontros.',
  'notifications.meetingAlready': 'Os membros já foram avisados deste encontro.',
  'notifications.meetingTooMany':
    'O grupo já foi avisado de 3 encontros nesta semana. Tente mais tarde.',
  'notifications.meetingNobody': 'O grupo ainda não tem membros para avisar.',
  'notifications.meetingSent': 'Membros avisados do encontro: {{count}}.',
};

const es: Record<NotificationsMessageKey, string> = {
  'notifications.kindInvalid':
    'Elige un tipo de aviso: iglesia, grupos, eventos, ofrendas o en vivo.',
  'notifications.channelInvalid': 'Elige un canal: app, push o correo.',
  'notifications.onInvalid': 'Indica si está activado o desactivado.',
  'notifications.languageInvalid': 'Elige portugués, inglés, español o el idioma de la iglesia.',
  'push.endpointInvalid':
    'Este navegador dio una dirección de push no válida. Inténtalo de nuevo o usa otro navegador.',
  'push.keysInvalid':
    'Este navegador dio claves de push no válidas. Inténtalo de nuevo o usa otro navegador.',
  'push.labelTooLong': 'El nombre del dispositivo puede tener como máximo 80 caracteres.',
  'push.tooManyDevices':
    'Tienes demasiados dispositivos con notificaciones. Quita uno e inténtalo de nuevo.',
  'push.deviceNotFound': 'Ese dispositivo no está entre los tuyos.',
  'push.endpointRefused': 'Esta dirección de push no se puede usar.',
  'notifications.meetingWhenInvalid': 'Elige la fecha y la hora del encuentro.',
  'notifications.meetingPast': 'Esa hora ya pasó. Elige la fecha y la hora del próximo encuentro.',
  'notifications.meetingFar': 'Avisa de un encuentro como máximo con 60 días de antelación.',
  'notifications.meetingPlaceTooLong': 'El lugar puede tener como máximo 200 caracteres.',
  'notifications.meetingNoteTooLong': 'La nota puede tener como máximo 300 caracteres.',
  'notifications.meetingLeaderOnly': 'Solo el líder del grupo puede avisar de sus encuentros.',
  'notifications.meetingAlready': 'Ya se avisó a los miembros de este encuentro.',
  'notifications.meetingTooMany':
    'Ya se avisó al grupo de 3 encuentros esta semana. Inténtalo más tarde.',
  'notifications.meetingNobody': 'El grupo aún no tiene miembros a quienes avisar.',
  'notifications.meetingSent': 'Miembros avisados del encuentro: {{count}}.',
};

export const NOTIFICATIONS_MESSAGES: MessageTable<NotificationsMessageKey> = { en, pt, es };

export function notificationsMessage(lang: MessageLang, key: NotificationsMessageKey): string {
  return lookup(NOTIFICATIONS_MESSAGES, lang, key);
}
