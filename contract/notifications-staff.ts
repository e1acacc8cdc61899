// The staff's notifications (docs/staff.md "Notifications"): one notice to every member or to the
// members of one group, optionally opening a content item or an event (spec §3 Notification:
// navigable when its type is EVENTO, EBD, NOTICIA or DEVOCIONAL).
import { z } from 'zod';
import { idParam, pageNumber } from './common.ts';
import { audienceSchema, emailSendSummarySchema } from './email-announcements.ts';

export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 1000;
export const STAFF_NOTIFICATIONS_PAGE_SIZE = 20;

/** What a notification may open: the kinds members can follow (spec §3 Notification). */
export const NOTIFICATION_LINK_KINDS = ['noticia', 'devocional', 'ebd', 'evento'] as const;
export type NotificationLinkKind = (typeof NOTIFICATION_LINK_KINDS)[number];

/** The type code a link is stored as; a notice without a link is an `AVISO` (not navigable). */
export const NOTIFICATION_TYPE_OF: Record<NotificationLinkKind, string> = {
  noticia: 'NOTICIA',
  devocional: 'DEVOCIONAL',
  ebd: 'EBD',
  evento: 'EVENTO',
};
export const NOTICE_TYPE = 'AVISO';

export const notificationLinkSchema = z.object({
  tipo: z.enum(NOTIFICATION_LINK_KINDS, { error: 'staff.notifications.linkInvalid' }),
  id: idParam,
});

/** POST /admin/{slug}/notificacoes */
export const staffNotificationSendSchema = z.object({
  titulo: z
    .string({ error: 'staff.notifications.titleRequired' })
    .trim()
    .min(1, { error: 'staff.notifications.titleRequired' })
    .max(NOTIFICATION_TITLE_MAX, { error: 'staff.notifications.titleTooLong' }),
  corpo: z
    .string({ error: 'staff.notifications.bodyRequired' })
    .trim()
    .min(1, { error: 'staff.notifications.bodyRequired' })
    .max(NOTIFICATION_BODY_MAX, { error: 'staff.notifications.bodyTooLong' }),
  /** The group whose members receive it; absent or null: every member of the church. */
  grupoId: idParam.nullable().optional(),
  link: notificationLinkSchema.nullable().optional(),
  /** Whom it reaches (email-announcements.ts); when given, it wins over grupoId. */
  publico: audienceSchema.optional(),
  /** true: also by email to each member whose email preference for its kind is on. */
  email: z.boolean({ error: 'email.audienceInvalid' }).optional(),
});
export type StaffNotificationSend = z.infer<typeof staffNotificationSendSchema>;

/** One notice as sent (a group's copies counted once). */
export const staffNotificationSchema = z.object({
  /** The first copy's id: DELETE /admin/{slug}/notificacoes/{id} removes every copy. */
  id: z.number(),
  titulo: z.string(),
  corpo: z.string(),
  quando: z.string(),
  /** Who sent it, when the audit log knows (seeded notices have none). */
  autor: z.string().nullable(),
  /** null: every member. */
  grupo: z.object({ id: z.number().nullable(), nome: z.string() }).nullable(),
  /** How many members got a copy (a notice to all is one row that every member reads). */
  destinatarios: z.number().nullable(),
  /** The audience when it was a role, an event or a directory filter (publico of the send). */
  publico: z.object({ tipo: z.string(), nome: z.string().optional() }).nullable().optional(),
  /** The email send's progress ("sent X of Y"), when it also went by email. */
  email: emailSendSummarySchema.nullable().optional(),
  /** Devices its push reached (docs/notifications.md "Push"); null while none was sent by push. */
  dispositivos: z.number().nullable(),
  link: z
    .object({
      tipo: z.enum(NOTIFICATION_LINK_KINDS),
      id: z.string(),
      titulo: z.string().nullable(),
    })
    .nullable(),
});
export type StaffNotification = z.infer<typeof staffNotificationSchema>;

/** GET /admin/{slug}/notificacoes?page */
export const staffNotificationsQuery = z.object({
  page: pageNumber(100_000, 'Too large.').default(1),
});

export const staffNotificationsPageSchema = z.object({
  notificacoes: z.array(staffNotificationSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type StaffNotificationsPage = z.infer<typeof staffNotificationsPageSchema>;

/** GET /admin/{slug}/notificacoes/alvos?q: published items and active events a notice may open. */
export const notificationTargetsQuery = z.object({
  q: z.string().trim().max(100, { error: 'At most 100 characters.' }).default(''),
});
export const notificationTargetSchema = z.object({
  tipo: z.enum(NOTIFICATION_LINK_KINDS),
  id: z.number(),
  titulo: z.string(),
  /** Publication date or the event's start. */
  data: z.string(),
});
export type NotificationTarget = z.infer<typeof notificationTargetSchema>;
export const notificationTargetsSchema = z.object({ alvos: z.array(notificationTargetSchema) });

/** GET /admin/{slug}/notificacoes/grupos: the church's active groups and how many a notice reaches (members and leader). */
export const notificationGroupsSchema = z.object({
  grupos: z.array(z.object({ id: z.number(), nome: z.string(), membros: z.number() })),
});
export type NotificationGroup = z.infer<typeof notificationGroupsSchema>['grupos'][number];

/** A wall-clock time in the church's zone, as a `datetime-local` field gives it (`2026-12-24T19:30`). */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** POST /admin/{slug}/notificacoes/agendadas and PUT …/agendadas/{id}: the notice and when it goes. */
export const staffNotificationScheduleSchema = staffNotificationSendSchema.extend({
  /** When to send it, in the church's time zone (`fusoHorario` of the list). */
  enviarEm: z
    .string({ error: 'staff.notifications.sendAtInvalid' })
    .regex(LOCAL_DATE_TIME, { error: 'staff.notifications.sendAtInvalid' }),
});
export type StaffNotificationSchedule = z.infer<typeof staffNotificationScheduleSchema>;

export const SCHEDULED_STATUSES = [
  'agendada',
  'enviando',
  'enviada',
  'cancelada',
  'falhou',
] as const;

/** A notice scheduled to go later (docs/notifications.md "Scheduled sends"). */
export const scheduledNotificationSchema = z.object({
  id: z.number(),
  /** The instant it goes (ISO). */
  enviarEm: z.string(),
  /** The same instant in the church's zone, as the form shows it. */
  local: z.string(),
  status: z.enum(SCHEDULED_STATUSES),
  aviso: staffNotificationSendSchema,
  autor: z.string().nullable(),
  /** The sent notice's id once it went. */
  notificacaoId: z.number().nullable(),
  /** Why it could not go (a message in the caller's language). */
  falha: z.string().nullable(),
});
export type ScheduledNotification = z.infer<typeof scheduledNotificationSchema>;

/** GET /admin/{slug}/notificacoes/agendadas: waiting ones first (soonest first), then the latest gone. */
export const scheduledNotificationsSchema = z.object({
  fusoHorario: z.string(),
  agendadas: z.array(scheduledNotificationSchema),
});
export type ScheduledNotifications = z.infer<typeof scheduledNotificationsSchema>;

/** POST /admin/{slug}/transmissao/{id}/no-ar: the stream's "We're on air now" switch. */
export const onAirSetSchema = z.object({
  aoVivo: z.boolean({ error: 'staff.notifications.onAirInvalid' }),
});
/** What the switch did: the stream's state and the "We're live" notice it sent (null: none this time). */
export const onAirSchema = z.object({
  id: z.number(),
  aoVivo: z.boolean(),
  notificacaoId: z.number().nullable(),
});
export type OnAir = z.infer<typeof onAirSchema>;
