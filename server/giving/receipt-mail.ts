// The gift receipt e-mail (a receipt by e-mail, also for visitors; docs/giving.md), in pt/en/es, sent
// through the outbox (server/mail/). One receipt per payment, one line per reason.
import { INTL_LOCALE, dateFormat, money } from '../../common/format.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { Payment } from '../../contract/payments.ts';
import type { Mail } from '../mail/outbox.ts';
import { escapeHtml, fill } from '../mail/text.ts';

const TEXT: Record<
  MessageLang,
  {
    subject: string;
    hello: string;
    intro: string;
    pending: string;
    failed: string;
    total: string;
    fees: string;
    order: string;
    link: string;
    recurring: string;
  }
> = {
  pt: {
    subject: 'Recibo da sua doação — {{church}}',
    hello: 'Olá, {{name}}!',
    intro: 'Recebemos sua doação para a {{church}}. Obrigado pela generosidade!',
    pending:
      'Sua doação está aguardando o pagamento; ela será confirmada quando o pagamento for compensado.',
    failed: 'O pagamento da sua doação não foi aprovado e nada foi cobrado.',
    total: 'Total',
    fees: 'Taxas',
    order: 'Pedido',
    link: 'Veja o recibo',
    recurring: 'Esta doação se repete a cada {{days}} dias; a próxima será em {{date}}.',
  },
  en: {
    subject: 'Receipt of your gift — {{church}}',
    hello: 'Hello, {{name}}!',
    intro: 'We received your gift to {{church}}. Thank you for your generosity!',
    pending: 'Your gift is waiting for payment; it is confirmed once the payment clears.',
    failed: 'The payment of your gift was not approved and nothing was charged.',
    total: 'Total',
    fees: 'Fees',
    order: 'Order',
    link: 'See the receipt',
    recurring: 'This gift repeats every {{days}} days; the next one is on {{date}}.',
  },
  es: {
    subject: 'Recibo de tu donación — {{church}}',
    hello: '¡Hola, {{name}}!',
    intro: 'Recibimos tu donación para {{church}}. ¡Gracias por tu generosidad!',
    pending: 'Tu donación espera el pago; se confirma cuando el pago se acredite.',
    failed: 'El pago de tu donación no fue aprobado y no se cobró nada.',
    total: 'Total',
    fees: 'Tasas',
    order: 'Pedido',
    link: 'Ver el recibo',
    recurring: 'Esta donación se repite cada {{days}} días; la próxima es el {{date}}.',
  },
};

export function receiptMail(
  lang: MessageLang,
  to: string,
  values: { name: string; church: string; link: string; payment: Payment },
): Mail {
  const t = TEXT[lang];
  const p = values.payment;
  const amount = (v: number) => money(v, p.moeda, lang);
  const status = p.status === 'aprovado' ? '' : p.status === 'nao_aprovado' ? t.failed : t.pending;
  const lines = p.itens.map((l) => `${l.motivo}: ${amount(l.valor)}`);
  if (p.taxas > 0) lines.push(`${t.fees}: ${amount(p.taxas)}`);
  lines.push(`${t.total}: ${amount(p.valorTotal)}`);
  const recurring = p.doacaoRecorrente
    ? fill(t.recurring, {
        days: p.doacaoRecorrente.recorrenciaDias,
        // a calendar day already on the church's clock (donation.ts dayOf): written as it is, at noon of UTC
        date: dateFormat(INTL_LOCALE[lang], { timeZone: 'UTC' }).format(
          new Date(`${p.doacaoRecorrente.proximaCobranca}T12:00:00Z`),
        ),
      })
    : '';
  const paragraphs = [
    fill(t.hello, { name: values.name }),
    fill(t.intro, { church: values.church }),
    status,
    `${t.order}: ${p.codigo}`,
    lines.join('\n'),
    recurring,
  ].filter(Boolean);
  return {
    to,
    subject: fill(t.subject, { church: values.church }),
    text: `${paragraphs.join('\n\n')}\n\n${t.link}: ${values.link}\n`,
    html: `${paragraphs.map((x) => `<p>${escapeHtml(x).replace(/\n/g, '<br>')}</p>`).join('')}<p><a href="${escapeHtml(values.link)}">${escapeHtml(t.link)}</a></p>`,
    links: [values.link],
  };
}

const DECLINED: Record<
  MessageLang,
  { subject: string; hello: string; retry: string; paused: string; outro: string }
> = {
  pt: {
    subject: 'Não conseguimos cobrar sua doação recorrente — {{church}}',
    hello: 'Olá, {{name}}!',
    retry:
      'O cartão da sua doação recorrente de {{amount}} para a {{church}} foi recusado e nada foi cobrado. Tentaremos de novo em {{days}} dia(s).',
    paused:
      'O cartão da sua doação recorrente de {{amount}} para a {{church}} foi recusado de novo e nada foi cobrado. A doação foi pausada.',
    outro: 'Você pode trocar o cartão, o valor ou retomar a doação na sua conta:',
  },
  en: {
    subject: 'We could not charge your recurring gift — {{church}}',
    hello: 'Hello, {{name}}!',
    retry:
      'The card of your recurring gift of {{amount}} to {{church}} was declined and nothing was charged. We will try again in {{days}} day(s).',
    paused:
      'The card of your recurring gift of {{amount}} to {{church}} was declined again and nothing was charged. The gift is paused.',
    outro: 'You can change the card or the amount, or resume the gift, in your account:',
  },
  es: {
    subject: 'No pudimos cobrar tu donación recurrente — {{church}}',
    hello: '¡Hola, {{name}}!',
    retry:
      'La tarjeta de tu donación recurrente de {{amount}} para {{church}} fue rechazada y no se cobró nada. Lo intentaremos de nuevo en {{days}} día(s).',
    paused:
      'La tarjeta de tu donación recurrente de {{amount}} para {{church}} fue rechazada otra vez y no se cobró nada. La donación quedó en pausa.',
    outro: 'Puedes cambiar la tarjeta o el monto, o reanudar la donación, en tu cuenta:',
  },
};

/** The donor's notice of a declined recurring charge (and of the pause after the last try). */
export function declinedMail(
  lang: MessageLang,
  to: string,
  v: {
    name: string;
    church: string;
    amountCents: number;
    currency: string;
    paused: boolean;
    retryDays: number;
    link?: string;
    /** Why, when the donor can act on it (the bank wants them there to confirm the charge). */
    reason?: string | undefined;
  },
): Mail {
  const t = DECLINED[lang];
  const amount = money(v.amountCents / 100, v.currency, lang);
  const body = fill(v.paused ? t.paused : t.retry, { amount, church: v.church, days: v.retryDays });
  const link = v.link ?? '/user/giving';
  const paragraphs = [
    fill(t.hello, { name: v.name }),
    body,
    ...(v.reason ? [v.reason] : []),
    t.outro,
  ];
  return {
    to,
    subject: fill(t.subject, { church: v.church }),
    text: `${paragraphs.join('\n\n')}\n${link}\n`,
    html: `${paragraphs.map((x) => `<p>${escapeHtml(x)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    links: [link],
  };
}
