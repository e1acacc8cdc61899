// The rota e-mails (docs/volunteers.md) in pt/en/es: the request with its answer link, the
// leader's notice of a decline, the reminder two days before, and the swaps between volunteers
// (asked, done, waiting for a leader, refused). Sent by the outbox mailer.
import { INTL_LOCALE, dateFormat } from '../../common/format.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { Mail } from '../mail/outbox.ts';
import { escapeHtml, fill } from '../mail/text.ts';

export type RotaMailKind =
  'request' | 'declined' | 'reminder' | 'swapAsk' | 'swapDone' | 'swapApproval' | 'swapRefused';
type Kind = RotaMailKind;

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
    swapAsk: {
      subject: 'Troca: você pode assumir {{position}} em {{when}}? ({{team}})',
      body: '{{name}} não pode servir como {{position}} na equipe {{team}} em {{title}}, {{when}}, e pede uma troca. Quem aceitar primeiro fica com a função:',
      action: 'Ver a troca',
    },
    swapDone: {
      subject: 'Troca: {{other}} assume {{position}} em {{when}}',
      body: '{{other}} assume o lugar de {{name}} como {{position}} na equipe {{team}} em {{title}}, {{when}}.',
      action: 'Abrir',
    },
    swapApproval: {
      subject: 'Troca para aprovar: {{position}} em {{when}}',
      body: '{{other}} se ofereceu para assumir o lugar de {{name}} como {{position}} na equipe {{team}} em {{title}}, {{when}}. A equipe pede que um líder aprove as trocas:',
      action: 'Aprovar ou recusar',
    },
    swapRefused: {
      subject: 'Troca não aprovada: {{position}} em {{when}}',
      body: 'Um líder da equipe {{team}} não aprovou que {{other}} assuma o lugar de {{name}} como {{position}} em {{title}}, {{when}}. {{name}} continua na escala.',
      action: 'Ver minhas escalas',
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
    swapAsk: {
      subject: 'Swap: can you take {{position}} on {{when}}? ({{team}})',
      body: '{{name}} cannot serve as {{position}} on the {{team}} team at {{title}}, {{when}}, and asks for a swap. The first to accept takes the place:',
      action: 'See the swap',
    },
    swapDone: {
      subject: 'Swap: {{other}} takes {{position}} on {{when}}',
      body: "{{other}} takes {{name}}'s place as {{position}} on the {{team}} team at {{title}}, {{when}}.",
      action: 'Open',
    },
    swapApproval: {
      subject: 'Swap to approve: {{position}} on {{when}}',
      body: "{{other}} offers to take {{name}}'s place as {{position}} on the {{team}} team at {{title}}, {{when}}. The team asks a leader to approve swaps:",
      action: 'Approve or refuse',
    },
    swapRefused: {
      subject: 'Swap not approved: {{position}} on {{when}}',
      body: "A leader of the {{team}} team did not approve {{other}} taking {{name}}'s place as {{position}} at {{title}}, {{when}}. {{name}} stays on the rota.",
      action: 'See my rotas',
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
    swapAsk: {
      subject: 'Cambio: ¿puede asumir {{position}} el {{when}}? ({{team}})',
      body: '{{name}} no puede servir como {{position}} en el equipo {{team}} en {{title}}, {{when}}, y pide un cambio. Quien acepte primero se queda con la función:',
      action: 'Ver el cambio',
    },
    swapDone: {
      subject: 'Cambio: {{other}} asume {{position}} el {{when}}',
      body: '{{other}} asume el lugar de {{name}} como {{position}} en el equipo {{team}} en {{title}}, {{when}}.',
      action: 'Abrir',
    },
    swapApproval: {
      subject: 'Cambio por aprobar: {{position}} el {{when}}',
      body: '{{other}} se ofreció para asumir el lugar de {{name}} como {{position}} en el equipo {{team}} en {{title}}, {{when}}. El equipo pide que un líder apruebe los cambios:',
      action: 'Aprobar o rechazar',
    },
    swapRefused: {
      subject: 'Cambio no aprobado: {{position}} el {{when}}',
      body: 'Un líder del equipo {{team}} no aprobó que {{other}} asuma el lugar de {{name}} como {{position}} en {{title}}, {{when}}. {{name}} sigue en la programación.',
      action: 'Ver mis turnos',
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
  /** The other person of a swap (who takes the place). */
  other?: string;
}

/** `2026-12-06` and `09:00:00` as the church's language writes them. */
export function planWhen(lang: MessageLang, date: string, time: string): string {
  const day = dateFormat(INTL_LOCALE[lang], {
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
