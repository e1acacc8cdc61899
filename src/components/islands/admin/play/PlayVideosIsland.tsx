// /admin/play (docs/staff.md "Play"): the church's Play videos with search and filters in the
// address (collection, tag, open or closed), each with the state of its media, and "New video".
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { StaffVideo } from '../../../../../contract/play-staff.ts';
import {
  $collections,
  $tags,
  $videos,
  loadCollections,
  loadTags,
  loadVideos,
} from '../../../../stores/admin-play.ts';
import {
  ClearFilters,
  ListPager,
  SearchForm,
  StaffGate,
  useUrlState,
  type StaffIslandProps,
} from '../kit/index.ts';
import { makeT, Select, type T } from '../../ui/index.ts';
import { PlayTabs } from './PlayTabs.tsx';
import './play.css';

export function MediaBadge({ t, video }: { t: T; video: StaffVideo }) {
  const { estado, tarefa } = video.midia;
  const pct =
    estado === 'processando' && tarefa && tarefa.total
      ? ` ${Math.round((100 * tarefa.done) / tarefa.total)}%`
      : '';
  return (
    <span className={`staff-badge play-media-${estado}`}>
      {t(`admin.play.media.${estado}`)}
      {pct}
    </span>
  );
}

function Videos({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const [params, update] = useUrlState();
  const list = useStore($videos);
  const collections = useStore($collections);
  const tags = useStore($tags);
  const key = params.toString();
  useEffect(() => {
    void loadVideos(slug, params);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug, key]);
  useEffect(() => {
    void loadCollections(slug);
    void loadTags(slug);
  }, [slug]);
  const filtered = ['busca', 'coletanea', 'tag', 'acesso'].some((k) => params.get(k));
  return (
    <>
      <SearchForm
        className="play-filters"
        label={t('admin.play.search')}
        button={t('admin.play.searchButton')}
        maxLength={100}
        value={params.get('busca') ?? ''}
        update={update}
      >
        <Select
          label={t('admin.play.field.coletanea')}
          name="coletanea"
          value={params.get('coletanea') ?? ''}
          onChange={(v) => update({ coletanea: v, page: null })}
          placeholder={t('admin.play.all')}
          options={(collections.data ?? []).map((c) => ({ value: String(c.id), label: c.titulo }))}
        />
        <Select
          label={t('admin.play.field.tags')}
          name="tag"
          value={params.get('tag') ?? ''}
          onChange={(v) => update({ tag: v, page: null })}
          placeholder={t('admin.play.all')}
          options={(tags.data ?? []).map((c) => ({ value: String(c.id), label: c.nome }))}
        />
        <Select
          label={t('admin.play.access')}
          name="acesso"
          value={params.get('acesso') ?? ''}
          onChange={(v) => update({ acesso: v, page: null })}
          placeholder={t('admin.play.all')}
          options={[
            { value: 'aberto', label: t('admin.play.open') },
            { value: 'fechado', label: t('admin.play.closed') },
          ]}
        />
        <ClearFilters
          show={filtered}
          keys={['busca', 'coletanea', 'tag', 'acesso']}
          label={t('admin.play.clear')}
          update={update}
        />
      </SearchForm>
      <ListPager
        list={list}
        data={list.data}
        page={(d) => d}
        count="admin.play.count"
        update={update}
        t={t}
      >
        {(page) =>
          page.videos.length === 0 ? (
            <p>{t(filtered ? 'admin.play.noneFound' : 'admin.play.empty')}</p>
          ) : (
            <table className="staff-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.play.field.titulo')}</th>
                  <th scope="col">{t('admin.play.access')}</th>
                  <th scope="col">{t('admin.play.mediaState')}</th>
                  <th scope="col">{t('admin.play.duration')}</th>
                </tr>
              </thead>
              <tbody>
                {page.videos.map((v) => (
                  <tr key={v.id}>
                    <td>
                      <a href={`/admin/play/${v.id}`}>{v.titulo}</a>
                      {v.destaque && <> · {t('admin.play.field.destaque')}</>}
                      {!v.ativo && <> · {t('admin.play.hidden')}</>}
                    </td>
                    <td data-label={t('admin.play.access')}>
                      {t(v.aberto ? 'admin.play.open' : 'admin.play.closed')}
                    </td>
                    <td data-label={t('admin.play.mediaState')}>
                      <MediaBadge t={t} video={v} />
                    </td>
                    <td data-label={t('admin.play.duration')}>
                      {v.duracaoSegundos
                        ? `${Math.floor(v.duracaoSegundos / 60)}:${String(v.duracaoSegundos % 60).padStart(2, '0')}`
                        : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </ListPager>
    </>
  );
}

export default function PlayVideosIsland(props: StaffIslandProps) {
  const t = makeT(props.strings, props.lang);
  return (
    <StaffGate {...props} area="play">
      {() => (
        <>
          <h1>{t('admin.play.title')}</h1>
          <p>{t('admin.play.intro')}</p>
          <PlayTabs t={t} current="videos" />
          <div className="staff-toolbar">
            <a className="button" href="/admin/play/new">
              {t('admin.play.new')}
            </a>
          </div>
          <Videos {...props} />
        </>
      )}
    </StaffGate>
  );
}
