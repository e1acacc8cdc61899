// A member's group pages, the leader's part (docs/groups.md "What the leader does"): the group's
// edit form (draft, per-field problems, saving, the answer) and which recorded meeting is being
// corrected, and the next meeting's notice to the members. Rules in src/lib/groups/forms.ts, calls in src/lib/groups/api.ts; no DOM here.
import { atom, map } from 'nanostores';
import type { GroupDetail } from '../../contract/groups.ts';
import { readFailure } from '../lib/account/http.ts';
import { announceNextMeeting, updateMyGroup } from '../lib/groups/api.ts';
import {
  bodyOf,
  checkGroupDraft,
  checkMeetingNotice,
  draftOf,
  meetingNoticeBody,
  meetingNoticeDraftOf,
  type GroupDraft,
  type MeetingNoticeDraft,
} from '../lib/groups/forms.ts';

/** A per-field error: an i18n key of groups.json (checked here) or the API's own message. */
export type GroupFieldError = { key: string; values?: Record<string, number> } | { text: string };

export interface GroupEditState {
  /** null while the form is closed. */
  draft: GroupDraft | null;
  errors: Partial<Record<keyof GroupDraft, GroupFieldError>>;
  saving: boolean;
  /** The API's answer: saved (ok) or why not (error, with `fallback` when it said nothing). */
  answer: { kind: 'ok' | 'error'; text: string } | { kind: 'error'; fallback: true } | null;
}

const closed: GroupEditState = { draft: null, errors: {}, saving: false, answer: null };
export const $groupEdit = map<GroupEditState>(closed);

export const openGroupEdit = (group: GroupDetail) =>
  $groupEdit.set({ ...closed, draft: draftOf(group) });

export const closeGroupEdit = () =>
  $groupEdit.set({ ...$groupEdit.get(), draft: null, errors: {} });

export function setGroupField<K extends keyof GroupDraft>(field: K, value: GroupDraft[K]) {
  const { draft, errors } = $groupEdit.get();
  if (!draft) return;
  const { [field]: _cleared, ...rest } = errors;
  $groupEdit.set({ ...$groupEdit.get(), draft: { ...draft, [field]: value }, errors: rest });
}

/** Checks the draft like the API, then saves it: true when saved (the form closes). */
export async function saveGroupEdit(groupId: number): Promise<boolean> {
  const { draft } = $groupEdit.get();
  if (!draft) return false;
  const problems = checkGroupDraft(draft);
  if (Object.keys(problems).length) {
    $groupEdit.set({ ...$groupEdit.get(), errors: problems, answer: null });
    return false;
  }
  $groupEdit.set({ ...$groupEdit.get(), saving: true, errors: {}, answer: null });
  try {
    const saved = await updateMyGroup(groupId, bodyOf(draft));
    $groupEdit.set({ ...closed, answer: { kind: 'ok', text: saved.message } });
    return true;
  } catch (error) {
    const failure = await readFailure(error);
    const errors: GroupEditState['errors'] = {};
    for (const [field, messages] of Object.entries(failure.errors))
      if (field in draft && messages[0]) errors[field as keyof GroupDraft] = { text: messages[0] };
    $groupEdit.set({
      ...$groupEdit.get(),
      saving: false,
      errors,
      answer: failure.message
        ? { kind: 'error', text: failure.message }
        : { kind: 'error', fallback: true },
    });
    return false;
  }
}

/** The recorded meeting the leader is correcting on /groups/{id}/meetings (null: none). */
export const $correcting = atom<number | null>(null);

export interface MeetingNoticeState {
  /** null while the form is closed. */
  draft: MeetingNoticeDraft | null;
  errors: Partial<Record<keyof MeetingNoticeDraft, GroupFieldError>>;
  sending: boolean;
  /** Sent (the API's message with how many members it reaches) or why not. */
  answer: GroupEditState['answer'];
}

const noNotice: MeetingNoticeState = { draft: null, errors: {}, sending: false, answer: null };
/** "Announce the next meeting" on /groups/{id} (docs/groups.md "What the leader does"). */
export const $meetingNotice = map<MeetingNoticeState>(noNotice);

/** Opens the form at the group's usual day and time next, on the church's clock (`zone`). */
export const openMeetingNotice = (group: GroupDetail, zone: string) =>
  $meetingNotice.set({ ...noNotice, draft: meetingNoticeDraftOf(group, zone) });

export const closeMeetingNotice = () => $meetingNotice.set(noNotice);

export function setMeetingNoticeField(field: keyof MeetingNoticeDraft, value: string) {
  const { draft, errors } = $meetingNotice.get();
  if (!draft) return;
  const { [field]: _cleared, ...rest } = errors;
  $meetingNotice.set({
    ...$meetingNotice.get(),
    draft: { ...draft, [field]: value },
    errors: rest,
  });
}

/**
 * Checks and sends the notice. The form stays as typed either way: after a refusal (a past time,
 * already announced, 3 this week) the leader corrects it; after sending, the answer shows above it.
 */
export async function sendMeetingNotice(groupId: number): Promise<void> {
  const { draft } = $meetingNotice.get();
  if (!draft) return;
  const problems = checkMeetingNotice(draft);
  if (Object.keys(problems).length) {
    $meetingNotice.set({ ...$meetingNotice.get(), errors: problems, answer: null });
    return;
  }
  $meetingNotice.set({ ...$meetingNotice.get(), sending: true, errors: {}, answer: null });
  try {
    const sent = await announceNextMeeting(groupId, meetingNoticeBody(draft));
    $meetingNotice.set({
      ...$meetingNotice.get(),
      sending: false,
      answer: { kind: 'ok', text: sent.message },
    });
  } catch (error) {
    const failure = await readFailure(error);
    const errors: MeetingNoticeState['errors'] = {};
    for (const [field, messages] of Object.entries(failure.errors))
      if (field in draft && messages[0])
        errors[field as keyof MeetingNoticeDraft] = { text: messages[0] };
    // a field's own message shows under it; the notice only says what no field does
    const byField = Object.values(errors).some((e) => 'text' in e && e.text === failure.message);
    $meetingNotice.set({
      ...$meetingNotice.get(),
      sending: false,
      errors,
      answer: byField
        ? null
        : failure.message
          ? { kind: 'error', text: failure.message }
          : { kind: 'error', fallback: true },
    });
  }
}
