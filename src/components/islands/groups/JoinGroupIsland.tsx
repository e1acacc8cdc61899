// "Request to participate" on a group's page (spec §2 /groups/{celulaId}, §4 "a group participation
// request goes to the leader"). A visitor gets a login link with spec §6's message that comes back
// here; a member sends a short message to the leader and lands on /groups/request/success; a
// member, the leader or someone already waiting sees that instead (with the meetings / requests).
import { useEffect, useMemo, useState } from 'react';
import type { GroupRole } from '../../../../contract/groups.ts';
import { askToJoin, loadMyGroupView } from '../../../lib/groups/api.ts';
import {
  failureMessage,
  Loader,
  loginHref,
  makeT,
  Notice,
  SubmitButton,
  TextArea,
  useSession,
  type IslandProps,
  type Message,
} from '../ui/index.ts';

type Props = IslandProps & { slug: string; groupId: number; groupName: string; max: number };

export default function JoinGroupIsland(props: Props) {
  const t = useMemo(() => makeT(props.strings, props.lang), [props.strings, props.lang]);
  const { ready, loggedIn } = useSession(props.church);
  const [role, setRole] = useState<GroupRole | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!ready || !loggedIn) return;
    loadMyGroupView(props.groupId, props.church.id).then(
      (g) => setRole(g.minhaParticipacao),
      () => setFailed(true),
    );
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
      </>
    );
  else if (role === 'pendente') body = <Notice kind="info">{t('groups.join.pending')}</Notice>;
  else body = <JoinForm {...props} t={t} onPending={() => setRole('pendente')} />;

  return (
    <section className="groups-box groups-join" aria-labelledby="groups-join-title">
      <h2 id="groups-join-title">{t('groups.join.title')}</h2>
      {body}
    </section>
  );
}

function JoinForm({
  slug,
  groupId,
  max,
  t,
}: Props & { t: ReturnType<typeof makeT>; onPending: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (text.trim().length > max)
      return setError(t('groups.join.counter', { count: text.trim().length, max }));
    setSubmitting(true);
    setMessage(null);
    try {
      await askToJoin(slug, groupId, text);
      location.assign(`/groups/request/success?celula=${groupId}`);
      return;
    } catch (e) {
      // a second request while one waits (409) explains itself; the text stays to try again
      const failure = await failureMessage(e, t('groups.join.failed'));
      setError(failure.errors.mensagem?.[0]);
      setMessage({ kind: 'error', text: failure.message });
    }
    setSubmitting(false);
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>{t('groups.join.intro')}</p>
      <Notice message={message} />
      <TextArea
        label={t('groups.join.messageLabel')}
        name="mensagem"
        value={text}
        rows={3}
        max={max}
        hint={t('groups.join.messageHint')}
        counter={(count, limit) => t('groups.join.counter', { count, max: limit })}
        disabled={submitting}
        onChange={(v) => {
          setText(v);
          setError(undefined);
        }}
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
