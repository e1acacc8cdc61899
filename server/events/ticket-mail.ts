// The ticket e-mail in pt/en/es (docs/events.md "The staff side"): the event, the holder, and the
// ticket's QR — the code the door scans — as an image and as text, so it also works printed.
import { INTL_LOCALE, dateFormat } from '../../common/format.ts';
import QRCode from 'qrcode';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { Mail } from '../mail/outbox.ts';
import { escapeHtml, fill } from '../mail/text.ts';

const TEXT: Record<
  MessageLang,
  { subject: string; intro: string; code: string; pending: string; outro: string }
> = {
  pt: {
    subject: 'Seu ingresso: {{event}}',
    intro: 'Olá, {{holder}}! Este é o seu ingresso ({{ticket}}) para {{event}}, da {{church}}.',
    code: 'Mostre este QR na entrada. Código do ingresso: {{code}}',
    pending: 'O pagamento ainda está pendente: a entrada só é liberada depois de pago.',
    outro: 'Até lá!',
  },
  en: {
    subject: 'Your ticket: {{event}}',
    intro: 'Hello, {{holder}}! This is your ticket ({{ticket}}) for {{event}}, at {{church}}.',
    code: 'Show this QR at the door. Ticket code: {{code}}',
    pending: 'The payment is still pending: you are admitted once it is paid.',
    outro: 'See you there!',
  },
  es: {
    subject: 'Tu entrada: {{event}}',
    intro: '¡Hola, {{holder}}! Esta es tu entrada ({{ticket}}) para {{event}}, de {{church}}.',
    code: 'Muestra este QR en la entrada. Código de la entrada: {{code}}',
    pending: 'El pago aún está pendiente: la entrada se permite una vez pagado.',
    outro: '¡Nos vemos!',
  },
};

export interface TicketMailValues {
  church: string;
  event: string;
  startsAt: Date;
  timeZone: string;
  place: string;
  holder: string;
  ticket: string;
  code: string;
  pending: boolean;
}

export async function ticketMail(
  lang: MessageLang,
  to: string,
  values: TicketMailValues,
): Promise<Mail> {
  const t = TEXT[lang];
  const v = {
    event: values.event,
    holder: values.holder,
    ticket: values.ticket,
    church: values.church,
    code: values.code,
  };
  const when = dateFormat(INTL_LOCALE[lang], {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: values.timeZone,
  }).format(values.startsAt);
  const qr = await QRCode.toDataURL(values.code, {
    margin: 2,
    width: 240,
    errorCorrectionLevel: 'M',
  });
  const lines = [
    fill(t.intro, v),
    when,
    values.place,
    fill(t.code, v),
    values.pending ? t.pending : '',
    t.outro,
  ].filter(Boolean);
  return {
    to,
    subject: fill(t.subject, v),
    text: `${lines.join('\n\n')}\n`,
    html: [
      `<p>${escapeHtml(fill(t.intro, v))}</p>`,
      `<p>${escapeHtml(when)}${values.place ? `<br>${escapeHtml(values.place)}` : ''}</p>`,
      `<p><img src="${qr}" width="240" height="240" alt="${escapeHtml(values.code)}"></p>`,
      `<p style="font-family:monospace;font-size:20px">${escapeHtml(values.code)}</p>`,
      `<p>${escapeHtml(fill(t.code, v))}</p>`,
      values.pending ? `<p><strong>${escapeHtml(t.pending)}</strong></p>` : '',
      `<p>${escapeHtml(t.outro)}</p>`,
    ].join(''),
    links: [],
  };
}
