// A member's notification preferences (issue 45 "Preferences"): per kind of notice and per
// channel, on by default. Shared by the API (server/notifications/preferences.ts) and the web side.
import { z } from 'zod';
import { LANGUAGES } from './language.ts';

/** The kinds of notice a member can choose about (church notices, groups, events, giving, live). */
export const NOTICE_KINDS = ['church', 'groups', 'events', 'giving', 'live'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Where a notice reaches the member: in the app (/user), by push to a device, by e-mail. */
export const CHANNELS = ['app', 'push', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Giving receipts always go by e-mail (issue 45: "receipts and account mail always go"). */
export const ALWAYS_ON: ReadonlyArray<{ kind: NoticeKind; channel: Channel }> = [
  { kind: 'giving', channel: 'email' },
];
export const isAlwaysOn = (kind: NoticeKind, channel: Channel): boolean =>
  ALWAYS_ON.some((a) => a.kind === kind && a.channel === channel);

/** GET /me/notificacoes/preferencias: every kind × channel, true when on. */
export const notificationPreferencesSchema = z.object({
  preferencias: z.record(z.enum(NOTICE_KINDS), z.record(z.enum(CHANNELS), z.boolean())),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /me/notificacoes/preferencias: switch one kind's channel on or off. */
export const notificationPreferenceSetSchema = z.object({
  tipo: z.enum(NOTICE_KINDS, { error: 'notifications.kindInvalid' }),
  canal: z.enum(CHANNELS, { error: 'notifications.channelInvalid' }),
  ativo: z.boolean({ error: 'notifications.onInvalid' }),
});
export type NotificationPreferenceSet = z.infer<typeof notificationPreferenceSetSchema>;

/** GET/PUT /igreja/{id}/notificacao/idioma: the member's language for e-mails and pushes; null: the church's (`igreja`). */
export const notificationLanguageSchema = z.object({
  idioma: z.enum(LANGUAGES).nullable(),
  igreja: z.enum(LANGUAGES),
});
export type NotificationLanguage = z.infer<typeof notificationLanguageSchema>;

export const notificationLanguageSetSchema = z.object({
  idioma: z.enum(LANGUAGES, { error: 'notifications.languageInvalid' }).nullable(),
});
export type NotificationLanguageSet = z.infer<typeof notificationLanguageSetSchema>;

/** Who a staff notice went to (contract/email-announcements.ts `Audience['tipo']`). */
export type NoticeAudience = 'todos' | 'grupo' | 'papel' | 'evento' | 'filtro';

/**
 * The kind a notice counts as for preferences, on every channel (in-app, push, e-mail): the live
 * service; a group's members → `groups`; an event's registrants → `events`; everyone, a role or a
 * directory filter → `church`, unless it opens an event (`events`). Without an audience (a notice
 * stored before audiences, or a product message) a notice to some members is a group's.
 */
export function noticeKindOf(notice: {
  typeCode: string;
  audience?: NoticeAudience | null;
  toGroup?: boolean;
}): NoticeKind {
  if (notice.typeCode === 'CULTO') return 'live';
  const audience = notice.audience ?? (notice.toGroup ? 'grupo' : 'todos');
  if (audience === 'grupo') return 'groups';
  if (audience === 'evento' || notice.typeCode === 'EVENTO') return 'events';
  return 'church';
}
