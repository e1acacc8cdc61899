// One announcement e-mail (docs/notifications.md "E-mail announcements"): subject, a plain-text and
// an HTML part in the church's language, the church's name and postal address at the foot, and the
// one-click unsubscribe of RFC 8058 (List-Unsubscribe + List-Unsubscribe-Post).
import type { Config } from '../../common/config.ts';
import type { NoticeKind } from '../../contract/notification-preferences.ts';
import { emailMessage } from '../../contract/messages/email.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import type { Mail } from '../mail/outbox.ts';
import { escapeHtml } from '../mail/text.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/** The path of the unsubscribe page and of its one-click POST (server/notifications/unsubscribe.routes.ts). */
export const UNSUBSCRIBE_PATH = '/api/v1/email/unsubscribe';

export interface MailChurch {
  id: number;
  code: string;
  name: string;
  street: string | null;
  number: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
}

/** The church's postal address on one line ("Rua A, 10 – Centro – Recife, PE – 50000-000"). */
export function postalAddress(c: MailChurch): string {
  const street = [c.street, c.number].filter(Boolean).join(', ');
  const town = [c.city, c.state].filter(Boolean).join(', ');
  return [street, c.neighborhood, town, c.zipCode, c.country].filter(Boolean).join(' – ');
}

export interface AnnouncementInput {
  church: MailChurch;
  lang: MessageLang;
  to: { userId: number; email: string; name: string };
  kind: NoticeKind;
  subject: string;
  body: string;
  /** The page the message opens, if any. */
  link: string | null;
  settings: Pick<Config, 'PROVIDER_DOMAIN' | 'PORT'> &
    Partial<Pick<Config, 'PUBLIC_URL_SCHEME' | 'NODE_ENV'>>;
}

export function unsubscribeUrl(
  input: Pick<AnnouncementInput, 'church' | 'to' | 'kind' | 'settings'>,
): string {
  const token = unsubscribeToken({
    userId: input.to.userId,
    churchId: input.church.id,
    kind: input.kind,
  });
  return `${churchHomeUrl(input.church.code, input.settings)}${UNSUBSCRIBE_PATH}?t=${token}`;
}

export function announcementMail(input: AnnouncementInput): Mail {
  const { church, lang, to, link } = input;
  const m = (key: Parameters<typeof emailMessage>[1], values?: Record<string, string>) =>
    emailMessage(lang, key, values);
  const unsubscribe = unsubscribeUrl(input);
  const token = new URL(unsubscribe).searchParams.get('t')!;
  const address = postalAddress(church);
  const greeting = m('email.greeting', { name: to.name });
  const why = m('email.why', { church: church.name });
  const paragraphs = input.body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const text = [
    greeting,
    ...paragraphs,
    ...(link ? [m('email.open', { link })] : []),
    '--',
    [church.name, address].filter(Boolean).join('\n'),
    why,
    m('email.unsubscribeLine', { link: unsubscribe }),
  ].join('\n\n');
  const para = (p: string) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">`,
    para(greeting),
    ...paragraphs.map(para),
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(m('email.openButton'))}</a></p>` : '',
    '<hr>',
    `<p style="font-size:small;color:#555">${escapeHtml(church.name)}${address ? `<br>${escapeHtml(address)}` : ''}<br>${escapeHtml(why)}<br><a href="${escapeHtml(unsubscribe)}">${escapeHtml(m('email.unsubscribeButton'))}</a></p>`,
    '</body></html>',
  ].join('');
  return {
    to: to.email,
    subject: input.subject,
    text,
    html,
    links: [...(link ? [link] : []), unsubscribe],
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>, <mailto:unsubscribe@${input.settings.PROVIDER_DOMAIN}?subject=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
