// E-mail announcements (docs/notifications.md "E-mail announcements"): whom a staff notice goes
// to, and what staff see of an e-mail send's progress. Shared by the API and the staff page.
import { z } from 'zod';
import { idParam } from './common.ts';
import { STAFF_ROLES } from './staff.ts';

/**
 * Whom a notice reaches: every active member, a group (members and leader), the holders of a staff
 * role, an event's confirmed registrants with an account, or the directory's filters (docs/staff.md "People").
 */
export const audienceSchema = z.discriminatedUnion(
  'tipo',
  [
    z.object({ tipo: z.literal('todos') }),
    z.object({ tipo: z.literal('grupo'), grupoId: idParam }),
    z.object({
      tipo: z.literal('papel'),
      papel: z.enum(STAFF_ROLES, { error: 'staff.notifications.roleInvalid' }),
    }),
    z.object({ tipo: z.literal('evento'), eventoId: idParam }),
    z.object({
      tipo: z.literal('filtro'),
      busca: z.string().trim().max(100, { error: 'staff.notifications.filterTooLong' }).optional(),
      papel: z.enum([...STAFF_ROLES, 'membro']).optional(),
      grupo: idParam.optional(),
      status: z.enum(['ativo', 'inativo']).optional(),
    }),
  ],
  { error: 'staff.notifications.audienceInvalid' },
);
export type Audience = z.infer<typeof audienceSchema>;
export type AudienceKind = Audience['tipo'];

/** An e-mail send's progress as staff see it ("sent X of Y"). */
export const emailSendSummarySchema = z.object({
  id: z.number(),
  titulo: z.string(),
  /** 'enviando' while recipients are pending, then 'concluido'. */
  status: z.enum(['enviando', 'concluido']),
  total: z.number(),
  enviados: z.number(),
  falhas: z.number(),
  /** Members whose e-mail preference for this kind is off. */
  pulados: z.number(),
  /** Addresses whose mail server refused them for good (docs/notifications.md "Bounces"). */
  devolvidos: z.number(),
  quando: z.string(),
  /** What the audience was (its kind and a name, e.g. the group's). */
  publico: z.object({ tipo: z.string(), nome: z.string().optional() }),
});
export type EmailSendSummary = z.infer<typeof emailSendSummarySchema>;

/** GET /admin/{slug}/notificacoes/emails: the latest e-mail sends, and the addresses bouncing. */
export const emailSendsSchema = z.object({
  envios: z.array(emailSendSummarySchema),
  /** Members of this church whose address bounces (no mail goes to them until it changes). */
  devolvidos: z.array(
    z.object({ usuarioId: z.number(), nome: z.string(), email: z.string(), motivo: z.string() }),
  ),
});
export type EmailSends = z.infer<typeof emailSendsSchema>;

/** POST /admin/{slug}/notificacoes/teste: the e-mail of a notice sent to the staff member alone. */
export const emailTestResultSchema = z.object({ para: z.string() });
