// "Announce the next meeting" for the group's leader on /groups/{id} (docs/groups.md "What the
// leader does"; the call is docs/notifications.md "A group's next meeting"): when (the church's
// clock, starting at the group's usual day and time), where (blank: the group's address) and a
// note. The API decides who may send and how often; its answers show by field or above the form,
// and what was typed stays. State in src/stores/groups.ts.
import { useStore } from '@nanostores/react';
import type { GroupDetail } from '../../../../contract/groups.ts';
import { groupAddressLine, MEETING_NOTICE_LIMITS } from '../../../lib/groups/forms.ts';
import {
  $meetingNotice,
  closeMeetingNotice,
  openMeetingNotice,
  sendMeetingNotice,
  setMeetingNoticeField,
  type GroupFieldError,
} from '../../../stores/groups.ts';
import { Field, Notice, SubmitButton, TextArea, type T } from '../ui/index.ts';

export function LeaderMeetingNotice({
  group,
  zone,
  t,
}: {
  group: GroupDetail;
  /** The church's time zone: the API reads the date and time on its clock. */
  zone: string;
  t: T;
}) {
  const { draft, errors, sending, answer } = useStore($meetingNotice);
  const says = (e: GroupFieldError | undefined) =>
    !e ? undefined : 'text' in e ? e.text : t(e.key, e.values);

  if (!draft)
    return (
      <p className="groups-links">
        <button
          type="button"
          className="button secondary"
          onClick={() => openMeetingNotice(group, zone)}
        >
          {t('groups.notice.open')}
        </button>
      </p>
    );

  async function submit(e: { preventDefault(): void }) {
    e.preventDefault();
    await sendMeetingNotice(group.id);
  }
  const address = groupAddressLine(group);
  return (
    <form
      className="groups-edit"
      onSubmit={submit}
      noValidate
      aria-labelledby="groups-notice-title"
    >
      <h3 id="groups-notice-title">{t('groups.notice.title')}</h3>
      <p className="groups-muted">{t('groups.notice.intro')}</p>
      {answer &&
        (answer.kind === 'ok' ? (
          <Notice kind="ok">{answer.text}</Notice>
        ) : (
          <Notice kind="error">{'text' in answer ? answer.text : t('groups.notice.failed')}</Notice>
        ))}
      <Field
        label={t('groups.notice.when')}
        name="data"
        type="datetime-local"
        value={draft.data}
        onChange={(v) => setMeetingNoticeField('data', v)}
        hint={t('groups.notice.whenHint', { zone })}
        error={says(errors.data)}
        disabled={sending}
        required
      />
      <Field
        label={t('groups.notice.place')}
        name="local"
        value={draft.local}
        {...(address ? { placeholder: address } : {})}
        onChange={(v) => setMeetingNoticeField('local', v)}
        hint={t('groups.notice.placeHint')}
        error={says(errors.local)}
        disabled={sending}
      />
      <TextArea
        label={t('groups.notice.note')}
        name="observacao"
        value={draft.observacao}
        rows={3}
        max={MEETING_NOTICE_LIMITS.observacao}
        counter={(count, max) => t('groups.join.counter', { count, max })}
        onChange={(v) => setMeetingNoticeField('observacao', v)}
        error={says(errors.observacao)}
        disabled={sending}
      />
      <p className="groups-links">
        <SubmitButton
          submitting={sending}
          label={t('groups.notice.send')}
          busyLabel={t('groups.notice.sending')}
        />
        <button
          type="button"
          className="button secondary"
          onClick={closeMeetingNotice}
          disabled={sending}
        >
          {t('groups.notice.close')}
        </button>
      </p>
    </form>
  );
}
