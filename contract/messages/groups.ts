// Messages of the groups calls in pt/en/es (spec §8 "Group: no matching cell found; request could
// not be sent"), and the texts of the notifications and e-mails a request and its answer send.
// Part of the one catalogue (index.ts).
import { GROUP_NOT_FOUND, GROUP_REQUEST_FAILED } from '../groups.ts';
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable } from './table.ts';

const en = {
  'groups.notFound': GROUP_NOT_FOUND,
  'groups.requestFailed': GROUP_REQUEST_FAILED,
  'groups.requestSent': 'Your request was sent to the leader of {{group}}.',
  'groups.alreadyPending': 'You already asked to join {{group}}. Wait for the leader to answer.',
  'groups.alreadyMember': 'You already take part in {{group}}.',
  'groups.membersOnly': 'Only the members and the leader of this group can see its meetings.',
  'groups.leaderOnly': 'Only the leader of this group can see and answer its requests.',
  'groups.alreadyAnswered': 'This request was already answered.',
  'groups.accepted': '{{name}} is now a member of {{group}}.',
  'groups.declined': 'The request of {{name}} was declined.',
  'groups.meetingNotFound': 'Meeting not found.',
  'groups.left': 'You left {{group}}.',
  'groups.leaderCannotLeave':
    'You lead {{group}}: ask the church staff to hand the group to another leader before you leave.',
  'groups.notMember': 'You do not take part in {{group}}.',
  'groups.full': '{{group}} is full and not taking new members right now.',
  'groups.meetingRecorded': 'Meeting recorded.',
  'groups.meetingCorrected': 'Meeting record corrected.',
  'groups.saved': 'Group details saved.',
  'groups.leaderOnlyEdit': 'Only the leader of this group can edit its details.',
  'groups.leaderOnlyMeetings':
    'Only the leader of this group can record its meetings and see attendance.',
  'groups.notInGroup': 'Tick only people of this group.',
  'groups.studyNotFound': 'This study is not in this church.',
  'groups.badDate': 'Enter a valid date and time.',
  'groups.futureDate': 'A meeting cannot be recorded before it happens.',
  'groups.themeRequired': 'Enter the topic or study of the meeting.',
  'groups.tooLong': 'Too long.',
  // notifications and e-mails
  'groups.mail.requestTitle': 'New request to join {{group}}',
  'groups.mail.requestBody': '{{name}} asked to take part in {{group}}.',
  'groups.mail.requestMessage': 'Message: "{{message}}"',
  'groups.mail.requestAction': 'See the requests',
  'groups.mail.acceptedTitle': 'Welcome to {{group}}!',
  'groups.mail.acceptedBody': 'The leader accepted your request to take part in {{group}}.',
  'groups.mail.declinedTitle': 'Your request to join {{group}}',
  'groups.mail.declinedBody':
    'The leader of {{group}} could not accept your request this time. You can look for another group near you.',
  'groups.mail.answerAction': 'Open the group',
} as const;

export type GroupMessageKey = keyof typeof en;

const pt: Record<GroupMessageKey, string> = {
  'groups.notFound': 'Nenhuma célula encontrada.',
  'groups.requestFailed': 'Não foi possível enviar a solicitação.',
  'groups.requestSent': 'Sua solicitação foi enviada ao líder da {{group}}.',
  'groups.alreadyPending':
    'Você já pediu para participar da {{group}}. Aguarde a resposta do líder.',
  'groups.alreadyMember': 'Você já participa da {{group}}.',
  'groups.membersOnly': 'Somente os membros e o líder desta célula podem ver as reuniões.',
  'groups.leaderOnly': 'Somente o líder desta célula pode ver e responder as solicitações.',
  'groups.alreadyAnswered': 'Esta solicitação já foi respondida.',
  'groups.accepted': '{{name}} agora participa da {{group}}.',
  'groups.declined': 'A solicitação de {{name}} foi recusada.',
  'groups.meetingNotFound': 'Reunião não encontrada.',
  'groups.left': 'Você saiu da {{group}}.',
  'groups.leaderCannotLeave':
    'Você é o líder da {{group}}: peça à equipe da igreja para passar a célula a outro líder antes de sair.',
  'groups.notMember': 'Você não participa da {{group}}.',
  'groups.full': 'A {{group}} está cheia e não recebe novos membros agora.',
  'groups.meetingRecorded': 'Reunião registrada.',
  'groups.meetingCorrected': 'Registro da reunião corrigido.',
  'groups.saved': 'Dados da célula salvos.',
  'groups.leaderOnlyEdit': 'Somente o líder desta célula pode editar os dados dela.',
  'groups.leaderOnlyMeetings':
    'Somente o líder desta célula pode registrar as reuniões e ver a presença.',
  'groups.notInGroup': 'Marque somente pessoas desta célula.',
  'groups.studyNotFound': 'Este estudo não é desta igreja.',
  'groups.badDate': 'Informe uma data e hora válidas.',
  'groups.futureDate': 'Uma reunião não pode ser registrada antes de acontecer.',
  'groups.themeRequired': 'Informe o tema ou estudo da reunião.',
  'groups.tooLong': 'Texto longo demais.',
  'groups.mail.requestTitle': 'Nova solicitação para a {{group}}',
  'groups.mail.requestBody': '{{name}} pediu para participar da {{group}}.',
  'groups.mail.requestMessage': 'Mensagem: "{{message}}"',
  'groups.mail.requestAction': 'Ver as solicitações',
  'groups.mail.acceptedTitle': 'Bem-vindo à {{group}}!',
  'groups.mail.acceptedBody': 'O líder aceitou sua solicitação para participar da {{group}}.',
  'groups.mail.declinedTitle': 'Sua solicitação para a {{group}}',
  'groups.mail.declinedBody':
    'O líder da {{group}} não pôde aceitar sua solicitação desta vez. Você pode procurar outra célula perto de você.',
  'groups.mail.answerAction': 'Abrir a célula',
};

const es: Record<GroupMessageKey, string> = {
  'groups.notFound': 'No se encontró ninguna célula.',
  'groups.requestFailed': 'No fue posible enviar la solicitud.',
  'groups.requestSent': 'Tu solicitud fue enviada al líder de {{group}}.',
  'groups.alreadyPending': 'Ya pediste participar en {{group}}. Espera la respuesta del líder.',
  'groups.alreadyMember': 'Ya participas en {{group}}.',
  'groups.membersOnly': 'Solo los miembros y el líder de esta célula pueden ver sus reuniones.',
  'groups.leaderOnly': 'Solo el líder de esta célula puede ver y responder sus solicitudes.',
  'groups.alreadyAnswered': 'Esta solicitud ya fue respondida.',
  'groups.accepted': '{{name}} ahora participa en {{group}}.',
  'groups.declined': 'La solicitud de {{name}} fue rechazada.',
  'groups.meetingNotFound': 'Reunión no encontrada.',
  'groups.left': 'Saliste de {{group}}.',
  'groups.leaderCannotLeave':
    'Eres el líder de {{group}}: pide al equipo de la iglesia que pase la célula a otro líder antes de salir.',
  'groups.notMember': 'No participas en {{group}}.',
  'groups.full': '{{group}} está llena y no recibe nuevos miembros ahora.',
  'groups.meetingRecorded': 'Reunión registrada.',
  'groups.meetingCorrected': 'Registro de la reunión corregido.',
  'groups.saved': 'Datos de la célula guardados.',
  'groups.leaderOnlyEdit': 'Solo el líder de esta célula puede editar sus datos.',
  'groups.leaderOnlyMeetings':
    'Solo el líder de esta célula puede registrar las reuniones y ver la asistencia.',
  'groups.notInGroup': 'Marca solo personas de esta célula.',
  'groups.studyNotFound': 'Este estudio no es de esta iglesia.',
  'groups.badDate': 'Ingresa una fecha y hora válidas.',
  'groups.futureDate': 'Una reunión no se puede registrar antes de que ocurra.',
  'groups.themeRequired': 'Ingresa el tema o estudio de la reunión.',
  'groups.tooLong': 'Texto demasiado largo.',
  'groups.mail.requestTitle': 'Nueva solicitud para {{group}}',
  'groups.mail.requestBody': '{{name}} pidió participar en {{group}}.',
  'groups.mail.requestMessage': 'Mensaje: "{{message}}"',
  'groups.mail.requestAction': 'Ver las solicitudes',
  'groups.mail.acceptedTitle': '¡Bienvenido a {{group}}!',
  'groups.mail.acceptedBody': 'El líder aceptó tu solicitud para participar en {{group}}.',
  'groups.mail.declinedTitle': 'Tu solicitud para {{group}}',
  'groups.mail.declinedBody':
    'El líder de {{group}} no pudo aceptar tu solicitud esta vez. Puedes buscar otra célula cerca de ti.',
  'groups.mail.answerAction': 'Abrir la célula',
};

export const GROUP_MESSAGES: MessageTable<GroupMessageKey> = { pt, en, es };

export function groupMessage(
  lang: MessageLang,
  key: GroupMessageKey,
  values: Record<string, string> = {},
): string {
  return lookup(GROUP_MESSAGES, lang, key, values);
}
