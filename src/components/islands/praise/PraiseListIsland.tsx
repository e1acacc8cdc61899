// /praise: the team's songbook for logged-in members of the church (docs/praise.md). Search by
// title, author and theme (the API searches; typing waits a moment), each song opening its embed view.
// The search's answers are the store's (src/stores/praise.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { songHref } from '../../../lib/praise/api.ts';
import { pretty } from '../../../lib/praise/transpose.ts';
import { $songList, searchSongs } from '../../../stores/praise.ts';
import SetLists from './SetLists.tsx';
import {
  Loader,
  MemberGate,
  Notice,
  makeT,
  useMember,
  type IslandProps,
  type T,
} from '../ui/index.ts';

type Props = IslandProps & { slug: string };

export default function PraiseListIsland(props: Props) {
  const t = useMemo(() => makeT(props.strings, props.lang), [props.strings, props.lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('praise.list.loading')}>
      <SongList t={t} {...props} />
    </MemberGate>
  );
}

function SongList({ t, slug, church, lang }: Props & { t: T }) {
  const { ready } = useMember(church);
  const [search, setSearch] = useState(
    () => new URLSearchParams(location.search).get('busca') ?? '',
  );
  const loaded = useStore($songList);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(
      () => {
        void searchSongs(slug, search);
        // The search stays in the address, so back from a song returns to the same list.
        const url = new URL(location.href);
        if (search.trim()) url.searchParams.set('busca', search.trim());
        else url.searchParams.delete('busca');
        history.replaceState(history.state, '', url.pathname + url.search);
      },
      search ? 250 : 0,
    );
    return () => clearTimeout(timer);
  }, [ready, slug, search, attempt]);
  const songs = loaded.state === 'error' ? undefined : loaded.data;

  return (
    <>
      <form className="praise-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="praise-search">{t('praise.list.search')}</label>
        <input
          id="praise-search"
          type="search"
          name="busca"
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
      </form>
      {ready && <SetLists slug={slug} t={t} lang={lang} />}
      {loaded.state !== 'error' && !songs && <Loader label={t('praise.list.loading')} />}
      {loaded.state === 'error' && (
        <div>
          <Notice message={{ kind: 'error', text: loaded.message || t('praise.list.failed') }} />
          <button
            type="button"
            className="button secondary"
            onClick={() => setAttempt((n) => n + 1)}
          >
            {t('praise.list.retry')}
          </button>
        </div>
      )}
      {songs && (
        <>
          <p className="praise-count" role="status">
            {t.plural('praise.list.count', songs.length)}
          </p>
          {songs.length === 0 ? (
            <p className="praise-empty">{t('praise.list.empty')}</p>
          ) : (
            <ul className="praise-list" aria-label={t('praise.list.title')}>
              {songs.map((song) => (
                <li key={song.id}>
                  <a href={songHref(song.id)}>
                    <strong>{song.titulo}</strong>
                    {song.subtitulo && (
                      <span className="praise-list-subtitle">{song.subtitulo}</span>
                    )}
                  </a>
                  <span className="praise-list-meta">
                    {song.autor && <span>{t('praise.list.by', { author: song.autor })}</span>}
                    {song.tema && <span>{song.tema}</span>}
                    {song.tom && <span>{t('praise.keyNow', { key: pretty(song.tom) })}</span>}
                    {song.tipoExibicao && (
                      <span className="praise-badge">
                        {t(`praise.list.kind.${song.tipoExibicao}`)}
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
