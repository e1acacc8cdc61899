// The leader's part of /groups/{id}/meetings (docs/groups.md "Meetings and attendance"): record a
// meeting from the phone — date, topic, study, attendance by ticking names (big tap targets),
// visitors and notes — and the attendance history per person and per meeting.
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { GroupAttendance, GroupMeeting } from '../../../../contract/groups.ts';
import { longDate, type Lang } from '../../../lib/format.ts';
import { correctMeeting, recordMeeting } from '../../../lib/groups/api.ts';
import { $correcting } from '../../../stores/groups.ts';
import {
  failureMessage,
  Field,
  Notice,
  Select,
  SubmitButton,
  TextArea,
  type Message,
  type T,
} from '../ui/index.ts';

/** `YYYY-MM-DDTHH:MM` of a moment (now by default) in the browser's time (a datetime-local input's value). */
function localNow(at?: string): string {
  const d = at ? new Date(at) : new Date();
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
}

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
  meeting?: GroupMeeting & { presentes: number[] };
  onCancel?: () => void;
}) {
  const [when, setWhen] = useState(() => localNow(meeting?.data));
  const [topic, setTopic] = useState(meeting?.tema ?? '');
  const [study, setStudy] = useState(meeting?.estudo ? String(meeting.estudo.id) : '');
  const [present, setPresent] = useState<number[]>(meeting?.presentes ?? []);
  const [visitors, setVisitors] = useState(() => {
    const extra = meeting ? meeting.qtdePresentes - meeting.presentes.length : 0;
    return extra > 0 ? String(extra) : '';
  });
  const [notes, setNotes] = useState(meeting?.observacoes ?? '');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [saving, setSaving] = useState(false);
  const toggle = (id: number, on: boolean) =>
    setPresent((list) => (on ? [...list, id] : list.filter((p) => p !== id)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const date = new Date(when);
    if (!when || Number.isNaN(date.getTime()))
      return setErrors({ data: t('groups.record.badDate') });
    if (!topic.trim()) return setErrors({ tema: t('groups.record.topicRequired') });
    setSaving(true);
    setErrors({});
    setMessage(null);
    try {
      const input = {
        data: date.toISOString(),
        tema: topic.trim(),
        idEstudo: study ? Number(study) : null,
        presentes: present,
        visitantes: Number(visitors) || 0,
        ...(notes.trim() ? { observacoes: notes.trim() } : {}),
      };
      const answer = meeting
        ? await correctMeeting(groupId, meeting.id, input)
        : await recordMeeting(groupId, input);
      onSaved(answer.message);
      return;
    } catch (error) {
      const failure = await failureMessage(
        error,
        t(meeting ? 'groups.correct.failed' : 'groups.record.failed'),
      );
      const first = (field: string) => failure.errors[field]?.[0];
      setErrors({
        data: first('data'),
        tema: first('tema'),
        idEstudo: first('idEstudo'),
        visitantes: first('visitantes'),
        observacoes: first('observacoes'),
      });
      setMessage({ kind: 'error', text: failure.message });
    }
    setSaving(false);
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
      <Notice message={message} />
      <Field
        label={t('groups.record.when')}
        name="data"
        type="datetime-local"
        value={when}
        onChange={setWhen}
        error={errors.data}
        required
      />
      <Field
        label={t('groups.record.topic')}
        name="tema"
        value={topic}
        onChange={setTopic}
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
          onChange={setStudy}
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
                  onChange={(e) => toggle(m.id, e.target.checked)}
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
        onChange={setVisitors}
        error={errors.visitantes}
      />
      <TextArea
        label={t('groups.record.notes')}
        name="observacoes"
        value={notes}
        rows={3}
        max={2000}
        onChange={setNotes}
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
        onClick={() => $correcting.set(meeting.id)}
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
