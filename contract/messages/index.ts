// The message catalogue of the API (spec §8): one table per area, one lookup. Keys are either
// dotted names (`auth.inactive`, `pay.soldOut`, `api.eventNotFound`) or, for per-field
// messages, the English text the zod schemas write ('Required.'). Islands import the area file
// they need (./account.ts, ./prayer.ts…) so they ship only that table.
import { ACCOUNT_MESSAGES, type AccountMessageKey } from './account.ts';
import { API_MESSAGES, type ApiMessageKey } from './api.ts';
import { FIELD_MESSAGES, type FieldMessageKey } from './fields.ts';
import { GIVING_MESSAGES, type GivingMessageKey } from './giving.ts';
import { GROUP_MESSAGES, type GroupMessageKey } from './groups.ts';
import { NOTES_MESSAGES, type NotesMessageKey } from './notes.ts';
import type { MessageLang } from './lang.ts';
import { PAYMENT_MESSAGES, type PaymentMessageKey } from './payments.ts';
import { PLAY_MESSAGES, type PlayMessageKey } from './play.ts';
import { PLAY_WATCH_MESSAGES } from './play-watch.ts';
import { PRAYER_MESSAGES, type PrayerMessageKey } from './prayer.ts';
import { QUOTA_MESSAGES, type QuotaMessageKey } from './quotas.ts';
import { STAFF_MESSAGES, type StaffMessageKey } from './staff.ts';
import { STAFF_CONTENT_MESSAGES, type StaffContentMessageKey } from './staff-content.ts';
import { STAFF_SITE_MESSAGES, type StaffSiteMessageKey } from './staff-site.ts';
import { STAFF_WORSHIP_MESSAGES, type StaffWorshipMessageKey } from './staff-worship.ts';
import { STAFF_PLAY_MESSAGES, type StaffPlayMessageKey } from './staff-play.ts';
import { STAFF_PEOPLE_MESSAGES, type StaffPeopleMessageKey } from './staff-people.ts';
import { STAFF_EVENTS_MESSAGES, type StaffEventsMessageKey } from './staff-events.ts';
import {
  STAFF_NOTIFICATIONS_MESSAGES,
  type StaffNotificationsMessageKey,
} from './staff-notifications.ts';
import { STAFF_IMPORT_MESSAGES, type StaffImportMessageKey } from './staff-import.ts';
import { STAFF_KIDS_MESSAGES, type StaffKidsMessageKey } from './staff-kids.ts';
import { INVITATIONS_MESSAGES, type InvitationsMessageKey } from './invitations.ts';
import { NOTIFICATIONS_MESSAGES, type NotificationsMessageKey } from './notifications.ts';
import { TWO_FACTOR_MESSAGES, type TwoFactorMessageKey } from './two-factor.ts';
import { PROVIDER_MESSAGES, type ProviderMessageKey } from './provider.ts';
import { STORAGE_MESSAGES, type StorageMessageKey } from './storage.ts';
import { CHURCH_LIFE_MESSAGES, type ChurchLifeMessageKey } from './church-life.ts';
import { TEAMS_MESSAGES, type TeamsMessageKey } from './teams.ts';
import { EMAIL_MESSAGES, type EmailMessageKey } from './email.ts';
import { hasKey, lookup, type MessageTable, type MessageValues } from './table.ts';

export type MessageKey =
  | TwoFactorMessageKey
  | AccountMessageKey
  | ApiMessageKey
  | FieldMessageKey
  | GivingMessageKey
  | GroupMessageKey
  | NotesMessageKey
  | PaymentMessageKey
  | PlayMessageKey
  | PrayerMessageKey
  | QuotaMessageKey
  | StaffMessageKey
  | StaffContentMessageKey
  | StaffSiteMessageKey
  | StaffWorshipMessageKey
  | StaffPlayMessageKey
  | StaffPeopleMessageKey
  | StaffEventsMessageKey
  | StaffNotificationsMessageKey
  | StaffImportMessageKey
  | StaffKidsMessageKey
  | InvitationsMessageKey
  | NotificationsMessageKey
  | ProviderMessageKey
  | StorageMessageKey
  | ChurchLifeMessageKey
  | EmailMessageKey
  | TeamsMessageKey;

/** Every area's table; the areas' keys never collide (messages.test.ts). */
export const AREAS = {
  twoFactor: TWO_FACTOR_MESSAGES,
  account: ACCOUNT_MESSAGES,
  api: API_MESSAGES,
  fields: FIELD_MESSAGES,
  giving: GIVING_MESSAGES,
  groups: GROUP_MESSAGES,
  notes: NOTES_MESSAGES,
  payments: PAYMENT_MESSAGES,
  play: PLAY_MESSAGES,
  playWatch: PLAY_WATCH_MESSAGES,
  prayer: PRAYER_MESSAGES,
  quotas: QUOTA_MESSAGES,
  staff: STAFF_MESSAGES,
  staffContent: STAFF_CONTENT_MESSAGES,
  staffSite: STAFF_SITE_MESSAGES,
  staffWorship: STAFF_WORSHIP_MESSAGES,
  staffPlay: STAFF_PLAY_MESSAGES,
  staffPeople: STAFF_PEOPLE_MESSAGES,
  staffEvents: STAFF_EVENTS_MESSAGES,
  staffNotifications: STAFF_NOTIFICATIONS_MESSAGES,
  staffImport: STAFF_IMPORT_MESSAGES,
  staffKids: STAFF_KIDS_MESSAGES,
  invitations: INVITATIONS_MESSAGES,
  notifications: NOTIFICATIONS_MESSAGES,
  provider: PROVIDER_MESSAGES,
  storage: STORAGE_MESSAGES,
  churchLife: CHURCH_LIFE_MESSAGES,
  email: EMAIL_MESSAGES,
  teams: TEAMS_MESSAGES,
} as const;

const merge = (lang: MessageLang) =>
  Object.assign({}, ...Object.values(AREAS).map((table) => table[lang])) as Record<
    MessageKey,
    string
  >;

export const MESSAGES: MessageTable<MessageKey> = {
  pt: merge('pt'),
  en: merge('en'),
  es: merge('es'),
};

export function isMessageKey(key: string): key is MessageKey {
  return hasKey(MESSAGES, key);
}

/** A message in a language; a string that is not a key comes back as it is. */
export function message(
  lang: MessageLang,
  key: MessageKey | (string & {}),
  values?: MessageValues,
): string {
  return lookup(MESSAGES, lang, key, values);
}

export { messageLang, messageLangOfLocale, MESSAGE_LANGS, type MessageLang } from './lang.ts';
export type { MessageTable, MessageValues } from './table.ts';
export { accountMessage, MARITAL_STATUS_NAMES, type AccountMessageKey } from './account.ts';
export type { ApiMessageKey } from './api.ts';
export { fieldMessage, type FieldMessageKey } from './fields.ts';
export { givingMessage, isGivingMessageKey, type GivingMessageKey } from './giving.ts';
export { notesMessage, type NotesMessageKey } from './notes.ts';
export { paymentMessage, type PaymentMessageKey } from './payments.ts';
export { prayerMessage, type PrayerMessageKey } from './prayer.ts';
export { staffMessage, type StaffMessageKey } from './staff.ts';
