// The e-mail a member gets after changing church when something of theirs stopped at the church they
// left (docs/accounts.md "Changing church"): each recurring gift and the Play plan, with amounts, in
// pt/en/es through the outbox.
import { money } from '../../common/format.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { ChangeChurchEffects } from '../../contract/user.ts';
import type { Mail } from '../mail/outbox.ts';
import { escapeHtml, fill } from '../mail/text.ts';

const TEXT: Record<
  MessageLang,
  { subject: string; hello: string; intro: string; gift: string; plan: string; outro: string }
> = {
  pt: {
    subject: 'O que paramos na {{from}}',
    hello: 'Olá, {{name}}!',
    intro:
      'Você mudou sua conta da {{from}} para a {{to}}. Para nada ser cobrado na igreja que você deixou, paramos:',
    gift: 'Doação recorrente “{{reason}}”: {{amount}} a cada {{days}} dias',
    plan: 'Assinatura do Play “{{plan}}”: {{amount}} (não renova mais; o período pago continua valendo)',
    outro:
      'Nada mais será cobrado na {{from}}. Se quiser continuar contribuindo, crie uma doação recorrente na {{to}}.',
  },
  en: {
    subject: 'What we stopped at {{from}}',
    hello: 'Hello, {{name}}!',
    intro:
      'You moved your account from {{from}} to {{to}}. So that nothing is charged at the church you left, we stopped:',
    gift: 'Recurring gift “{{reason}}”: {{amount}} every {{days}} days',
    plan: 'Play subscription “{{plan}}”: {{amount}} (it no longer renews; the paid period still counts)',
    outro:
      'Nothing more will be charged at {{from}}. To keep giving, set up a recurring gift at {{to}}.',
  },
  es: {
    subject: 'Lo que detuvimos en {{from}}',
    hello: '¡Hola, {{name}}!',
    intro:
      'Cambiaste tu cuenta de {{from}} a {{to}}. Para que no se cobre nada en la iglesia que dejaste, detuvimos:',
    gift: 'Donación recurrente “{{reason}}”: {{amount}} cada {{days}} días',
    plan: 'Suscripción a Play “{{plan}}”: {{amount}} (ya no se renueva; el período pagado sigue valiendo)',
    outro:
      'No se cobrará nada más en {{from}}. Para seguir donando, crea una donación recurrente en {{to}}.',
  },
};

/** Null when nothing was running (no e-mail then). */
export function moneyStoppedMail(
  lang: MessageLang,
  to: string,
  v: { name: string; from: string; to: string },
  stopped: ChangeChurchEffects,
): Mail | null {
  if (!stopped.doacoesRecorrentes.length && !stopped.assinaturaPlay) return null;
  const t = TEXT[lang];
  const amount = (n: number) => money(n, stopped.moeda, lang);
  const lines = [
    ...stopped.doacoesRecorrentes.map((g) =>
      fill(t.gift, { reason: g.motivo, amount: amount(g.valor), days: g.dias }),
    ),
    ...(stopped.assinaturaPlay
      ? [
          fill(t.plan, {
            plan: stopped.assinaturaPlay.plano,
            amount: amount(stopped.assinaturaPlay.valor),
          }),
        ]
      : []),
  ];
  const hello = fill(t.hello, v);
  const intro = fill(t.intro, v);
  const outro = fill(t.outro, v);
  return {
    to,
    subject: fill(t.subject, v),
    text: `${hello}\n\n${intro}\n\n${lines.map((l) => `- ${l}`).join('\n')}\n\n${outro}\n`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><ul>${lines
      .map((l) => `<li>${escapeHtml(l)}</li>`)
      .join('')}</ul><p>${escapeHtml(outro)}</p>`,
    links: [],
  };
}
