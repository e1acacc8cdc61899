// The account e-mails (activation, verification, password recovery) in pt/en/es.
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { Mail } from './outbox.ts';
import { escapeHtml, fill } from './text.ts';

type Kind = 'activation' | 'recovery' | 'invitation';

const TEXT: Record<
  MessageLang,
  Record<Kind, { subject: string; intro: string; action: string; outro: string }>
> = {
  pt: {
    activation: {
      subject: 'Ative sua conta na {{church}}',
      intro:
        'Olá, {{name}}! Para ativar sua conta e confirmar seu e-mail na {{church}}, abra o link abaixo:',
      action: 'Ativar minha conta',
      outro: 'O link vale por 48 horas. Se você não pediu, ignore esta mensagem.',
    },
    recovery: {
      subject: 'Nova senha na {{church}}',
      intro:
        'Olá, {{name}}! Recebemos um pedido para criar uma nova senha na {{church}}. Abra o link abaixo para escolher a nova senha:',
      action: 'Criar nova senha',
      outro:
        'O link vale por 1 hora. Se você não pediu, ignore esta mensagem; sua senha continua a mesma.',
    },
    invitation: {
      subject: 'Sua conta na {{church}}',
      intro:
        'Olá, {{name}}! A {{church}} trouxe seu cadastro para o novo site. Abra o link abaixo para escolher sua senha e entrar:',
      action: 'Escolher minha senha',
      outro: 'O link vale por 7 dias. Se não quiser uma conta, ignore esta mensagem.',
    },
  },
  en: {
    activation: {
      subject: 'Activate your account at {{church}}',
      intro:
        'Hello, {{name}}! To activate your account and confirm your e-mail at {{church}}, open the link below:',
      action: 'Activate my account',
      outro: 'The link is valid for 48 hours. If you did not ask for it, ignore this message.',
    },
    recovery: {
      subject: 'New password at {{church}}',
      intro:
        'Hello, {{name}}! We received a request to create a new password at {{church}}. Open the link below to choose it:',
      action: 'Choose a new password',
      outro:
        'The link is valid for 1 hour. If you did not ask for it, ignore this message; your password stays the same.',
    },
    invitation: {
      subject: 'Your account at {{church}}',
      intro:
        'Hello, {{name}}! {{church}} brought your details to its new site. Open the link below to choose your password and sign in:',
      action: 'Choose my password',
      outro: 'The link is valid for 7 days. If you do not want an account, ignore this message.',
    },
  },
  es: {
    activation: {
      subject: 'Activa tu cuenta en {{church}}',
      intro:
        '¡Hola, {{name}}! Para activar tu cuenta y confirmar tu correo en {{church}}, abre el enlace de abajo:',
      action: 'Activar mi cuenta',
      outro: 'El enlace vale por 48 horas. Si no lo pediste, ignora este mensaje.',
    },
    recovery: {
      subject: 'Nueva contraseña en {{church}}',
      intro:
        '¡Hola, {{name}}! Recibimos un pedido para crear una nueva contraseña en {{church}}. Abre el enlace de abajo para elegirla:',
      action: 'Crear nueva contraseña',
      outro:
        'El enlace vale por 1 hora. Si no lo pediste, ignora este mensaje; tu contraseña sigue igual.',
    },
    invitation: {
      subject: 'Tu cuenta en {{church}}',
      intro:
        '¡Hola, {{name}}! {{church}} trajo tus datos a su nuevo sitio. Abre el enlace de abajo para elegir tu contraseña y entrar:',
      action: 'Elegir mi contraseña',
      outro: 'El enlace vale por 7 días. Si no quieres una cuenta, ignora este mensaje.',
    },
  },
};

export function accountMail(
  kind: Kind,
  lang: MessageLang,
  to: string,
  values: { name: string; church: string; link: string },
): Mail {
  const t = TEXT[lang][kind];
  const v = { name: values.name, church: values.church };
  const intro = fill(t.intro, v);
  const outro = fill(t.outro, v);
  return {
    to,
    subject: fill(t.subject, v),
    text: `${intro}\n\n${values.link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(values.link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(outro)}</p>`,
    links: [values.link],
  };
}
