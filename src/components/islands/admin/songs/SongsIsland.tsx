// /admin/songs (docs/staff.md "Songs"): the church's songs with a search that lives in the
// address, a new song, a ChordPro song pasted in (imported by the API's one parser), and the
// services' set lists the team sees in /praise.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { pretty } from '../../../../lib/praise/transpose.ts';
import { $songs, importSong, loadSongs } from '../../../../stores/admin-songs.ts';
import { StaffGate, useUrlState, type StaffIslandProps } from '../kit/index.ts';
import { Loader, makeT, Notice, SubmitButton, TextArea, type Message } from '../../ui/index.ts';
import SetListsSection from './SetListsSection.tsx';
import './songs.css';

function ImportForm({ slug, t }: { slug: string; t: ReturnType<typeof makeT> }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const outcome = await importSong(slug, text);
    setBusy(false);
    if (!outcome.ok) {
      const field = outcome.failure.errors?.chordpro?.[0];
      setMessage({ kind: 'error', text: field ?? outcome.failure.message });
      return;
    }
    location.assign(`/admin/songs/${outcome.value.id}`);
  }
  return (
    <details className="songs-import card">
      <summary>{t('admin.songs.import')}</summary>
      <form noValidate onSubmit={submit}>
        <p>{t('admin.songs.importHint')}</p>
        <Notice message={message} />
        <TextArea
          label={t('admin.songs.importField')}
          name="chordpro"
          value={text}
          onChange={setText}
          rows={10}
          required
        />
        <SubmitButton
          submitting={busy}
          label={t('admin.songs.importSubmit')}
          busyLabel={t('admin.songs.saving')}
        />
      </form>
    </details>
  );
}

function SongList({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const songs = useStore($songs);
  const [params, update] = useUrlState();
  const [search, setSearch] = useState(params.get('busca') ?? '');
  useEffect(() => {
    const timer = setTimeout(() => {
      void loadSongs(slug, search.trim());
      update({ busca: search.trim() || null });
    }, 250);
    return () => clearTimeout(timer);
  }, [slug, search]);

  return (
    <section aria-labelledby="songs-list">
      <h2 id="songs-list">{t('admin.songs.list')}</h2>
      <div className="staff-toolbar">
        <form role="search" onSubmit={(e) => e.preventDefault()} className="ui-field">
          <label htmlFor="songs-search">{t('admin.songs.search')}</label>
          <input
            id="songs-search"
            type="search"
            value={search}
            maxLength={100}
            onChange={(e) => setSearch(e.target.value)}
          />
        </form>
        <a className="button" href="/admin/songs/new">
          {t('admin.songs.new')}
        </a>
      </div>
      <ImportForm slug={slug} t={t} />
      {songs.state === 'loading' ? (
        <Loader label={t('admin.shell.loading')} />
      ) : songs.state === 'error' ? (
        <Notice kind="error">{songs.message}</Notice>
      ) : songs.items.length === 0 ? (
        <p>{search ? t('admin.songs.noneFound') : t('admin.songs.empty')}</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.songs.titleField')}</th>
              <th scope="col">{t('admin.songs.author')}</th>
              <th scope="col">{t('admin.songs.key')}</th>
              <th scope="col">{t('admin.songs.show')}</th>
            </tr>
          </thead>
          <tbody>
            {songs.items.map((song) => (
              <tr key={song.id}>
                <td>
                  <a href={`/admin/songs/${song.id}`}>{song.titulo}</a>
                </td>
                <td>{song.autor ?? '—'}</td>
                <td>{song.tom ? pretty(song.tom) : '—'}</td>
                <td>
                  <span className="staff-badge">
                    {t(`admin.songs.show.${song.tipoExibicao ?? 'none'}`)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default function SongsIsland(props: StaffIslandProps) {
  const t = makeT(props.strings, props.lang);
  return (
    <StaffGate {...props} area="songs">
      {() => (
        <>
          <h1>{t('admin.songs.title')}</h1>
          <p>{t('admin.songs.intro')}</p>
          <SongList {...props} />
          <SetListsSection {...props} />
        </>
      )}
    </StaffGate>
  );
}
