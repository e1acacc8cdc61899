// "Request to participate" on a group's page (spec §2 /groups/{celulaId}, §4 "a group participation
// request goes to the leader"). A visitor gets a login link with spec §6's message that comes back
// here; a member sends a short message to the leader and lands on /groups/request/success; a
// member, the leader or someone already waiting sees that instead (with the meetings / requests).
// A member can leave the group (after a confirmation); the leader is told to hand it over first.
// The leader also announces the next meeting and edits the group here (docs/groups.md).
// The flow is the store's (src/stores/groups.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import {
  $groupLeave,
  $groupPage,
  $joinRequest,
  askLeave,
  leaveMyGroup,
  loadGroupPage,
  sendJoinRequest,
  setJoinText,
} from '../../../stores/groups.ts';
import {
  Loader,
  loginHref,
  makeT,
  Notice,
  SubmitButton,
  TextArea,
  useSession,
  type IslandProps,
} from '../ui/index.ts';
import { LeaderEditGroup } from './LeaderEditGroup.tsx';
import { LeaderMeetingNotice } from './LeaderMeetingNotice.tsx';

type Props = IslandProps & {
  slug: string;
  groupId: number;
  groupName: string;
  max: number;
  /** The church's time zone (the next meeting's notice is on its clock). */
  zone: string;
};

export default function JoinGroupIsland(props: Props) {
  const t = useMemo(() => makeT(props.strings, props.lang), [props.strings, props.lang]);
  const { ready, loggedIn } = useSession(props.church);
  const { view, role, left, failed } = useStore($groupPage);
  const reload = () => void loadGroupPage(props.groupId, props.church.id);
  useEffect(() => {
    if (ready && loggedIn) void loadGroupPage(props.groupId, props.church.id);
  }, [ready, loggedIn, props.groupId, props.church.id]);

  const here = `/groups/${props.groupId}`;
  let body;
  if (!ready || (loggedIn && role === undefined && !failed))
    body = <Loader label={t('groups.loading')} />;
  else if (!loggedIn)
    body = (
      <>
        <a className="button" href={loginHref(here)} aria-describedby="groups-join-login">
          {t('groups.join.login')}
        </a>
        <small id="groups-join-login" className="groups-login-note">
          {t('groups.loginRequired')}
        </small>
      </>
    );
  else if (role === 'lider')
    body = (
      <>
        <Notice kind="info">{t('groups.join.leader')}</Notice>
        <p className="groups-links">
          <a className="button" href={`${here}/requests`}>
            {t('groups.requests.link')}
          </a>
          <a className="button secondary" href={`${here}/meetings`}>
            {t('groups.meetings.link')}
          </a>
        </p>
        {view && <LeaderMeetingNotice group={view} zone={props.zone} t={t} />}
        {view && <LeaderEditGroup group={view} t={t} onSaved={reload} />}
        <p className="groups-muted">{t('groups.leave.leaderNote')}</p>
      </>
    );
  else if (role === 'membro')
    body = (
      <>
        <Notice kind="ok">{t('groups.join.member')}</Notice>
        <p className="groups-links">
          <a className="button" href={`${here}/meetings`}>
            {t('groups.meetings.link')}
          </a>
        </p>
        <LeaveGroup groupId={props.groupId} t={t} />
      </>
    );
  else if (role === 'pendente') body = <Notice kind="info">{t('groups.join.pending')}</Notice>;
  else body = <JoinForm {...props} t={t} />;

  return (
    <section className="groups-box groups-join" aria-labelledby="groups-join-title">
      <h2 id="groups-join-title">
        {t(
          role === 'lider'
            ? 'groups.join.titleLeader'
            : role === 'membro'
              ? 'groups.join.titleMember'
              : 'groups.join.title',
        )}
      </h2>
      {left && <Notice kind="ok">{left}</Notice>}
      {body}
    </section>
  );
}

function JoinForm({ slug, groupId, max, t }: Props & { t: ReturnType<typeof makeT> }) {
  const { text, error, notice, submitting } = useStore($joinRequest);
  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    void sendJoinRequest(slug, groupId, max, {
      tooLong: (count) => t('groups.join.counter', { count, max }),
      failed: t('groups.join.failed'),
    });
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('groups.join.intro')}</p>
      <Notice message={notice} />
      <TextArea
        label={t('groups.join.messageLabel')}
        name="mensagem"
        value={text}
        rows={3}
        max={max}
        hint={t('groups.join.messageHint')}
        counter={(count, limit) => t('groups.join.counter', { count, max: limit })}
        disabled={submitting}
        onChange={setJoinText}
        error={error}
      />
      <div>
        <SubmitButton
          submitting={submitting}
          label={t('groups.join.send')}
          busyLabel={t('groups.join.sending')}
        />
      </div>
    </form>
  );
}

/** Leaving asks once more; the API refuses the leader with the reason, shown here. */
function LeaveGroup({ groupId, t }: { groupId: number; t: ReturnType<typeof makeT> }) {
  const { asking, busy, error } = useStore($groupLeave);
  const leave = () => void leaveMyGroup(groupId, t('groups.leave.failed'));
  if (!asking)
    return (
      <p>
        <button type="button" className="button secondary" onClick={() => askLeave(true)}>
          {t('groups.leave.button')}
        </button>
      </p>
    );
  return (
    <div className="groups-leave" role="group" aria-labelledby="groups-leave-question">
      <p id="groups-leave-question">{t('groups.leave.confirm')}</p>
      {error && <Notice kind="error">{error}</Notice>}
      <p className="groups-links">
        <button type="button" className="button danger" onClick={leave} disabled={busy}>
          {busy ? t('groups.leave.leaving') : t('groups.leave.yes')}
        </button>
        <button type="button" className="button secondary" onClick={() => askLeave(false)}>
          {t('groups.leave.cancel')}
        </button>
      </p>
    </div>
  );
}
