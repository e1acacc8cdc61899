// The provider's e-mails (docs/provider.md) in pt/en/es: a signed-up church's confirmation link
// and a sign-up invitation. Plain text and simple HTML, like the account e-mails.
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { Mail } from '../mail/outbox.ts';
import { escapeHtml, fill } from '../mail/text.ts';

type Kind = 'activation' | 'signupInvitation';

const TEXT: Record<
  MessageLang,
  Record<Kind, { subject: string; intro: string; action: string; outro: string }>
> = {
  pt: {
    activation: {
      subject: 'Confirme seu e-mail para pôr no ar o site da {{church}}',
      intro:
        'Olá, {{name}}! O site da {{church}} foi criado em {{address}}. Abra o link abaixo para confirmar seu e-mail: o site entra no ar e você passa a administrá-lo.',
      action: 'Confirmar e pôr no ar',
      outro:
        'O link vale por {{days}} dias. Se você já tem uma conta com este e-mail, entre com a senha dela. Se não pediu, ignore esta mensagem.',
    },
    signupInvitation: {
      subject: 'Convite para criar o site da sua igreja',
      intro:
        'Olá! Você foi convidado a criar o site da sua igreja. Abra o link abaixo para começar:',
      action: 'Criar o site',
      outro: 'O link vale por {{days}} dias e serve uma vez.',
    },
  },
  en: {
    activation: {
      subject: 'Confirm your e-mail to put the site of {{church}} online',
      intro:
        'Hello, {{name}}! The site of {{church}} was created at {{address}}. Open the link below to confirm your e-mail: the site goes online and you become its administrator.',
      action: 'Confirm and go online',
      outro:
        'The link is valid for {{days}} days. If you already have an account with this e-mail, sign in with its password. If you did not ask for this, ignore this message.',
    },
    signupInvitation: {
      subject: 'An invitation to create your church’s site',
      intro: 'Hello! You are invited to create your church’s site. Open the link below to start:',
      action: 'Create the site',
      outro: 'The link is valid for {{days}} days and works once.',
    },
  },
  es: {
    activation: {
      subject: 'Confirma tu correo para poner en línea el sitio de {{church}}',
      intro:
        '¡Hola, {{name}}! El sitio de {{church}} se creó en {{address}}. Abre el enlace de abajo para confirmar tu correo: el sitio queda en línea y pasas a administrarlo.',
      action: 'Confirmar y poner en línea',
      outro:
        'El enlace vale por {{days}} días. Si ya tienes una cuenta con este correo, entra con su contraseña. Si no lo pediste, ignora este mensaje.',
    },
    signupInvitation: {
      subject: 'Una invitación para crear el sitio de tu iglesia',
      intro:
        '¡Hola! Te invitan a crear el sitio de tu iglesia. Abre el enlace de abajo para empezar:',
      action: 'Crear el sitio',
      outro: 'El enlace vale por {{days}} días y sirve una sola vez.',
    },
  },
};

export function providerMail(
  kind: Kind,
  lang: MessageLang,
  to: string,
  link: string,
  values: Record<string, string>,
): Mail {
  const text = TEXT[lang][kind];
  const v = (s: string) => fill(s, values);
  return {
    to,
    subject: v(text.subject),
    text: `${v(text.intro)}\n\n${link}\n\n${v(text.outro)}\n`,
    html: `<p>${escapeHtml(v(text.intro))}</p><p><a href="${escapeHtml(link)}">${escapeHtml(text.action)}</a></p><p>${escapeHtml(v(text.outro))}</p>`,
    links: [link],
  };
}
