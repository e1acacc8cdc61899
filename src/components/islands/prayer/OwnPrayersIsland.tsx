// The member's own requests (spec §2 /user/prayer, /user/prayer/{id}, /prayer/{id}/delete):
// the list with published/private badges, one request with its supportive messages, and the
// delete confirmation. Someone else's request answers 404: spec §8 "no result found".
// The flow is the store's (src/stores/prayer.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import type { OwnPrayer, OwnPrayerDetail } from '../../../../contract/prayer.ts';
import { formatDate } from '../../../../common/format.ts';
import {
  $ownDeletion,
  $ownPrayer,
  $ownPrayers,
  deleteOwnPrayer,
  loadOwnList,
  loadOwnOne,
} from '../../../stores/prayer.ts';
import { Loader, MemberGate, Notice, SubmitButton, type Lang, type T } from '../ui/index.ts';
import { prayerT, type PrayerIslandProps } from './t.ts';

type Props = PrayerIslandProps & { mode: 'list' | 'detail' | 'delete'; prayerId?: number };

export default function OwnPrayersIsland(props: Props) {
  const t = useMemo(() => prayerT(props), [props.strings, props.lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('prayer.loading')}>
      {props.mode === 'list' ? (
        <OwnList t={t} churchId={props.church.id} lang={props.lang} />
      ) : (
        <OwnOne
          t={t}
          churchId={props.church.id}
          lang={props.lang}
          id={props.prayerId ?? 0}
          mode={props.mode}
        />
      )}
    </MemberGate>
  );
}

function LoadError({ t, message, retry }: { t: T; message: string; retry: () => void }) {
  return (
    <div className="acc-panel">
      <Notice message={{ kind: 'error', text: message || t('prayer.mine.failed') }} />
      <button type="button" className="button secondary" onClick={retry}>
        {t('prayer.retry')}
      </button>
    </div>
  );
}

function Missing({ t }: { t: T }) {
  return (
    <section className="content-empty content-missing" aria-labelledby="prayer-missing-title">
      <h1 id="prayer-missing-title">{t('prayer.notFoundTitle')}</h1>
      <p role="alert">{t('prayer.notFound')}</p>
      <a className="button" href="/user/prayer">
        {t('prayer.mine.back')}
      </a>
    </section>
  );
}

const Badge = ({ t, item }: { t: T; item: OwnPrayer }) =>
  item.flagPublicarMural ? (
    <span className="prayer-badge published">{t('prayer.mine.published')}</span>
  ) : (
    <span className="prayer-badge private" title={t('prayer.mine.privateHint')}>
      {t('prayer.mine.private')}
    </span>
  );

function Stats({ t, item }: { t: T; item: OwnPrayer }) {
  return (
    <>
      <span className="prayer-stat">{t.plural('prayer.prayed', item.qtdeOrar)}</span>
      <span className="prayer-stat">{t.plural('prayer.messages', item.qtdeMensagens)}</span>
    </>
  );
}

function OwnList({ t, churchId, lang }: { t: T; churchId: number; lang: Lang }) {
  const state = useStore($ownPrayers);
  useEffect(() => void loadOwnList(churchId), [churchId]);
  const retry = () => void loadOwnList(churchId);
  // spec §8: 404 and 400 are "no result found"; here the retry says it
  if (state.state === 'error')
    return (
      <LoadError
        t={t}
        message={state.status === 404 || state.status === 400 ? '' : state.message}
        retry={retry}
      />
    );
  if (state.state !== 'ready') return <Loader label={t('prayer.loading')} />;
  const list = state.data;
  return (
    <div className="acc-panel prayer-mine">
      <div className="prayer-head">
        <header>
          <h1>{t('prayer.mine.title')}</h1>
          <p className="acc-muted">{t('prayer.mine.intro')}</p>
        </header>
        <a className="button prayer-new" href="/prayer/new">
          {t('prayer.new')}
        </a>
      </div>
      {list.length === 0 ? (
        <section className="content-empty" aria-labelledby="prayer-mine-empty">
          <h2 id="prayer-mine-empty">{t('prayer.emptyTitle')}</h2>
          <p>{t('prayer.mine.empty')}</p>
          <a className="button" href="/prayer/new">
            {t('prayer.new')}
          </a>
        </section>
      ) : (
        <ul className="prayer-own-list" aria-label={t('prayer.mine.title')}>
          {list.map((item) => (
            <li key={item.id} className="prayer-own">
              <div className="prayer-own-top">
                {item.motivo && <span className="prayer-reason">{item.motivo.nome}</span>}
                <Badge t={t} item={item} />
              </div>
              <h2>
                <a href={`/user/prayer/${item.id}`}>
                  {t('prayer.mine.itemTitle', { date: formatDate(item.dataCriacao, lang) })}
                </a>
              </h2>
              <p className="prayer-text">{item.mensagem}</p>
              <p className="prayer-meta">
                <Stats t={t} item={item} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function OwnOne({
  t,
  churchId,
  lang,
  id,
  mode,
}: {
  t: T;
  churchId: number;
  lang: Lang;
  id: number;
  mode: 'detail' | 'delete';
}) {
  const state = useStore($ownPrayer);
  useEffect(() => void loadOwnOne(id, churchId), [id, churchId]);
  if (state.state === 'error')
    return state.status === 404 || state.status === 400 ? (
      <Missing t={t} />
    ) : (
      <LoadError t={t} message={state.message} retry={() => void loadOwnOne(id, churchId)} />
    );
  if (state.state !== 'ready') return <Loader label={t('prayer.loading')} />;
  return mode === 'detail' ? (
    <OwnDetail t={t} lang={lang} item={state.data} />
  ) : (
    <ConfirmDelete t={t} lang={lang} item={state.data} />
  );
}

function Summary({ t, lang, item }: { t: T; lang: Lang; item: OwnPrayer }) {
  return (
    <>
      <dl className="content-facts prayer-own-facts">
        <div>
          <dt>{t('prayer.posted')}</dt>
          <dd>
            <time dateTime={item.dataCriacao}>{formatDate(item.dataCriacao, lang)}</time>
          </dd>
        </div>
        {item.motivo && (
          <div>
            <dt>{t('prayer.reason')}</dt>
            <dd>{item.motivo.nome}</dd>
          </div>
        )}
        <div>
          <dt>{t('prayer.mine.shownAs')}</dt>
          <dd>{item.nome ?? t('prayer.anonymous')}</dd>
        </div>
      </dl>
      <p className="prayer-own-flags">
        <Badge t={t} item={item} />
        {!item.flagPublicarMural && (
          <span className="acc-muted">{t('prayer.mine.privateHint')}</span>
        )}
        {item.flagReceberLigacao && <span className="prayer-badge">{t('prayer.mine.call')}</span>}
        {item.flagReceberVisita && <span className="prayer-badge">{t('prayer.mine.visit')}</span>}
      </p>
      <blockquote className="prayer-quote">
        <p>{item.mensagem}</p>
      </blockquote>
      {item.imagem && (
        <img className="prayer-image" src={item.imagem} alt={t('prayer.image')} loading="lazy" />
      )}
    </>
  );
}

function OwnDetail({ t, lang, item }: { t: T; lang: Lang; item: OwnPrayerDetail }) {
  return (
    <article className="content-article prayer-own-detail">
      <a className="content-back" href="/user/prayer">
        ← {t('prayer.mine.back')}
      </a>
      <header className="content-article-head">
        <h1>{t('prayer.mine.itemTitle', { date: formatDate(item.dataCriacao, lang) })}</h1>
      </header>
      <Summary t={t} lang={lang} item={item} />
      <p className="prayer-meta">
        <Stats t={t} item={item} />
      </p>
      <section className="prayer-messages" aria-labelledby="prayer-messages-title">
        <h2 id="prayer-messages-title">
          {t('prayer.messagesTitle')} ({item.mensagens.length})
        </h2>
        {item.mensagens.length === 0 ? (
          <p className="prayer-none">{t('prayer.noMessages')}</p>
        ) : (
          <ol>
            {item.mensagens.map((m) => (
              <li key={m.id} className="prayer-message">
                <p>{m.mensagem}</p>
                <footer>
                  <strong>{m.nome ?? t('prayer.someone')}</strong> ·{' '}
                  <time dateTime={m.dataCriacao}>{formatDate(m.dataCriacao, lang)}</time>
                </footer>
              </li>
            ))}
          </ol>
        )}
      </section>
      <div className="acc-actions prayer-own-actions">
        {item.flagPublicarMural && (
          <a className="button secondary" href={`/prayer/${item.id}`}>
            {t('prayer.mine.onWall')}
          </a>
        )}
        <a className="prayer-delete-link" href={`/prayer/${item.id}/delete`}>
          {t('prayer.delete.link')}
        </a>
      </div>
    </article>
  );
}

function ConfirmDelete({ t, lang, item }: { t: T; lang: Lang; item: OwnPrayer }) {
  const { submitting, notice } = useStore($ownDeletion);
  function confirm(event: { preventDefault(): void }) {
    event.preventDefault();
    void deleteOwnPrayer(item.id, {
      notFound: t('prayer.notFound'),
      failed: t('prayer.delete.failed'),
    });
  }
  return (
    <form
      className="content-article prayer-delete"
      onSubmit={confirm}
      aria-busy={submitting || undefined}
    >
      <a className="content-back" href={`/user/prayer/${item.id}`}>
        ← {t('prayer.mine.back')}
      </a>
      <h1>{t('prayer.delete.title')}</h1>
      <Notice message={notice ? { kind: 'error', text: notice } : null} />
      <Summary t={t} lang={lang} item={item} />
      <p className="prayer-delete-text">{t('prayer.delete.text')}</p>
      <div className="acc-actions">
        <SubmitButton
          submitting={submitting}
          label={t('prayer.delete.confirm')}
          busyLabel={t('prayer.delete.busy')}
          className="button danger"
        />
        <a href={`/user/prayer/${item.id}`}>{t('prayer.form.cancel')}</a>
      </div>
    </form>
  );
}
