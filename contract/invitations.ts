// Invitations (docs/invitations.md): a church invites an e-mail to become its member (optionally
// with staff roles); the person accepts or declines from the e-mailed link. Staff calls under
// `/admin/{slug}/convites…` (area `people`); the invited person's calls under `/convite/…`, by
// the link's token only (a church never reads anything of the person before they accept).
import { z } from 'zod';
import { emailField } from './auth.ts';
import { idParam, pageNumber } from './common.ts';
import { STAFF_ROLES } from './staff.ts';

/** The accept page's query parameter (not `token`: the session takes and strips that one). */
export const INVITATION_PARAM = 'convite';
/** A link lasts two weeks; a resend makes a new link (the old one stops working). */
export const INVITATION_DAYS = 14;
/** Invitation e-mails a church sends in any 24 hours; the rest wait and go out on the following days. */
export const INVITE_MAILS_PER_DAY = 50;
/** Invitations one import may make; further rows are refused (import them later in another file). */
export const IMPORT_INVITES_MAX = 500;
export const INVITATIONS_PAGE_SIZE = 25;

/** What staff see; `expirado` is a pending invitation whose link ran out. */
export const INVITATION_VIEW_STATES = [
  'pendente',
  'expirado',
  'aceito',
  'recusado',
  'revogado',
] as const;
export type InvitationViewState = (typeof INVITATION_VIEW_STATES)[number];

const rolesField = z
  .array(z.string().trim().max(40))
  .max(STAFF_ROLES.length)
  .refine((list) => list.every((r) => (STAFF_ROLES as readonly string[]).includes(r)), {
    message: 'staff.people.unknownRole',
  });

// ---- staff ----

/** POST /admin/{slug}/convites */
export const invitationInput = z.object({
  email: emailField,
  /** How the e-mail greets them (optional; the church's own word for them). */
  nome: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(120, 'Too long.')
      .regex(/^[^\u0000-\u001f\u007f<>]*$/, 'Invalid characters.')
      .nullable()
      .default(null),
  ),
  roles: rolesField.default([]),
});
export type InvitationInput = z.output<typeof invitationInput>;

/** GET /admin/{slug}/convites?estado&page */
export const invitationsQuery = z.object({
  /** `pendente` (default): waiting for an answer, expired ones included; `todos`: every invitation. */
  estado: z.enum(['pendente', 'todos']).default('pendente'),
  page: pageNumber(100_000, 'Too large.').default(1),
});
export type InvitationsFilter = z.output<typeof invitationsQuery>;
export const invitationParams = z.object({ id: idParam });

export const invitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  nome: z.string().nullable(),
  roles: z.array(z.string()),
  estado: z.enum(INVITATION_VIEW_STATES),
  /** Made by hand on the people page, or by a row of a people import. */
  origem: z.enum(['equipe', 'importacao']),
  criadoPor: z.string(),
  criadoEm: z.string(),
  expiraEm: z.string(),
  /** When its last e-mail went out; null while it waits for the daily allowance. */
  enviadoEm: z.string().nullable(),
  envios: z.number(),
  respondidoEm: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationsPageSchema = z.object({
  convites: z.array(invitationSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
  /** Invitation e-mails sent in the last 24 hours, and the allowance. */
  enviosHoje: z.number(),
  limiteDiario: z.number(),
  /** Invitations still waiting for their first e-mail. */
  aguardandoEnvio: z.number(),
});
export type InvitationsPage = z.infer<typeof invitationsPageSchema>;

/** POST /convites, /convites/{id}/reenviar: the invitation and what happened to its e-mail. */
export const invitationSentSchema = z.object({
  convite: invitationSchema,
  /** false: the church's allowance for today is spent; it goes out on a following day. */
  enviado: z.boolean(),
  message: z.string(),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

// ---- the invited person ----

/** The link's token (POST bodies, so it never lands in access logs). */
export const invitationTokenInput = z.object({
  token: z
    .string({ error: 'invitation.invalid' })
    .trim()
    .min(20, 'invitation.invalid')
    .max(200, 'invitation.invalid')
    .regex(/^[A-Za-z0-9_-]+$/, 'invitation.invalid'),
});

/** POST /convite/ver: what the invited person sees before answering. */
export const invitationViewSchema = z.object({
  igreja: z.object({ id: z.number(), nome: z.string(), codigo: z.string() }),
  email: z.string(),
  roles: z.array(z.string()),
  expiraEm: z.string(),
  /** Whether an account with this e-mail exists (log in), or one must be created first. */
  contaExiste: z.boolean(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** POST /convite/aceitar (logged in as the invited e-mail), /convite/recusar. */
export const invitationAnswerSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  igreja: z.object({ id: z.number(), nome: z.string(), codigo: z.string() }),
});
export type InvitationAnswer = z.infer<typeof invitationAnswerSchema>;
