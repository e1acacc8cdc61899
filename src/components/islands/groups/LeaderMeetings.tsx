// The leader's part of /groups/{id}/meetings (docs/groups.md "Meetings and attendance"): record a
// meeting from the phone — date, topic, study, attendance by ticking names (big tap targets),
// visitors and notes — and the attendance history per person and per meeting.
// The forms' state and saving are the store's (src/stores/groups.ts).
import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import type { GroupAttendance, GroupMeeting } from '../../../../contract/groups.ts';
import { longDate, type Lang } from '../../../../common/format.ts';
import {
  $correcting,
  $meetingForms,
  meetingFormOf,
  openCorrection,
  saveMeetingForm,
  setMeetingValue,
  tickPresent,
  type MeetingToCorrect,
} from '../../../stores/groups.ts';
import { Field, Notice, Select, SubmitButton, TextArea, type T } from '../ui/index.ts';

/**
 * Records a meeting, or with `meeting` corrects one already recorded (`PUT`, docs/groups.md "What
 * the leader does"): the form starts from its record and who came.
 */
export function MeetingForm({
  groupId,
  attendance,
  t,
  onSaved,
  meeting,
  onCancel,
}: {
  groupId: number;
  attendance: GroupAttendance;
  t: T;
  onSaved: (message: string) => void;
  meeting?: MeetingToCorrect;
  onCancel?: () => void;
}) {
  const { values, errors, notice, saving } = meetingFormOf(meeting, useStore($meetingForms));
  const { when, topic, study, present, visitors, notes } = values;
  const set = (field: 'when' | 'topic' | 'study' | 'visitors' | 'notes') => (value: string) =>
    setMeetingValue(meeting, field, value);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const saved = await saveMeetingForm(groupId, meeting, {
      badDate: t('groups.record.badDate'),
      topicRequired: t('groups.record.topicRequired'),
      failed: t(meeting ? 'groups.correct.failed' : 'groups.record.failed'),
    });
    if (saved !== null) onSaved(saved);
  }

  return (
    <form
      className="groups-box groups-record"
      onSubmit={submit}
      noValidate
      aria-labelledby={meeting ? `groups-correct-${meeting.id}` : 'groups-record-title'}
    >
      {meeting ? (
        <h2 id={`groups-correct-${meeting.id}`}>
          {t('groups.correct.title', { topic: meeting.tema })}
        </h2>
      ) : (
        <h2 id="groups-record-title">{t('groups.record.title')}</h2>
      )}
      <Notice message={notice} />
      <Field
        label={t('groups.record.when')}
        name="data"
        type="datetime-local"
        value={when}
        onChange={set('when')}
        error={errors.data}
        required
      />
      <Field
        label={t('groups.record.topic')}
        name="tema"
        value={topic}
        onChange={set('topic')}
        maxLength={200}
        error={errors.tema}
        required
      />
      {attendance.estudos.length > 0 && (
        <Select
          label={t('groups.record.study')}
          name="idEstudo"
          value={study}
          placeholder={t('groups.record.noStudy')}
          options={attendance.estudos.map((s) => ({ value: String(s.id), label: s.titulo }))}
          onChange={set('study')}
          error={errors.idEstudo}
        />
      )}
      <fieldset className="groups-ticks">
        <legend>
          {t('groups.record.who')}{' '}
          <span className="groups-muted">
            {t('groups.record.ticked', { count: present.length, total: attendance.membros.length })}
          </span>
        </legend>
        <ul>
          {attendance.membros.map((m) => (
            <li key={m.id}>
              <label className="groups-tick">
                <input
                  type="checkbox"
                  name="presentes"
                  value={m.id}
                  checked={present.includes(m.id)}
                  onChange={(e) => tickPresent(meeting, m.id, e.target.checked)}
                />
                <span>
                  {m.nome}
                  {m.lider && <small> · {t('groups.record.leader')}</small>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <Field
        label={t('groups.record.visitors')}
        name="visitantes"
        type="number"
        inputMode="numeric"
        value={visitors}
        onChange={set('visitors')}
        error={errors.visitantes}
      />
      <TextArea
        label={t('groups.record.notes')}
        name="observacoes"
        value={notes}
        rows={3}
        max={2000}
        onChange={set('notes')}
        error={errors.observacoes}
      />
      <p className="groups-links">
        <SubmitButton
          submitting={saving}
          label={t(meeting ? 'groups.correct.save' : 'groups.record.save')}
          busyLabel={t('groups.record.saving')}
        />
        {onCancel && (
          <button type="button" className="button secondary" onClick={onCancel} disabled={saving}>
            {t('groups.edit.cancel')}
          </button>
        )}
      </p>
    </form>
  );
}

/**
 * "Correct" for the leader on a recorded meeting (the list and the meeting's page): the button,
 * or the meeting's form in its place. Only for meetings whose attendance the leader has (the last 100).
 */
export function CorrectMeeting({
  groupId,
  meeting,
  attendance,
  t,
  onSaved,
}: {
  groupId: number;
  meeting: GroupMeeting;
  attendance: GroupAttendance | null;
  t: T;
  onSaved: (message: string) => void;
}) {
  const correcting = useStore($correcting);
  const ticks = attendance?.reunioes.find((r) => r.id === meeting.id)?.presentes;
  if (!attendance || !ticks) return null;
  if (correcting === meeting.id)
    return (
      <MeetingForm
        groupId={groupId}
        attendance={attendance}
        t={t}
        meeting={{ ...meeting, presentes: ticks }}
        onCancel={() => $correcting.set(null)}
        onSaved={(text) => {
          $correcting.set(null);
          onSaved(text);
        }}
      />
    );
  return (
    <p>
      <button
        type="button"
        className="button secondary"
        aria-label={t('groups.correct.label', { topic: meeting.tema })}
        onClick={() => openCorrection(meeting.id)}
      >
        {t('groups.correct.open')}
      </button>
    </p>
  );
}

/** Who came: per person (how many of the recorded meetings) and per meeting (the names). */
export function AttendanceHistory({
  attendance,
  lang,
  t,
}: {
  attendance: GroupAttendance;
  lang: Lang;
  t: T;
}) {
  const names = new Map(attendance.membros.map((m) => [m.id, m.nome]));
  const total = attendance.reunioes.length;
  return (
    <section className="groups-box groups-history" aria-labelledby="groups-history-title">
      <h2 id="groups-history-title">{t('groups.history.title')}</h2>
      {total === 0 ? (
        <p className="groups-muted">{t('groups.meetings.empty')}</p>
      ) : (
        <>
          <h3>{t('groups.history.perPerson')}</h3>
          <ul className="groups-history-people">
            {attendance.membros.map((m) => (
              <li key={m.id}>
                <span>{m.nome}</span>
                <span>{t('groups.history.count', { count: m.presencas, total })}</span>
              </li>
            ))}
          </ul>
          <h3>{t('groups.history.perMeeting')}</h3>
          <ul className="groups-history-meetings">
            {attendance.reunioes.map((r) => (
              <li key={r.id}>
                <details>
                  <summary>
                    <time dateTime={r.data}>{longDate(r.data, lang)}</time> — {r.tema} (
                    {t.plural('groups.meetings.attendance', r.qtdePresentes)})
                  </summary>
                  <p>
                    {r.presentes.length
                      ? r.presentes
                          .map((id) => names.get(id) ?? t('groups.history.former'))
                          .join(', ')
                      : t('groups.history.nobody')}
                  </p>
                </details>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
