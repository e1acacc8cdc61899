// Under one request on the wall (/prayer/{id}): "I prayed" with its count and the supportive
// messages with a form to add one (spec §3 Pray / Prayer message). The page stays the same for
// everyone (cacheable): the island finds the session in the browser, and a visitor gets login
// links instead (spec §5: prayer actions need a login). A sent message joins the list at once.
// The flow is the store's (src/stores/prayer.ts).
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import type { PrayerMessage } from '../../../../contract/prayer.ts';
import { formatDate } from '../../../../common/format.ts';
import {
  $prayerActions,
  pray,
  prayerActionsOf,
  sendSupportMessage,
  setSupportText,
} from '../../../stores/prayer.ts';
import {
  loginHref,
  Notice,
  Spinner,
  SubmitButton,
  TextArea,
  useSession,
  type T,
} from '../ui/index.ts';
import { prayerT, type PrayerIslandProps } from './t.ts';

type Props = PrayerIslandProps & { prayerId: number; prayed: number; messages: PrayerMessage[] };

export default function PrayerActionsIsland(props: Props) {
  const t = useMemo(() => prayerT(props), [props.strings, props.lang]);
  const { ready, loggedIn } = useSession(props.church);
  const member = ready && loggedIn;
  const { sent } = prayerActionsOf(props.prayerId, useStore($prayerActions));
  const messages = sent.length ? [...props.messages, ...sent] : props.messages;
  const back = loginHref(`/prayer/${props.prayerId}`);
  return (
    <div className="prayer-actions">
      <PrayButton
        t={t}
        prayerId={props.prayerId}
        initial={props.prayed}
        member={member}
        loginHref={back}
      />
      <section className="prayer-messages" aria-labelledby="prayer-messages-title">
        <h2 id="prayer-messages-title">
          {t('prayer.messagesTitle')} ({messages.length})
        </h2>
        {messages.length === 0 ? (
          <p className="prayer-none">{t('prayer.noMessages')}</p>
        ) : (
          <ol>
            {messages.map((m) => (
              <li key={m.id} className="prayer-message">
                <p>{m.mensagem}</p>
                <footer>
                  <strong>{m.nome ?? t('prayer.someone')}</strong> ·{' '}
                  <time dateTime={m.dataCriacao}>{formatDate(m.dataCriacao, props.lang)}</time>
                </footer>
              </li>
            ))}
          </ol>
        )}
        {member ? (
          <SupportForm t={t} prayerId={props.prayerId} max={props.limits.message} />
        ) : (
          <p className="prayer-login">
            {t('prayer.support.login')} <a href={back}>{t('prayer.login')}</a>
          </p>
        )}
      </section>
    </div>
  );
}

function PrayButton({
  t,
  prayerId,
  initial,
  member,
  loginHref: href,
}: {
  t: T;
  prayerId: number;
  initial: number;
  member: boolean;
  loginHref: string;
}) {
  const actions = prayerActionsOf(prayerId, useStore($prayerActions));
  const count = actions.count ?? initial;
  const { pray: state, prayError: error } = actions;
  return (
    <div className="prayer-pray">
      <p className="prayer-pray-count" role="status">
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 21s-7-4.5-9.5-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.5 6c-2.5 4.5-9.5 9-9.5 9z" />
        </svg>
        {t.plural('prayer.prayed', count)}
      </p>
      {member ? (
        <button
          type="button"
          className={state === 'done' ? 'button secondary' : 'button'}
          onClick={() => void pray(prayerId, t('prayer.pray.failed'))}
          disabled={state !== 'idle'}
          aria-busy={state === 'busy' || undefined}
        >
          {state === 'busy' ? (
            <>
              <Spinner small /> {t('prayer.pray.busy')}
            </>
          ) : state === 'done' ? (
            `✓ ${t('prayer.pray.done')}`
          ) : (
            t('prayer.pray')
          )}
        </button>
      ) : (
        // A visitor gets the same call to action as a link to log in, with spec §5's message.
        <>
          <a className="button" href={href} aria-describedby="prayer-pray-login">
            {t('prayer.pray')}
          </a>
          <small id="prayer-pray-login" className="prayer-login">
            {t('auth.loginRequired')}
          </small>
        </>
      )}
      {error && (
        <p className="ui-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function SupportForm({ t, prayerId, max }: { t: T; prayerId: number; max: number }) {
  const {
    text,
    textError: error,
    notice,
    submitting,
  } = prayerActionsOf(prayerId, useStore($prayerActions));
  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    void sendSupportMessage({
      prayerId,
      max,
      texts: {
        rule: (key, values) => t(key, values),
        sent: t('prayer.support.sent'),
        failed: t('prayer.support.failed'),
      },
    });
  }
  return (
    <form
      className="prayer-support"
      onSubmit={submit}
      noValidate
      aria-labelledby="prayer-support-title"
    >
      <h3 id="prayer-support-title">{t('prayer.support.title')}</h3>
      <Notice message={notice} />
      <TextArea
        label={t('prayer.support.label')}
        name="mensagem"
        value={text}
        rows={3}
        max={max}
        counter={(count, limit) => t('prayer.form.counter', { count, max: limit })}
        disabled={submitting}
        required
        onChange={(v) => setSupportText(prayerId, v)}
        error={error}
      />
      <SubmitButton
        submitting={submitting}
        label={t('prayer.support.submit')}
        busyLabel={t('prayer.support.sending')}
      />
    </form>
  );
}
