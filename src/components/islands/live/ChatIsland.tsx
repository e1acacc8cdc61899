// The live chat (spec §2 /live and /embed/chat, §3 Chat user, §4, §6): members chat with their
// name and avatar, visitors with only a name, anonymous viewers read. Moderators delete one
// message or all of a user's (with a confirmation), mute a user, and run the commit-to-Jesus
// moment while seeing the raised hands. A message that could not be sent stays in the input.
import { dateFormat } from '../../../../common/format.ts';
import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useRef, useState, type FormEvent } from 'react';
import type { ChatMessage } from '../../../../contract/live.ts';
import { linkify } from '../../../lib/live/player.ts';
import {
  $chat,
  answerCommit,
  deleteChatAuthor,
  deleteChatMessage,
  muteChatAuthor,
  unmuteChatAuthor,
  rejoinChat,
  sendChatMessage,
  setChatName,
  startChat,
  startCommit,
  stopCommit,
} from '../../../stores/chat.ts';
import { $isLoggedIn, $session } from '../../../stores/session.ts';
import {
  currentPath,
  Loader,
  loginHref,
  makeT,
  Modal,
  Notice,
  useSession,
  type IslandProps,
  type T,
} from '../ui/index.ts';

interface Props extends IslandProps {
  slug: string;
  channel: string;
  limitMessages?: number | undefined;
  /** spec §2 /embed/chat showManagement: moderators see their tools (default true). */
  showManagement?: boolean;
  /** spec §2 /embed/chat username: join with this name. */
  username?: string | undefined;
  maxLength: number;
}

type Pending =
  | { kind: 'delete'; message: ChatMessage }
  | { kind: 'deleteAll'; message: ChatMessage }
  | { kind: 'mute'; message: ChatMessage }
  | { kind: 'unmute'; message: ChatMessage };

function Avatar({ message }: { message: ChatMessage }) {
  if (message.avatar)
    return <img className="chat-avatar" src={message.avatar} alt="" width="32" height="32" />;
  return (
    <span className="chat-avatar chat-initial" aria-hidden="true">
      {message.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

function Text({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((part, i) =>
        part.href ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

function CommitBanner({ t }: { t: T }) {
  const state = useStore($chat);
  const [thanked, setThanked] = useState(false);
  useEffect(() => setThanked(false), [state.commit?.id]);
  if (!state.commit) return null;
  if (thanked)
    return (
      <div className="chat-commit" role="status">
        <p>{t('live.commit.thanks')}</p>
      </div>
    );
  if (state.answered) return null;
  return (
    <section className="chat-commit" aria-labelledby="chat-commit-title">
      <h3 id="chat-commit-title">{t('live.commit.title')}</h3>
      <p>{t('live.commit.text')}</p>
      <div className="chat-commit-actions">
        <button
          type="button"
          className="button"
          onClick={() =>
            void answerCommit('hand')
              .catch(() => undefined)
              .then(() => setThanked(true))
          }
        >
          ✋ {t('live.commit.hand')}
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => void answerCommit('dismiss').catch(() => undefined)}
        >
          {t('live.commit.dismiss')}
        </button>
      </div>
    </section>
  );
}

function ModeratorBar({ t }: { t: T }) {
  const state = useStore($chat);
  return (
    <div className="chat-mod-bar">
      {state.commit ? (
        <>
          <button
            type="button"
            className="button secondary"
            onClick={() => void stopCommit().catch(() => undefined)}
          >
            {t('live.commit.stop')}
          </button>
          <span className="chat-hands" role="status">
            ✋ {t.plural('live.commit.hands', state.hands)}
          </span>
        </>
      ) : (
        <button
          type="button"
          className="button secondary"
          onClick={() => void startCommit().catch(() => undefined)}
        >
          {t('live.commit.start')}
        </button>
      )}
    </div>
  );
}

function Composer({ t, maxLength, muted }: { t: T; maxLength: number; muted: boolean }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    setError(null);
    try {
      await sendChatMessage(text);
      setText('');
    } catch (error) {
      // spec §8: "message could not be sent now" — the text stays in the input to try again
      setError((error as Error).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="chat-composer" onSubmit={(e) => void submit(e)}>
      <label className="visually-hidden" htmlFor="chat-input">
        {t('live.chat.message')}
      </label>
      <input
        id="chat-input"
        type="text"
        name="message"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={maxLength * 2}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'chat-error' : undefined}
        disabled={muted}
      />
      <button
        type="submit"
        className="button"
        disabled={sending || muted}
        aria-busy={sending || undefined}
      >
        {sending ? t('live.chat.sending') : t('live.chat.send')}
      </button>
      {error && (
        <p id="chat-error" className="chat-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function NameForm({ t }: { t: T }) {
  const [name, setName] = useState('');
  return (
    <form
      className="chat-name"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) void setChatName(name.trim());
      }}
    >
      <label htmlFor="chat-name">{t('live.chat.nameLabel')}</label>
      <p className="chat-hint" id="chat-name-hint">
        {t('live.chat.nameHint')}
      </p>
      <div className="chat-name-row">
        <input
          id="chat-name"
          type="text"
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={60}
          autoComplete="nickname"
          aria-describedby="chat-name-hint"
        />
        <button type="submit" className="button">
          {t('live.chat.join')}
        </button>
      </div>
      <a className="chat-login" href={loginHref(currentPath())}>
        {t('live.chat.login')}
      </a>
    </form>
  );
}

function Chat({
  t,
  lang,
  showManagement,
  maxLength,
}: {
  t: T;
  lang: string;
  showManagement: boolean;
  maxLength: number;
}) {
  const state = useStore($chat);
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const moderator = state.user?.role === 'moderator' && showManagement;
  const time = dateFormat(lang === 'en' ? 'en-US' : lang === 'es' ? 'es' : 'pt-BR', {
    hour: '2-digit',
    minute: '2-digit',
  });

  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [state.messages.length, state.joins.length]);
  // "Ana joined": after the message that was last then (0: before any shown message, or one since removed)
  const shown = new Set(state.messages.map((m) => m.id));
  const joinsAfter = (id: number) =>
    state.joins
      .filter((j) => (shown.has(j.after) ? j.after : 0) === id)
      .map((j) => (
        <li key={`join-${j.id}`} className="chat-join">
          {t('live.chat.joined', { name: j.name })}
        </li>
      ));

  // the menu closes as the confirmation opens
  const choose = (button: HTMLElement, action: Pending) => {
    const menu = button.closest('details');
    if (menu) menu.open = false;
    setPending(action);
  };
  const confirm = async () => {
    if (!pending) return;
    const { kind, message } = pending;
    setPending(null);
    try {
      if (kind === 'delete') await deleteChatMessage(message.id);
      else if (kind === 'deleteAll') await deleteChatAuthor(message.authorId);
      else if (kind === 'mute') await muteChatAuthor(message.authorId);
      else await unmuteChatAuthor(message.authorId);
      setFailure(null);
    } catch (error) {
      setFailure((error as Error).message);
    }
  };
  const question = pending
    ? pending.kind === 'delete'
      ? t('live.chat.confirmDelete')
      : pending.kind === 'deleteAll'
        ? t('live.chat.confirmDeleteAll', { name: pending.message.name })
        : pending.kind === 'mute'
          ? t('live.chat.confirmMute', { name: pending.message.name })
          : t('live.chat.confirmUnmute', { name: pending.message.name })
    : '';

  // a refused join (no such church, or a channel that is none of its live channels) says why
  if (state.status === 'connecting' && !state.user)
    return state.notice ? (
      <Notice kind="error">{state.notice}</Notice>
    ) : (
      <Loader label={t('live.chat.connecting')} />
    );
  return (
    <div className="chat">
      {state.status !== 'online' && (
        <Notice kind="info">
          {state.status === 'offline' ? t('live.chat.offline') : t('live.chat.connecting')}
        </Notice>
      )}
      {moderator && <ModeratorBar t={t} />}
      {!moderator && <CommitBanner t={t} />}
      <ol
        className="chat-messages"
        ref={list}
        aria-label={t('live.chat.messages')}
        aria-live="polite"
        tabIndex={0}
      >
        {state.messages.length === 0 && <li className="chat-empty">{t('live.chat.empty')}</li>}
        {joinsAfter(0)}
        {state.messages.map((m) => (
          <Fragment key={m.id}>
            <li className="chat-message" data-id={m.id}>
              <Avatar message={m} />
              <div className="chat-body">
                <p className="chat-meta">
                  <strong>{m.name}</strong>
                  {m.authorId === state.user?.id && (
                    <span className="chat-you"> ({t('live.chat.you')})</span>
                  )}
                  <time dateTime={m.createdAt}>{time.format(new Date(m.createdAt))}</time>
                </p>
                <p className="chat-text">
                  <Text text={m.text} />
                </p>
              </div>
              {moderator && (
                <details className="chat-tools">
                  <summary aria-label={t('live.chat.actions', { name: m.name })}>⋯</summary>
                  <div className="chat-tools-menu">
                    <button
                      type="button"
                      onClick={(e) => choose(e.currentTarget, { kind: 'delete', message: m })}
                    >
                      {t('live.chat.delete')}
                    </button>
                    <button
                      type="button"
                      onClick={(e) => choose(e.currentTarget, { kind: 'deleteAll', message: m })}
                    >
                      {t('live.chat.deleteAll', { name: m.name })}
                    </button>
                    {m.authorId !== state.user?.id && (
                      <button
                        type="button"
                        onClick={(e) => choose(e.currentTarget, { kind: 'mute', message: m })}
                      >
                        {t('live.chat.mute', { name: m.name })}
                      </button>
                    )}
                    {m.authorId !== state.user?.id && (
                      <button
                        type="button"
                        onClick={(e) => choose(e.currentTarget, { kind: 'unmute', message: m })}
                      >
                        {t('live.chat.unmute', { name: m.name })}
                      </button>
                    )}
                  </div>
                </details>
              )}
            </li>
            {joinsAfter(m.id)}
          </Fragment>
        ))}
      </ol>
      {failure && <Notice kind="error">{failure}</Notice>}
      {state.notice && <Notice kind="info">{state.notice}</Notice>}
      {state.user?.name ? (
        <>
          <p className="chat-as">
            {t('live.chat.as', { name: state.user.name })}
            {state.user.role === 'moderator' && (
              <span className="chat-badge"> · {t('live.chat.moderator')}</span>
            )}
          </p>
          <Composer t={t} maxLength={maxLength} muted={state.muted} />
        </>
      ) : (
        state.user && <NameForm t={t} />
      )}
      <Modal
        open={!!pending}
        title={question}
        onClose={() => setPending(null)}
        closeLabel={t('live.chat.close')}
      >
        <div className="chat-confirm">
          <button type="button" className="button chat-danger" onClick={() => void confirm()}>
            {t('live.chat.confirm')}
          </button>
          <button type="button" className="button secondary" onClick={() => setPending(null)}>
            {t('live.chat.cancel')}
          </button>
        </div>
      </Modal>
    </div>
  );
}

export default function ChatIsland({
  church,
  slug,
  lang,
  strings,
  channel,
  limitMessages,
  showManagement = true,
  username,
  maxLength,
}: Props) {
  const t = makeT(strings, lang);
  const { ready } = useSession(church);
  const loggedIn = useStore($isLoggedIn);
  const [started, setStarted] = useState(false);
  const joinedAs = useRef(false);

  useEffect(() => {
    if (!ready) return;
    const stop = startChat({
      igreja: slug,
      channel,
      limitMessages,
      lang,
      token: () => ($isLoggedIn.get() ? $session.get().token : null),
      texts: { sendFailed: t('live.chat.sendFailed'), muted: t('live.chat.muted') },
      name: username,
    });
    joinedAs.current = $isLoggedIn.get();
    setStarted(true);
    return () => {
      setStarted(false);
      stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, slug, channel, limitMessages, lang]);

  // logging in or out changes who is chatting (the first join already knew)
  useEffect(() => {
    if (!started || joinedAs.current === loggedIn) return;
    joinedAs.current = loggedIn;
    void rejoinChat();
  }, [loggedIn, started]);

  return (
    <section className="chat-panel" aria-labelledby="chat-title">
      <h2 id="chat-title" className="chat-title">
        {t('live.chat.title')}
      </h2>
      {started ? (
        <Chat t={t} lang={lang} showManagement={showManagement} maxLength={maxLength} />
      ) : (
        <Loader label={t('live.chat.connecting')} />
      )}
    </section>
  );
}
