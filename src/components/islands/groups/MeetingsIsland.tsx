// A group's meetings (spec §2 /groups/{celulaId}/meetings and /{meetingId}, login required): date,
// theme, study, attendance and notes. Only the group's members and leader see them; anyone else
// gets the API's explanation (403) or "no matching cell found" (404) and a way back. The leader
// also records meetings with attendance and sees who came (LeaderMeetings.tsx).
// The flow is the store's (src/stores/groups.ts).
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo } from 'react';
import { longDate, timeOf } from '../../../../common/format.ts';
import {
  $attendance,
  $meetingsPage,
  $meetingsView,
  loadMeetingsView,
  meetingSaved,
  openRecording,
} from '../../../stores/groups.ts';
import { AttendanceHistory, CorrectMeeting, MeetingForm } from './LeaderMeetings.tsx';
import { Loader, makeT, MemberGate, Notice, type IslandProps, type T } from '../ui/index.ts';

type Props = IslandProps & { groupId: number; meetingId?: number };

export default function MeetingsIsland(props: Props) {
  const t = useMemo(() => makeT(props.strings, props.lang), [props.strings, props.lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('groups.loading')}>
      <Meetings {...props} t={t} />
    </MemberGate>
  );
}

function Meetings({ groupId, meetingId, lang, t, church }: Props & { t: T }) {
  const loaded = useStore($meetingsView);
  const attendance = useStore($attendance);
  const { recording, saved } = useStore($meetingsPage);
  const reload = useCallback(
    () => void loadMeetingsView(groupId, meetingId, church.id),
    [groupId, meetingId, church.id],
  );
  useEffect(reload, [reload]);

  const toGroup = `/groups/${groupId}`;
  if (loaded.state === 'error')
    return (
      <div className="content-empty content-missing">
        <h1>{t('groups.meetings.title')}</h1>
        <Notice kind="error">{loaded.message || t('groups.meetings.failed')}</Notice>
        <p className="groups-links">
          <a className="button" href={toGroup}>
            {t('groups.meetings.toGroup')}
          </a>
        </p>
      </div>
    );
  const state = loaded.data;
  if (!state) return <Loader label={t('groups.loading')} />;

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
            meetingSaved(text, false);
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
              meetingSaved(text, true);
              reload();
            }}
          />
        ) : (
          <p className="groups-links">
            <button type="button" className="button groups-record-open" onClick={openRecording}>
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
                  meetingSaved(text, false);
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
