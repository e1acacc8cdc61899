// A group's meetings (spec §2 /groups/{celulaId}/meetings and /{meetingId}, login required): date,
// theme, study, attendance and notes. Only the group's members and leader see them; anyone else
// gets the API's explanation (403) or "no matching cell found" (404) and a way back. The leader
// also records meetings with attendance and sees who came (LeaderMeetings.tsx).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { GroupAttendance, GroupMeeting } from '../../../../contract/groups.ts';
import { longDate, timeOf } from '../../../lib/format.ts';
import {
  loadAttendance,
  loadMeeting,
  loadMeetings,
  loadMyGroupView,
} from '../../../lib/groups/api.ts';
import { $correcting } from '../../../stores/groups.ts';
import { AttendanceHistory, CorrectMeeting, MeetingForm } from './LeaderMeetings.tsx';
import {
  failureMessage,
  Loader,
  makeT,
  MemberGate,
  Notice,
  type IslandProps,
  type T,
} from '../ui/index.ts';

type Props = IslandProps & { groupId: number; meetingId?: number };

export default function MeetingsIsland(props: Props) {
  const t = useMemo(() => makeT(props.strings, props.lang), [props.strings, props.lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('groups.loading')}>
      <Meetings {...props} t={t} />
    </MemberGate>
  );
}

type State =
  { group: { id: number; nome: string }; meetings: GroupMeeting[] } | { error: string } | null;

function Meetings({ groupId, meetingId, lang, t, church }: Props & { t: T }) {
  const [state, setState] = useState<State>(null);
  const [attendance, setAttendance] = useState<GroupAttendance | null>(null);
  const [recording, setRecording] = useState(false);
  const [saved, setSaved] = useState('');
  const reload = useCallback(() => {
    const load = meetingId
      ? loadMeeting(groupId, meetingId).then((r) => ({ group: r.celula, meetings: [r.reuniao] }))
      : loadMeetings(groupId).then((r) => ({ group: r.celula, meetings: r.reunioes }));
    load.then(setState, async (e) =>
      setState({ error: (await failureMessage(e, t('groups.meetings.failed'))).message }),
    );
    // Only the leader records, corrects and sees attendance: asked only when the caller leads the group.
    loadMyGroupView(groupId, church.id)
      .then((g) => (g.minhaParticipacao === 'lider' ? loadAttendance(groupId) : null))
      .then(setAttendance, () => setAttendance(null));
  }, [groupId, meetingId, t, church.id]);
  useEffect(reload, [reload]);

  const toGroup = `/groups/${groupId}`;
  if (!state) return <Loader label={t('groups.loading')} />;
  if ('error' in state)
    return (
      <div className="content-empty content-missing">
        <h1>{t('groups.meetings.title')}</h1>
        <Notice kind="error">{state.error}</Notice>
        <p className="groups-links">
          <a className="button" href={toGroup}>
            {t('groups.meetings.toGroup')}
          </a>
        </p>
      </div>
    );

  if (meetingId) {
    const m = state.meetings[0]!;
    return (
      <article>
        <a className="content-back" href={`${toGroup}/meetings`}>
          ← {t('groups.meetings.back')}
        </a>
        <p className="groups-muted">{state.group.nome}</p>
        <h1>{m.tema}</h1>
        <dl className="groups-facts">
          <dt>{t('groups.meetings.date')}</dt>
          <dd>
            <time dateTime={m.data}>
              {longDate(m.data, lang)} · {timeOf(m.data, lang)}
            </time>
          </dd>
          <dt>{t('groups.meetings.study')}</dt>
          <dd>{m.estudo ? <a href={`/studies/${m.estudo.id}`}>{m.estudo.titulo}</a> : '—'}</dd>
          <dt>{t('groups.meetings.attendanceLabel')}</dt>
          <dd>{t.plural('groups.meetings.attendance', m.qtdePresentes)}</dd>
          <dt>{t('groups.meetings.notes')}</dt>
          <dd>{m.observacoes ?? t('groups.meetings.noNotes')}</dd>
        </dl>
        {saved && <Notice kind="ok">{saved}</Notice>}
        <CorrectMeeting
          groupId={groupId}
          meeting={m}
          attendance={attendance}
          t={t}
          onSaved={(text) => {
            setSaved(text);
            reload();
          }}
        />
      </article>
    );
  }

  return (
    <div>
      <a className="content-back" href={toGroup}>
        ← {t('groups.meetings.toGroup')}
      </a>
      <h1>{t('groups.meetings.of', { group: state.group.nome })}</h1>
      {saved && <Notice kind="ok">{saved}</Notice>}
      {attendance &&
        (recording ? (
          <MeetingForm
            groupId={groupId}
            attendance={attendance}
            t={t}
            onSaved={(text) => {
              setRecording(false);
              setSaved(text);
              reload();
            }}
          />
        ) : (
          <p className="groups-links">
            <button
              type="button"
              className="button groups-record-open"
              onClick={() => {
                setSaved('');
                $correcting.set(null);
                setRecording(true);
              }}
            >
              {t('groups.record.open')}
            </button>
          </p>
        ))}
      {state.meetings.length === 0 ? (
        <p className="groups-muted">{t('groups.meetings.empty')}</p>
      ) : (
        <ul className="groups-list">
          {state.meetings.map((m) => (
            <li key={m.id} className="groups-item">
              <h2>
                <a href={`${toGroup}/meetings/${m.id}`}>{m.tema}</a>
              </h2>
              <p className="groups-item-meta">
                <time dateTime={m.data}>{longDate(m.data, lang)}</time> ·{' '}
                {t.plural('groups.meetings.attendance', m.qtdePresentes)}
                {m.estudo && (
                  <>
                    {' '}
                    · {t('groups.meetings.study')}: {m.estudo.titulo}
                  </>
                )}
              </p>
              {m.observacoes && <p>{m.observacoes}</p>}
              <CorrectMeeting
                groupId={groupId}
                meeting={m}
                attendance={attendance}
                t={t}
                onSaved={(text) => {
                  setSaved(text);
                  reload();
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {attendance && <AttendanceHistory attendance={attendance} lang={lang} t={t} />}
    </div>
  );
}
