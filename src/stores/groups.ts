// A member's group pages, the leader's part (docs/groups.md "What the leader does"): the group's
// edit form (draft, per-field problems, saving, the answer) and which recorded meeting is being
// corrected, and the next meeting's notice to the members. Rules in src/lib/groups/forms.ts, calls in src/lib/groups/api.ts; no DOM here.
// The member's part (docs/groups.md): the request to join and leaving on /groups/{id}, the
// meetings with the leader's record and correction forms, and the leader's answers to requests.
import { atom, map } from 'nanostores';
import type {
  GroupAttendance,
  GroupDetail,
  GroupMeeting,
  GroupRequest,
  GroupRole,
} from '../../contract/groups.ts';
import { readFailure } from '../lib/account/http.ts';
import {
  announceNextMeeting,
  answerRequest,
  askToJoin,
  correctMeeting,
  leaveGroup,
  loadAttendance,
  loadMeeting,
  loadMeetings,
  loadMyGroupView,
  loadRequests,
  recordMeeting,
  updateMyGroup,
} from '../lib/groups/api.ts';
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
import { attempt, loadInto, type Loadable } from './loadable.ts';

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

/** A page's general message: an answer of the API, or a fallback of the page's strings. */
export type GroupNotice = { kind: 'ok' | 'error'; text: string };

export interface GroupPage {
  /** The group as the member sees it; kept while it loads again (after the leader's edit). */
  view: GroupDetail | null;
  /** What the member is to the group: undefined until known, null once they have left. */
  role: GroupRole | undefined;
  /** The API's answer to leaving. */
  left: string;
  /** A load failed (the join form shows while nothing is known). */
  failed: boolean;
}

/** "Request to participate" on /groups/{id}: the member's group view and what they are to it. */
export const $groupPage = map<GroupPage>({
  view: null,
  role: undefined,
  left: '',
  failed: false,
});
/** Loads the group as the member sees it; a failure keeps what is shown (`failed`, no error page). */
export const loadGroupPage = (groupId: number, churchId: number): Promise<void> =>
  loadMyGroupView(groupId, churchId).then(
    (view) => $groupPage.set({ ...$groupPage.get(), view, role: view.minhaParticipacao }),
    () => $groupPage.setKey('failed', true),
  );

export interface JoinRequestState {
  text: string;
  error: string | undefined;
  notice: GroupNotice | null;
  submitting: boolean;
}

const noRequest: JoinRequestState = { text: '', error: undefined, notice: null, submitting: false };
export const $joinRequest = map<JoinRequestState>(noRequest);

export const setJoinText = (text: string): void =>
  $joinRequest.set({ ...$joinRequest.get(), text, error: undefined });

/**
 * Sends the request to the leader and goes to /groups/request/success; a refusal (a second request
 * while one waits is a 409 that explains itself) keeps the text to try again.
 */
export async function sendJoinRequest(
  slug: string,
  groupId: number,
  max: number,
  texts: { tooLong: (count: number) => string; failed: string },
): Promise<void> {
  const { text } = $joinRequest.get();
  const length = text.trim().length;
  if (length > max) return $joinRequest.setKey('error', texts.tooLong(length));
  $joinRequest.set({ ...$joinRequest.get(), submitting: true, notice: null });
  const failure = await attempt(() => askToJoin(slug, groupId, text));
  if (!failure) return location.assign(`/groups/request/success?celula=${groupId}`);
  $joinRequest.set({
    ...$joinRequest.get(),
    error: failure.errors.mensagem?.[0],
    notice: { kind: 'error', text: failure.message || texts.failed },
    submitting: false,
  });
}

/** Leaving: the question open, the call running, and why it was refused (the leader is, with the reason). */
export const $groupLeave = map<{ asking: boolean; busy: boolean; error: string }>({
  asking: false,
  busy: false,
  error: '',
});

export const askLeave = (asking: boolean): void => $groupLeave.setKey('asking', asking);

/** Leaves the group: the member is nothing to it then, and the API's answer shows above. */
export async function leaveMyGroup(groupId: number, failed: string): Promise<void> {
  $groupLeave.set({ ...$groupLeave.get(), busy: true, error: '' });
  let left = '';
  const failure = await attempt(async () => {
    left = (await leaveGroup(groupId)).message;
  });
  if (failure)
    return $groupLeave.set({ ...$groupLeave.get(), busy: false, error: failure.message || failed });
  $groupLeave.set({ asking: false, busy: false, error: '' });
  $groupPage.set({ ...$groupPage.get(), left, role: null });
}

/** /groups/{id}/meetings (or one meeting): the group and its meetings, newest first. */
export interface MeetingsView {
  group: { id: number; nome: string };
  meetings: GroupMeeting[];
}

export const $meetingsView = atom<Loadable<MeetingsView>>({ state: 'idle' });
/** The roster and who came: only for the group's leader (null for anyone else). */
export const $attendance = atom<GroupAttendance | null>(null);

/** Loads the meetings (or `meetingId`'s) and, when the caller leads the group, its attendance. */
export function loadMeetingsView(
  groupId: number,
  meetingId: number | undefined,
  churchId: number,
): Promise<unknown> {
  return Promise.all([
    loadInto($meetingsView, async () =>
      meetingId
        ? loadMeeting(groupId, meetingId).then((r) => ({ group: r.celula, meetings: [r.reuniao] }))
        : loadMeetings(groupId).then((r) => ({ group: r.celula, meetings: r.reunioes })),
    ),
    // only the leader records, corrects and sees attendance: asked only when the caller leads it
    loadMyGroupView(groupId, churchId)
      .then((g) => (g.minhaParticipacao === 'lider' ? loadAttendance(groupId) : null))
      .then(
        (attendance) => $attendance.set(attendance),
        () => $attendance.set(null),
      ),
  ]);
}

/** The meetings page's notice after a meeting was recorded or corrected, and the record form open. */
export const $meetingsPage = map<{ saved: string; recording: boolean }>({
  saved: '',
  recording: false,
});

/** A meeting was saved: the API's answer shows; the record form closes when it was the one saved. */
export const meetingSaved = (text: string, recorded: boolean): void =>
  $meetingsPage.set({ saved: text, recording: recorded ? false : $meetingsPage.get().recording });

/** Opens the record form: no notice, no correction open beside it. */
export function openRecording(): void {
  $meetingsPage.set({ saved: '', recording: true });
  $correcting.set(null);
  $meetingForms.setKey('new', undefined);
}

/** Opens the correction of a recorded meeting, from its record. */
export function openCorrection(meetingId: number): void {
  $correcting.set(meetingId);
  $meetingForms.setKey(String(meetingId), undefined);
}

/** `YYYY-MM-DDTHH:MM` of a moment (now by default) in the browser's time (a datetime-local input's value). */
function localNow(at?: string): string {
  const d = at ? new Date(at) : new Date();
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
}

/** A meeting being recorded, or corrected with the ids of who came. */
export type MeetingToCorrect = GroupMeeting & { presentes: number[] };

export interface MeetingFormValues {
  when: string;
  topic: string;
  study: string;
  present: number[];
  visitors: string;
  notes: string;
}

export interface MeetingFormState {
  values: MeetingFormValues;
  errors: Partial<Record<'data' | 'tema' | 'idEstudo' | 'visitantes' | 'observacoes', string>>;
  notice: GroupNotice | null;
  saving: boolean;
}

/** The record form ('new') and each correction form (by meeting id), as typed. */
export const $meetingForms = map<Record<string, MeetingFormState | undefined>>({});

const formKey = (meeting?: MeetingToCorrect) => (meeting ? String(meeting.id) : 'new');

/** A form's state: as left, or fresh (now, or the meeting's record and who came). */
export function meetingFormOf(
  meeting?: MeetingToCorrect,
  all: Record<string, MeetingFormState | undefined> = $meetingForms.get(),
): MeetingFormState {
  const kept = all[formKey(meeting)];
  if (kept) return kept;
  const extra = meeting ? meeting.qtdePresentes - meeting.presentes.length : 0;
  return {
    values: {
      when: localNow(meeting?.data),
      topic: meeting?.tema ?? '',
      study: meeting?.estudo ? String(meeting.estudo.id) : '',
      present: meeting?.presentes ?? [],
      visitors: extra > 0 ? String(extra) : '',
      notes: meeting?.observacoes ?? '',
    },
    errors: {},
    notice: null,
    saving: false,
  };
}

const patchForm = (meeting: MeetingToCorrect | undefined, change: Partial<MeetingFormState>) =>
  $meetingForms.setKey(formKey(meeting), { ...meetingFormOf(meeting), ...change });

export function setMeetingValue<K extends keyof MeetingFormValues>(
  meeting: MeetingToCorrect | undefined,
  field: K,
  value: MeetingFormValues[K],
): void {
  patchForm(meeting, { values: { ...meetingFormOf(meeting).values, [field]: value } });
}

/** Ticks or unticks who came. */
export function tickPresent(meeting: MeetingToCorrect | undefined, id: number, on: boolean): void {
  const { present } = meetingFormOf(meeting).values;
  setMeetingValue(meeting, 'present', on ? [...present, id] : present.filter((p) => p !== id));
}

/**
 * Records the meeting (or corrects `meeting`): the API's answer when saved, else null with the
 * per-field errors and the notice shown (the form stays as typed).
 */
export async function saveMeetingForm(
  groupId: number,
  meeting: MeetingToCorrect | undefined,
  texts: { badDate: string; topicRequired: string; failed: string },
): Promise<string | null> {
  const { values } = meetingFormOf(meeting);
  const date = new Date(values.when);
  if (!values.when || Number.isNaN(date.getTime())) {
    patchForm(meeting, { errors: { data: texts.badDate } });
    return null;
  }
  if (!values.topic.trim()) {
    patchForm(meeting, { errors: { tema: texts.topicRequired } });
    return null;
  }
  patchForm(meeting, { saving: true, errors: {}, notice: null });
  const input = {
    data: date.toISOString(),
    tema: values.topic.trim(),
    idEstudo: values.study ? Number(values.study) : null,
    presentes: values.present,
    visitantes: Number(values.visitors) || 0,
    ...(values.notes.trim() ? { observacoes: values.notes.trim() } : {}),
  };
  let saved = '';
  const failure = await attempt(async () => {
    const answer = meeting
      ? await correctMeeting(groupId, meeting.id, input)
      : await recordMeeting(groupId, input);
    saved = answer.message;
  });
  if (!failure) {
    patchForm(meeting, { saving: false });
    return saved;
  }
  const first = (field: string) => failure.errors[field]?.[0];
  patchForm(meeting, {
    saving: false,
    errors: {
      data: first('data'),
      tema: first('tema'),
      idEstudo: first('idEstudo'),
      visitantes: first('visitantes'),
      observacoes: first('observacoes'),
    },
    notice: { kind: 'error', text: failure.message || texts.failed },
  });
  return null;
}

/** /groups/{id}/requests (the leader): the group and who asked to join. */
export const $groupRequests = atom<
  Loadable<{ group: { id: number; nome: string }; requests: GroupRequest[] }>
>({ state: 'idle' });

export const loadGroupRequests = (groupId: number): Promise<void> =>
  loadInto($groupRequests, async () => {
    const r = await loadRequests(groupId);
    return { group: r.celula, requests: r.solicitacoes };
  });

/** The request being answered (null: none) and the API's answer. */
export const $requestAnswer = map<{ busy: number | null; notice: GroupNotice | null }>({
  busy: null,
  notice: null,
});

/** Accepts or declines a pending request: it shows its new state, and the API's message above. */
export async function answerGroupRequest(
  groupId: number,
  requestId: number,
  acao: 'aceitar' | 'recusar',
  failed: string,
): Promise<void> {
  $requestAnswer.set({ busy: requestId, notice: null });
  try {
    const r = await answerRequest(groupId, requestId, acao);
    const shown = $groupRequests.get();
    if (shown.state === 'ready')
      $groupRequests.set({
        state: 'ready',
        data: {
          ...shown.data,
          requests: shown.data.requests.map((q) => (q.id === r.solicitacao.id ? r.solicitacao : q)),
        },
      });
    $requestAnswer.set({ busy: null, notice: { kind: 'ok', text: r.message } });
  } catch (error) {
    const failure = await readFailure(error);
    $requestAnswer.set({ busy: null, notice: { kind: 'error', text: failure.message || failed } });
  }
}
