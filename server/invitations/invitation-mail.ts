// The invitation e-mail (docs/invitations.md) in pt/en/es, in the style of the account e-mails
// (server/mail/templates.ts): the church's name, its link to the accept page, and nothing of the
// person's account (the church knows only the e-mail it invited and the name it gave).
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { Mail } from '../mail/outbox.ts';
import { INVITATION_DAYS } from '../../contract/invitations.ts';
import { escapeHtml, fill } from '../mail/text.ts';

const TEXT: Record<
  MessageLang,
  {
    subject: string;
    hello: string;
    helloName: string;
    intro: string;
    roles: string;
    action: string;
    outro: string;
  }
> = {
  pt: {
    subject: 'Convite da {{church}}',
    hello: 'Olá!',
    helloName: 'Olá, {{name}}!',
    intro:
      'A {{church}} convida você a fazer parte dela no site da igreja. Abra o link abaixo para ver o convite e aceitar ou recusar:',
    roles: 'Você também é convidado a ajudar na equipe da igreja.',
    action: 'Ver o convite',
    outro:
      'O link vale por {{days}} dias e só pode ser usado uma vez. Nada da sua conta é mostrado à igreja antes de você aceitar. Se não conhece esta igreja, ignore esta mensagem.',
  },
  en: {
    subject: 'An invitation from {{church}}',
    hello: 'Hello!',
    helloName: 'Hello, {{name}}!',
    intro:
      '{{church}} invites you to join it on the church’s site. Open the link below to see the invitation and accept or decline it:',
    roles: 'You are also invited to help on the church’s team.',
    action: 'See the invitation',
    outro:
      'The link is valid for {{days}} days and works once. Nothing of your account is shown to the church before you accept. If you do not know this church, ignore this message.',
  },
  es: {
    subject: 'Una invitación de {{church}}',
    hello: '¡Hola!',
    helloName: '¡Hola, {{name}}!',
    intro:
      '{{church}} te invita a formar parte de ella en el sitio de la iglesia. Abre el enlace de abajo para ver la invitación y aceptarla o rechazarla:',
    roles: 'También te invitan a ayudar en el equipo de la iglesia.',
    action: 'Ver la invitación',
    outro:
      'El enlace vale por {{days}} días y sirve una sola vez. Nada de tu cuenta se muestra a la iglesia antes de que aceptes. Si no conoces esta iglesia, ignora este mensaje.',
  },
};

export function invitationMail(
  lang: MessageLang,
  to: string,
  values: { name: string | null; church: string; link: string; withRoles: boolean },
): Mail {
  const t = TEXT[lang];
  const v = { name: values.name ?? '', church: values.church, days: String(INVITATION_DAYS) };
  const lines = [
    fill(values.name ? t.helloName : t.hello, v),
    fill(t.intro, v),
    ...(values.withRoles ? [t.roles] : []),
  ];
  const outro = fill(t.outro, v);
  return {
    to,
    subject: fill(t.subject, v),
    text: `${lines.join('\n\n')}\n\n${values.link}\n\n${outro}\n`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(values.link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(outro)}</p>`,
    links: [values.link],
  };
}
