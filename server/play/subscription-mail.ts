// The e-mails a member gets about Play renewals (docs/play.md "Subscribing, cancelling, renewals"): a renewal
// declined (nothing charged; when it is tried again, or that it was the last try), the plan lapsed after
// declined renewals, and a plan without renewal about to end. pt/en/es, through the outbox; the link leads to
// my plan, where the card can be changed or added.
import { INTL_LOCALE, dateFormat } from '../../common/format.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { Mail } from '../mail/outbox.ts';
import { escapeHtml, fill } from '../mail/text.ts';

interface Texts {
  subject: string;
  hello: string;
  body: string;
  outro: string;
}

const DECLINED: Record<MessageLang, Texts & { retry: string; last: string; confirm: string }> = {
  pt: {
    subject: 'Não conseguimos renovar sua assinatura do Play — {{church}}',
    hello: 'Olá, {{name}}!',
    body: 'O cartão da sua assinatura “{{plan}}” foi recusado na renovação e nada foi cobrado.',
    confirm:
      'O banco do cartão da sua assinatura “{{plan}}” pediu que você confirme a renovação, o que não dá para fazer sem você, e nada foi cobrado.',
    retry:
      'Vamos tentar de novo em {{retry}}; até lá você continua com acesso. Se quiser, troque o cartão em Minha assinatura.',
    last: 'Esta foi a última tentativa: a assinatura termina em {{date}}.',
    outro: 'Para continuar assistindo, troque o cartão ou assine de novo:',
  },
  en: {
    subject: 'We could not renew your Play subscription — {{church}}',
    hello: 'Hello, {{name}}!',
    body: 'The card of your “{{plan}}” subscription was declined at renewal and nothing was charged.',
    confirm:
      'The bank of your “{{plan}}” subscription’s card asked you to confirm the renewal, which cannot be done without you, and nothing was charged.',
    retry:
      'We will try again on {{retry}}; until then you can keep watching. You can change the card in My subscription.',
    last: 'That was the last try: the subscription ends on {{date}}.',
    outro: 'To keep watching, change the card or subscribe again:',
  },
  es: {
    subject: 'No pudimos renovar tu suscripción a Play — {{church}}',
    hello: '¡Hola, {{name}}!',
    body: 'La tarjeta de tu suscripción “{{plan}}” fue rechazada en la renovación y no se cobró nada.',
    confirm:
      'El banco de la tarjeta de tu suscripción “{{plan}}” pidió que confirmes la renovación, lo que no se puede hacer sin ti, y no se cobró nada.',
    retry:
      'Lo intentaremos de nuevo el {{retry}}; hasta entonces sigues con acceso. Puedes cambiar la tarjeta en Mi suscripción.',
    last: 'Fue el último intento: la suscripción termina el {{date}}.',
    outro: 'Para seguir viendo, cambia la tarjeta o suscríbete de nuevo:',
  },
};

const LAPSED: Record<MessageLang, Texts> = {
  pt: {
    subject: 'Sua assinatura do Play terminou — {{church}}',
    hello: 'Olá, {{name}}!',
    body: 'Não conseguimos cobrar a renovação da sua assinatura “{{plan}}” depois de várias tentativas, então ela terminou e os vídeos exclusivos ficaram indisponíveis.',
    outro: 'Para voltar a assistir, assine de novo:',
  },
  en: {
    subject: 'Your Play subscription has ended — {{church}}',
    hello: 'Hello, {{name}}!',
    body: 'We could not charge the renewal of your “{{plan}}” subscription after several tries, so it has ended and the subscriber videos are no longer available.',
    outro: 'To watch again, subscribe again:',
  },
  es: {
    subject: 'Tu suscripción a Play terminó — {{church}}',
    hello: '¡Hola, {{name}}!',
    body: 'No pudimos cobrar la renovación de tu suscripción “{{plan}}” después de varios intentos, así que terminó y los videos exclusivos ya no están disponibles.',
    outro: 'Para volver a ver, suscríbete de nuevo:',
  },
};
const ENDING: Record<MessageLang, Texts & { card: string; again: string }> = {
  pt: {
    subject: 'Sua assinatura do Play termina em {{date}} — {{church}}',
    hello: 'Olá, {{name}}!',
    body: 'Sua assinatura “{{plan}}” está paga até {{date}} e não se renova sozinha: depois dessa data os vídeos exclusivos ficam indisponíveis.',
    card: 'Para continuar assistindo sem interrupção, cadastre um cartão em Minha assinatura: a assinatura passa a ser renovada automaticamente. Ou assine de novo depois de {{date}}.',
    again: 'Para continuar assistindo, assine de novo depois de {{date}}.',
    outro: 'Minha assinatura:',
  },
  en: {
    subject: 'Your Play subscription ends on {{date}} — {{church}}',
    hello: 'Hello, {{name}}!',
    body: 'Your “{{plan}}” subscription is paid until {{date}} and does not renew by itself: after that date the subscriber videos are no longer available.',
    card: 'To keep watching without a break, add a card in My subscription: the subscription will then renew automatically. Or subscribe again after {{date}}.',
    again: 'To keep watching, subscribe again after {{date}}.',
    outro: 'My subscription:',
  },
  es: {
    subject: 'Tu suscripción a Play termina el {{date}} — {{church}}',
    hello: '¡Hola, {{name}}!',
    body: 'Tu suscripción “{{plan}}” está pagada hasta el {{date}} y no se renueva sola: después de esa fecha los videos exclusivos ya no estarán disponibles.',
    card: 'Para seguir viendo sin interrupción, agrega una tarjeta en Mi suscripción: la suscripción se renovará automáticamente. O suscríbete de nuevo después del {{date}}.',
    again: 'Para seguir viendo, suscríbete de nuevo después del {{date}}.',
    outro: 'Mi suscripción:',
  },
};

/** The day of `d` on the church's clock: 01:00 UTC is still the evening before in Brasília. */
const day = (lang: MessageLang, d: Date, zone: string) =>
  dateFormat(INTL_LOCALE[lang], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: zone,
  }).format(d);

function mail(to: string, subject: string, paragraphs: string[], link: string): Mail {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n${link}\n`,
    html: `${paragraphs.map((x) => `<p>${escapeHtml(x)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    links: [link],
  };
}

export interface MailValues {
  name: string;
  church: string;
  plan: string;
  /** The end of the paid period. */
  paidUntil: Date;
  /** The church's clock, whose days the member counts (zoneOfChurch). */
  zone: string;
  link: string;
}

/**
 * A renewal was declined at `now`: tried again at `retryAt`, or (null) that was the last try.
 * `needsAuthentication`: the bank wanted the member there (Stripe `authentication_required`).
 */
export function renewalDeclinedMail(
  lang: MessageLang,
  to: string,
  v: MailValues & { retryAt: Date | null; now: Date; needsAuthentication?: boolean },
): Mail {
  const t = DECLINED[lang];
  // the last try comes after pago_ate: the plan ends now, not at a date already past
  const end = v.paidUntil < v.now ? v.now : v.paidUntil;
  return mail(
    to,
    fill(t.subject, { church: v.church }),
    [
      fill(t.hello, { name: v.name }),
      fill(v.needsAuthentication ? t.confirm : t.body, { plan: v.plan }),
      v.retryAt
        ? fill(t.retry, { retry: day(lang, v.retryAt, v.zone) })
        : fill(t.last, { date: day(lang, end, v.zone) }),
      t.outro,
    ],
    v.link,
  );
}

/** The plan lapsed after its declined renewals. */
export function subscriptionLapsedMail(lang: MessageLang, to: string, v: MailValues): Mail {
  const t = LAPSED[lang];
  return mail(
    to,
    fill(t.subject, { church: v.church }),
    [fill(t.hello, { name: v.name }), fill(t.body, { plan: v.plan }), t.outro],
    v.link,
  );
}

/**
 * A plan without renewal (paid by Pix, slip, PicPay) ends at `paidUntil`. `cardRenewal`: the church takes
 * cards, so adding one in My subscription makes it renew; else the member can only subscribe again.
 */
export function subscriptionEndingMail(
  lang: MessageLang,
  to: string,
  v: MailValues & { cardRenewal: boolean },
): Mail {
  const t = ENDING[lang];
  const date = day(lang, v.paidUntil, v.zone);
  return mail(
    to,
    fill(t.subject, { church: v.church, date }),
    [
      fill(t.hello, { name: v.name }),
      fill(t.body, { plan: v.plan, date }),
      fill(v.cardRenewal ? t.card : t.again, { date }),
      t.outro,
    ],
    v.link,
  );
}
