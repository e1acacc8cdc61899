// The rota e-mails (docs/volunteers.md) in pt/en/es: the request with its answer link, the
// leader's notice of a decline, and the reminder two days before. Sent by the outbox mailer.
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { Mail } from '../mail/outbox.ts';
import { escapeHtml, fill } from '../mail/text.ts';

type Kind = 'request' | 'declined' | 'reminder';

const TEXT: Record<MessageLang, Record<Kind, { subject: string; body: string; action: string }>> = {
  pt: {
    request: {
      subject: 'Escala: {{position}} em {{when}} ({{team}})',
      body: 'Olá, {{name}}! {{church}} escalou você como {{position}} na equipe {{team}}: {{title}}, {{when}}. Você pode servir? Responda pelo link abaixo (sem precisar entrar):',
      action: 'Aceitar ou recusar',
    },
    declined: {
      subject: '{{name}} recusou {{position}} em {{when}}',
      body: '{{name}} não pode servir como {{position}} na equipe {{team}} em {{title}}, {{when}}. A função está aberta de novo; a escala mostra substitutos sugeridos:',
      action: 'Abrir a escala',
    },
    reminder: {
      subject: 'Lembrete: {{position}} em {{when}} ({{team}})',
      body: 'Olá, {{name}}! Lembrete: você está na escala da equipe {{team}} como {{position}}: {{title}}, {{when}}. Se não puder mais, responda pelo link:',
      action: 'Ver minha escala',
    },
  },
  en: {
    request: {
      subject: 'Rota: {{position}} on {{when}} ({{team}})',
      body: 'Hello, {{name}}! {{church}} scheduled you as {{position}} on the {{team}} team: {{title}}, {{when}}. Can you serve? Answer with the link below (no sign-in needed):',
      action: 'Accept or decline',
    },
    declined: {
      subject: '{{name}} declined {{position}} on {{when}}',
      body: '{{name}} cannot serve as {{position}} on the {{team}} team at {{title}}, {{when}}. The position is open again; the plan shows suggested substitutes:',
      action: 'Open the plan',
    },
    reminder: {
      subject: 'Reminder: {{position}} on {{when}} ({{team}})',
      body: 'Hello, {{name}}! A reminder: you serve on the {{team}} team as {{position}}: {{title}}, {{when}}. If you can no longer come, answer with the link:',
      action: 'See my rota',
    },
  },
  es: {
    request: {
      subject: 'Turno: {{position}} el {{when}} ({{team}})',
      body: '¡Hola, {{name}}! {{church}} le asignó como {{position}} en el equipo {{team}}: {{title}}, {{when}}. ¿Puede servir? Responda con el enlace de abajo (sin iniciar sesión):',
      action: 'Aceptar o rechazar',
    },
    declined: {
      subject: '{{name}} rechazó {{position}} el {{when}}',
      body: '{{name}} no puede servir como {{position}} en el equipo {{team}} en {{title}}, {{when}}. La función está abierta otra vez; la programación muestra sustitutos sugeridos:',
      action: 'Abrir la programación',
    },
    reminder: {
      subject: 'Recordatorio: {{position}} el {{when}} ({{team}})',
      body: '¡Hola, {{name}}! Recordatorio: usted sirve en el equipo {{team}} como {{position}}: {{title}}, {{when}}. Si ya no puede venir, responda con el enlace:',
      action: 'Ver mi turno',
    },
  },
};

export interface RotaMailValues {
  name: string;
  church: string;
  team: string;
  position: string;
  title: string;
  /** The plan's day and time as written in the church's language. */
  when: string;
  link: string;
}

/** `2026-12-06` and `09:00:00` as the church's language writes them. */
export function planWhen(lang: MessageLang, date: string, time: string): string {
  const day = new Intl.DateTimeFormat(lang, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
  return `${day}, ${time.slice(0, 5)}`;
}

export function rotaMail(lang: MessageLang, kind: Kind, to: string, values: RotaMailValues): Mail {
  const text = TEXT[lang][kind];
  const v = values as unknown as Record<string, string>;
  const subject = fill(text.subject, v);
  const body = fill(text.body, v);
  const safe = Object.fromEntries(Object.entries(v).map(([k, s]) => [k, escapeHtml(s)]));
  return {
    to,
    subject,
    text: `${body}\n\n${text.action}: ${values.link}\n`,
    html: `<p>${fill(escapeHtml(text.body), safe)}</p><p><a href="${escapeHtml(values.link)}">${escapeHtml(text.action)}</a></p>`,
    links: [values.link],
  };
}
