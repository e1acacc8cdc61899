// The e-mail a member gets when a Play renewal is declined (docs/play.md "Subscribing, cancelling, renewals"): nothing was charged, the plan
// stays until the paid date and then ends; subscribe again to keep watching. pt/en/es, through the outbox.
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { Mail } from '../mail/outbox.ts';

const TEXT: Record<MessageLang, { subject: string; hello: string; body: string; outro: string }> = {
  pt: {
    subject: 'Não conseguimos renovar sua assinatura do Play — {{church}}',
    hello: 'Olá, {{name}}!',
    body: 'O cartão da sua assinatura “{{plan}}” foi recusado na renovação e nada foi cobrado. Você continua com acesso até {{date}}; depois disso a assinatura termina.',
    outro: 'Para continuar assistindo, assine de novo com outro cartão:',
  },
  en: {
    subject: 'We could not renew your Play subscription — {{church}}',
    hello: 'Hello, {{name}}!',
    body: 'The card of your “{{plan}}” subscription was declined at renewal and nothing was charged. You can keep watching until {{date}}; then the subscription ends.',
    outro: 'To keep watching, subscribe again with another card:',
  },
  es: {
    subject: 'No pudimos renovar tu suscripción a Play — {{church}}',
    hello: '¡Hola, {{name}}!',
    body: 'La tarjeta de tu suscripción “{{plan}}” fue rechazada en la renovación y no se cobró nada. Sigues con acceso hasta el {{date}}; después la suscripción termina.',
    outro: 'Para seguir viendo, suscríbete de nuevo con otra tarjeta:',
  },
};
const LOCALE: Record<MessageLang, string> = { pt: 'pt-BR', en: 'en-US', es: 'es' };

const fill = (s: string, v: Record<string, string>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => v[k] ?? '');
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function renewalDeclinedMail(
  lang: MessageLang,
  to: string,
  v: { name: string; church: string; plan: string; paidUntil: Date; link: string },
): Mail {
  const t = TEXT[lang];
  const date = new Intl.DateTimeFormat(LOCALE[lang], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(v.paidUntil);
  const paragraphs = [
    fill(t.hello, { name: v.name }),
    fill(t.body, { plan: v.plan, date }),
    t.outro,
  ];
  return {
    to,
    subject: fill(t.subject, { church: v.church }),
    text: `${paragraphs.join('\n\n')}\n${v.link}\n`,
    html: `${paragraphs.map((x) => `<p>${escapeHtml(x)}</p>`).join('')}<p><a href="${escapeHtml(v.link)}">${escapeHtml(v.link)}</a></p>`,
    links: [v.link],
  };
}
