// /play/my-list (docs/play.md "Watching"): the member's saved videos, newest first, each with a link
// to watch it and a remove button. Login first (the kit's guard). `?adicionar={id}` (the zero-JS
// "+ My list" form of cards and video pages) adds that video first, then leaves the address.
// The flow is the store's (src/stores/play.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import type { PlayMyListItem } from '../../../../contract/play.ts';
import { $myList, $myListFailed, openMyList, removeListItem } from '../../../stores/play.ts';
import {
  Loader,
  makeT,
  MemberGate,
  Notice,
  useMember,
  type IslandProps,
  type T,
} from '../ui/index.ts';

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export default function MyListIsland(props: IslandProps) {
  const t = useMemo(() => makeT(props.strings, props.lang), [props.strings, props.lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('play.list.loading')}>
      <MyList t={t} church={props.church} />
    </MemberGate>
  );
}

function MyList({ t, church }: { t: T; church: IslandProps['church'] }) {
  const { userId } = useMember(church);
  const state = useStore($myList);
  const failed = useStore($myListFailed);
  useEffect(() => {
    const add = /^[1-9]\d{0,8}$/.exec(
      new URLSearchParams(location.search).get('adicionar') ?? '',
    )?.[0];
    // the address leaves `?adicionar` once read: a reload or retry does not add it again
    if (add && userId) history.replaceState(history.state, '', location.pathname);
    void openMyList(church.id, userId ?? 0, add && userId ? Number(add) : null);
  }, [church.id, userId]);
  const retry = () => void openMyList(church.id, userId ?? 0, null);
  if (state.state === 'error')
    return (
      <div>
        <Notice kind="error">{t('play.list.loadError')}</Notice>
        <button type="button" className="button secondary" onClick={retry}>
          {t('play.list.retry')}
        </button>
      </div>
    );
  if (state.state !== 'ready') return <Loader label={t('play.list.loading')} />;
  const remove = (item: PlayMyListItem) => removeListItem(item.id);
  return (
    <>
      {failed && <Notice kind="error">{t('play.list.error')}</Notice>}
      {state.data.length === 0 ? (
        <p data-empty>{t('play.list.empty')}</p>
      ) : (
        <ul className="play-grid" role="list">
          {state.data.map((item) => (
            <li key={item.id} className="play-card play-mylist-item">
              <a href={`/play/watch/${item.conteudo.id}`}>
                <span className="play-thumb" aria-hidden="true">
                  {item.conteudo.imagem ? (
                    <img src={item.conteudo.imagem} alt="" loading="lazy" />
                  ) : (
                    <span className="play-thumb-title">{item.conteudo.titulo}</span>
                  )}
                  <span className="play-duration">{clock(item.conteudo.duracaoSegundos)}</span>
                </span>
                <span className="play-card-title">{item.conteudo.titulo}</span>
                <span className={item.conteudo.aberto ? 'play-badge open' : 'play-badge closed'}>
                  {t(item.conteudo.aberto ? 'play.list.open' : 'play.list.closed')}
                </span>
              </a>
              <button
                type="button"
                className="button secondary play-list-toggle"
                onClick={() => void remove(item)}
                aria-label={t('play.list.removeFrom', { title: item.conteudo.titulo })}
              >
                {t('play.list.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
