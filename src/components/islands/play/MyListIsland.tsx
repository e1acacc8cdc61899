// /play/my-list (docs/play.md "Watching"): the member's saved videos, newest first, each with a link
// to watch it and a remove button. Login first (the kit's guard). `?adicionar={id}` (the zero-JS
// "+ My list" form of cards and video pages) adds that video first, then leaves the address.
import { useMemo, useState } from 'react';
import type { PlayMyListItem } from '../../../../contract/play.ts';
import { addToMyList, loadMyList, removeFromMyList } from '../../../lib/play/api.ts';
import {
  Loader,
  makeT,
  MemberGate,
  Notice,
  useLoad,
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
  const [failed, setFailed] = useState(false);
  const { state, setState, retry } = useLoad(async () => {
    const add = /^[1-9]\d{0,8}$/.exec(
      new URLSearchParams(location.search).get('adicionar') ?? '',
    )?.[0];
    if (add && userId) {
      await addToMyList(Number(add), church.id, userId).catch(() => setFailed(true));
      history.replaceState(history.state, '', location.pathname);
    }
    return loadMyList(church.id, userId ?? 0);
  }, [userId]);
  if (state.kind === 'loading') return <Loader label={t('play.list.loading')} />;
  if (state.kind !== 'ok')
    return (
      <div>
        <Notice kind="error">{t('play.list.loadError')}</Notice>
        <button type="button" className="button secondary" onClick={retry}>
          {t('play.list.retry')}
        </button>
      </div>
    );
  const remove = async (item: PlayMyListItem) => {
    setFailed(false);
    try {
      await removeFromMyList(item.id);
      setState({ kind: 'ok', value: state.value.filter((i) => i.id !== item.id) });
    } catch {
      setFailed(true);
    }
  };
  return (
    <>
      {failed && <Notice kind="error">{t('play.list.error')}</Notice>}
      {state.value.length === 0 ? (
        <p data-empty>{t('play.list.empty')}</p>
      ) : (
        <ul className="play-grid" role="list">
          {state.value.map((item) => (
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
