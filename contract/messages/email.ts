// E-mail announcements in pt/en/es (docs/notifications.md "E-mail announcements"): the staff
// form's answers, the message's fixed lines and the unsubscribe page. Keys start with `email.`.
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable } from './table.ts';

const en = {
  'email.audienceInvalid': 'Choose who receives it.',
  'email.roleInvalid': 'Choose a staff role.',
  'email.filterTooLong': 'The search can have at most 100 characters.',
  'email.eventNotFound': 'That event is not an event of this church.',
  'email.audienceEmpty': 'Nobody matches this audience yet.',
  'email.noAddress': 'Your account has no address that can receive e-mail.',
  'email.greeting': 'Hello, {{name}}!',
  'email.open': 'Open: {{link}}',
  'email.openButton': 'Open',
  'email.why': 'You receive this because you are a member of {{church}}.',
  'email.unsubscribeLine': 'Stop these e-mails: {{link}}',
  'email.unsubscribeButton': 'Stop these e-mails',
  'email.test': '[Test] {{subject}}',
  'email.meetingSubject': 'Next meeting: {{group}}',
  'email.meetingBody':
    '{{leader}} invites you to the next meeting of {{group}}: {{when}}{{place}}.{{note}}',
  'email.feedbackTooLarge': 'The report is larger than 256 KB.',
  'email.feedbackInvalid': 'This is not a delivery status (RFC 3464) or abuse (RFC 5965) report.',
  'email.reminderSubject': 'Reminder: {{event}}',
  'email.reminderBody':
    'A reminder: {{event}} is coming up, {{when}}{{place}}. We look forward to seeing you.',
  'email.newEventSubject': 'New event: {{event}}',
  'email.newEventBody': '{{church}} has a new event: {{event}}, {{when}}{{place}}.',
  'email.page.title': 'Stop e-mails',
  'email.page.ask': 'Stop receiving {{kind}} from {{church}} by e-mail at {{email}}?',
  'email.page.confirm': 'Yes, stop these e-mails',
  'email.page.done': 'Done: {{church}} will no longer e-mail you {{kind}}.',
  'email.page.again': 'You can turn them back on in your account’s notification settings.',
  'email.page.invalid': 'This link is not valid. Open the latest e-mail and use its link.',
  'email.kind.church': 'church notices',
  'email.kind.groups': 'group messages',
  'email.kind.events': 'event announcements and reminders',
  'email.kind.giving': 'giving receipts',
  'email.kind.live': 'live service alerts',
} as const;

export type EmailMessageKey = keyof typeof en;

const pt: Record<EmailMessageKey, string> = {
  'email.audienceInvalid': 'Escolha quem recebe.',
  'email.roleInvalid': 'Escolha uma função da equipe.',
  'email.filterTooLong': 'A busca pode ter no máximo 100 caracteres.',
  'email.eventNotFound': 'Esse evento não é um evento desta igreja.',
  'email.audienceEmpty': 'Ninguém corresponde a esse público ainda.',
  'email.noAddress': 'Sua conta não tem um endereço que possa receber e-mail.',
  'email.greeting': 'Olá, {{name}}!',
  'email.open': 'Abrir: {{link}}',
  'email.openButton': 'Abrir',
  'email.why': 'Você recebe esta mensagem porque é membro da {{church}}.',
  'email.unsubscribeLine': 'Parar estes e-mails: {{link}}',
  'email.unsubscribeButton': 'Parar estes e-mails',
  'email.test': '[Teste] {{subject}}',
  'email.meetingSubject': 'Próximo encontro: {{group}}',
  'email.meetingBody':
    '{{leader}} convida você para o próximo encontro de {{group}}: {{when}}{{place}}.{{note}}',
  'email.feedbackTooLarge': 'O relatório passa de 256 KB.',
  'email.feedbackInvalid': 'Isto não é um relatório de entrega (RFC 3464) nem de abuso (RFC 5965).',
  'email.reminderSubject': 'Lembrete: {{event}}',
  'email.reminderBody': 'Lembrete: {{event}} está chegando, {{when}}{{place}}. Esperamos por você.',
  'email.newEventSubject': 'Novo evento: {{event}}',
  'email.newEventBody': 'A {{church}} tem um novo evento: {{event}}, {{when}}{{place}}.',
  'email.page.title': 'Parar e-mails',
  'email.page.ask': 'Parar de receber {{kind}} da {{church}} por e-mail em {{email}}?',
  'email.page.confirm': 'Sim, parar estes e-mails',
  'email.page.done': 'Pronto: a {{church}} não enviará mais {{kind}} para o seu e-mail.',
  'email.page.again': 'Você pode ativá-los de novo nas preferências de notificação da sua conta.',
  'email.page.invalid': 'Este link não é válido. Abra o e-mail mais recente e use o link dele.',
  'email.kind.church': 'avisos da igreja',
  'email.kind.groups': 'mensagens dos grupos',
  'email.kind.events': 'anúncios e lembretes de eventos',
  'email.kind.giving': 'recibos de contribuição',
  'email.kind.live': 'avisos de culto ao vivo',
};

const es: Record<EmailMessageKey, string> = {
  'email.audienceInvalid': 'Elige quién lo recibe.',
  'email.roleInvalid': 'Elige una función del equipo.',
  'email.filterTooLong': 'La búsqueda puede tener como máximo 100 caracteres.',
  'email.eventNotFound': 'Ese evento no es un evento de esta iglesia.',
  'email.audienceEmpty': 'Nadie corresponde a ese público todavía.',
  'email.noAddress': 'Tu cuenta no tiene una dirección que pueda recibir correo.',
  'email.greeting': '¡Hola, {{name}}!',
  'email.open': 'Abrir: {{link}}',
  'email.openButton': 'Abrir',
  'email.why': 'Recibes este mensaje porque eres miembro de {{church}}.',
  'email.unsubscribeLine': 'Dejar de recibir estos correos: {{link}}',
  'email.unsubscribeButton': 'Dejar de recibir estos correos',
  'email.test': '[Prueba] {{subject}}',
  'email.meetingSubject': 'Próximo encuentro: {{group}}',
  'email.meetingBody':
    '{{leader}} te invita al próximo encuentro de {{group}}: {{when}}{{place}}.{{note}}',
  'email.feedbackTooLarge': 'El informe supera los 256 KB.',
  'email.feedbackInvalid': 'Esto no es un informe de entrega (RFC 3464) ni de abuso (RFC 5965).',
  'email.reminderSubject': 'Recordatorio: {{event}}',
  'email.reminderBody': 'Recordatorio: {{event}} se acerca, {{when}}{{place}}. Te esperamos.',
  'email.newEventSubject': 'Nuevo evento: {{event}}',
  'email.newEventBody': '{{church}} tiene un nuevo evento: {{event}}, {{when}}{{place}}.',
  'email.page.title': 'Dejar de recibir correos',
  'email.page.ask': '¿Dejar de recibir {{kind}} de {{church}} por correo en {{email}}?',
  'email.page.confirm': 'Sí, dejar de recibirlos',
  'email.page.done': 'Listo: {{church}} ya no te enviará {{kind}} por correo.',
  'email.page.again':
    'Puedes activarlos de nuevo en las preferencias de notificación de tu cuenta.',
  'email.page.invalid': 'Este enlace no es válido. Abre el correo más reciente y usa su enlace.',
  'email.kind.church': 'avisos de la iglesia',
  'email.kind.groups': 'mensajes de los grupos',
  'email.kind.events': 'anuncios y recordatorios de eventos',
  'email.kind.giving': 'recibos de donaciones',
  'email.kind.live': 'avisos de culto en vivo',
};

export const EMAIL_MESSAGES: MessageTable<EmailMessageKey> = { en, pt, es };

export function emailMessage(
  lang: MessageLang,
  key: EmailMessageKey,
  values?: Record<string, string | number>,
): string {
  return lookup(EMAIL_MESSAGES, lang, key, values);
}
