// A group's next meeting, announced by its leader to the members (docs/notifications.md "A
// group's next meeting"): when (the church's wall clock), where, and a short note.
import { z } from 'zod';
import { LOCAL_DATE_TIME } from './notifications-staff.ts';

export const MEETING_PLACE_MAX = 200;
export const MEETING_NOTE_MAX = 300;

/** POST /celula/{id}/proximo-encontro */
export const meetingNoticeSchema = z.object({
  /** The meeting's date and time in the church's zone (`2026-12-24T19:30`). */
  data: z
    .string({ error: 'notifications.meetingWhenInvalid' })
    .regex(LOCAL_DATE_TIME, { error: 'notifications.meetingWhenInvalid' }),
  /** Where; absent or blank: the group's own address. */
  local: z
    .string()
    .trim()
    .max(MEETING_PLACE_MAX, { error: 'notifications.meetingPlaceTooLong' })
    .optional(),
  observacao: z
    .string()
    .trim()
    .max(MEETING_NOTE_MAX, { error: 'notifications.meetingNoteTooLong' })
    .optional(),
});
export type MeetingNotice = z.infer<typeof meetingNoticeSchema>;

/** What the leader hears back: how many members it reaches. */
export const meetingNoticeSentSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  destinatarios: z.number(),
});
export type MeetingNoticeSent = z.infer<typeof meetingNoticeSentSchema>;
