// /admin/moderation (docs/staff.md "Moderation"): the prayer wall's posts, hidden and restored
// with a reason; the live chat's history (deleted messages marked) and the moderation actions
// taken, by whom. The view, channel and pages live in the address.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { ModeratedPost, ModerationAction } from '../../../../../contract/moderation-staff.ts';
import { mediumDateTime } from '../../../../../common/format.ts';
import { $chat, $wall, decide, loadChat, loadWall } from '../../../../stores/admin-moderation.ts';
import { StaffGate, useUrlState, type StaffIslandProps } from '../kit/index.ts';
import {
  Field,
  Loader,
  makeT,
  Notice,
  Pager,
  Select,
  SubmitButton,
  type Message,
  type T,
} from '../../ui/index.ts';
import './moderation.css';

function Decision({
  slug,
  t,
  post,
  onDone,
}: {
  slug: string;
  t: T;
  post: ModeratedPost;
  onDone: (message: Message) => void;
}) {
  const hide = !post.oculto;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const outcome = await decide(slug, post.id, hide, reason);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.failure.errors?.motivo?.[0] ?? outcome.failure.message);
      return;
    }
    setOpen(false);
    onDone({ kind: 'ok', text: t(hide ? 'admin.moderation.hidden' : 'admin.moderation.restored') });
  }
  if (!open)
    return (
      <button type="button" className="button secondary" onClick={() => setOpen(true)}>
        {t(hide ? 'admin.moderation.hide' : 'admin.moderation.restore')}
      </button>
    );
  return (
    <form className="moderation-decision" noValidate onSubmit={submit}>
      <Field
        label={t('admin.moderation.reason')}
        name={`motivo-${post.id}`}
        value={reason}
        onChange={setReason}
        error={error}
        hint={t(hide ? 'admin.moderation.reasonHideHint' : 'admin.moderation.reasonRestoreHint')}
        required
      />
      <div className="staff-actions">
        <SubmitButton
          submitting={busy}
          label={t(hide ? 'admin.moderation.hideConfirm' : 'admin.moderation.restoreConfirm')}
          busyLabel={t('admin.moderation.saving')}
        />
        <button type="button" className="button secondary" onClick={() => setOpen(false)}>
          {t('admin.shell.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The moderation records of one part (the wall's decisions, or the chat's actions), newest first. */
function Actions({
  actions,
  title,
  empty,
  t,
  lang,
}: {
  actions: ModerationAction[];
  title: string;
  empty: string;
  t: T;
  lang: StaffIslandProps['lang'];
}) {
  return (
    <div>
      <h3>{title}</h3>
      {actions.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="moderation-actions">
          {actions.map((a) => (
            <li key={a.id}>
              <strong>
                {t(
                  `admin.moderation.action.${a.acao.replace(/^moderation\./, '').replace('.', '-')}`,
                )}
              </strong>{' '}
              {a.resumo}
              <br />
              <small>
                {t('admin.moderation.by', { name: a.por })} ·{' '}
                <time dateTime={a.quando}>{mediumDateTime(a.quando, lang)}</time>
              </small>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Wall({ slug, t, lang }: { slug: string; t: T; lang: StaffIslandProps['lang'] }) {
  const wall = useStore($wall);
  const [params, update] = useUrlState();
  const view = params.get('vista') === 'ocultos' ? 'ocultos' : 'visiveis';
  const page = Math.max(1, Number(params.get('pagina')) || 1);
  const [message, setMessage] = useState<Message | null>(null);
  useEffect(() => {
    void loadWall(slug, view, page);
  }, [slug, view, page]);
  // a decision's message belongs to the view it was made in: another tab (or Back) clears it
  useEffect(() => setMessage(null), [view]);
  return (
    <section aria-labelledby="moderation-wall">
      <h2 id="moderation-wall">{t('admin.moderation.wall')}</h2>
      <div className="moderation-tabs" role="group" aria-label={t('admin.moderation.wallView')}>
        {(['visiveis', 'ocultos'] as const).map((v) => (
          <button
            key={v}
            type="button"
            className="button secondary"
            aria-pressed={view === v}
            onClick={() => update({ vista: v === 'visiveis' ? null : v, pagina: null })}
          >
            {t(`admin.moderation.view.${v}`)}
          </button>
        ))}
      </div>
      <Notice message={message} />
      {wall.state === 'loading' ? (
        <Loader label={t('admin.shell.loading')} />
      ) : wall.state === 'error' ? (
        <Notice kind="error">{wall.message}</Notice>
      ) : wall.value.oracoes.length === 0 ? (
        <p>
          {t(view === 'ocultos' ? 'admin.moderation.noneHidden' : 'admin.moderation.noneVisible')}
        </p>
      ) : (
        <>
          <ul className="moderation-posts">
            {wall.value.oracoes.map((post) => (
              <li key={post.id} className="card">
                <p className="moderation-text">{post.mensagem}</p>
                <p className="moderation-meta">
                  {post.nome || t('admin.moderation.anonymous')} ·{' '}
                  <time dateTime={post.quando}>{mediumDateTime(post.quando, lang)}</time>
                </p>
                {post.moderacao && (
                  <p className="moderation-meta">
                    {t(post.oculto ? 'admin.moderation.hiddenBy' : 'admin.moderation.restoredBy', {
                      name: post.moderacao.por,
                      reason: post.moderacao.motivo,
                    })}
                  </p>
                )}
                <Decision slug={slug} t={t} post={post} onDone={setMessage} />
              </li>
            ))}
          </ul>
          <Pager
            page={wall.value.page}
            totalPages={wall.value.totalPages}
            onPage={(p) => update({ pagina: p > 1 ? p : null })}
            t={t}
          />
        </>
      )}
      {wall.state === 'ready' && (
        <Actions
          actions={wall.value.acoes}
          title={t('admin.moderation.wallActions')}
          empty={t('admin.moderation.noWallActions')}
          t={t}
          lang={lang}
        />
      )}
    </section>
  );
}

function Chat({ slug, t, lang }: { slug: string; t: T; lang: StaffIslandProps['lang'] }) {
  const chat = useStore($chat);
  const [params, update] = useUrlState();
  const channel = params.get('canal') ?? '';
  const page = Math.max(1, Number(params.get('chat')) || 1);
  useEffect(() => {
    void loadChat(slug, channel, page);
  }, [slug, channel, page]);
  return (
    <section aria-labelledby="moderation-chat" className="moderation-chat">
      <h2 id="moderation-chat">{t('admin.moderation.chat')}</h2>
      {chat.state === 'loading' ? (
        <Loader label={t('admin.shell.loading')} />
      ) : chat.state === 'error' ? (
        <Notice kind="error">{chat.message}</Notice>
      ) : (
        <div className="moderation-columns">
          <Actions
            actions={chat.value.acoes}
            title={t('admin.moderation.actions')}
            empty={t('admin.moderation.noActions')}
            t={t}
            lang={lang}
          />
          <div>
            <h3>{t('admin.moderation.messages')}</h3>
            <Select
              label={t('admin.moderation.channel')}
              name="canal"
              value={channel}
              onChange={(v) => update({ canal: v || null, chat: null })}
              placeholder={t('admin.moderation.allChannels')}
              options={chat.value.canais.map((c) => ({ value: c, label: c }))}
            />
            {chat.value.mensagens.length === 0 ? (
              <p>{t('admin.moderation.noMessages')}</p>
            ) : (
              <ul className="moderation-messages">
                {chat.value.mensagens.map((m) => (
                  <li key={m.id} className={m.apagada ? 'deleted' : undefined}>
                    <strong>{m.autor}</strong>: {m.texto}{' '}
                    {m.apagada && (
                      <span className="staff-badge">{t('admin.moderation.deleted')}</span>
                    )}
                    <br />
                    <small>
                      #{m.canal} · <time dateTime={m.quando}>{mediumDateTime(m.quando, lang)}</time>
                    </small>
                  </li>
                ))}
              </ul>
            )}
            <Pager
              page={chat.value.page}
              totalPages={chat.value.totalPages}
              onPage={(p) => update({ chat: p > 1 ? p : null })}
              t={t}
            />
          </div>
        </div>
      )}
    </section>
  );
}

export default function ModerationIsland(props: StaffIslandProps) {
  const t = makeT(props.strings, props.lang);
  return (
    <StaffGate {...props} area="moderation">
      {(me) => (
        <>
          <h1>{t('admin.moderation.title')}</h1>
          <p>{t('admin.moderation.intro')}</p>
          {/* each part only where the church has its module (docs/staff.md "Modules") */}
          {me.modulos.includes('MOD_MURAL_ORACAO') && (
            <Wall slug={props.slug} t={t} lang={props.lang} />
          )}
          {me.modulos.includes('MOD_CULTO') && <Chat slug={props.slug} t={t} lang={props.lang} />}
        </>
      )}
    </StaffGate>
  );
}
