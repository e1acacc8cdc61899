// /admin/content/{kind}/{id}/preview (docs/staff.md "Content"): the item as a visitor will see it,
// whatever its state, in the public detail page's article markup (src/components/Content/
// ContentArticle.astro, src/styles/content.css). The body is the one the server sanitised.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { StaffContentKind, StaffPreview } from '../../../../../contract/content-staff.ts';
import type { ContentImage, PodcastEpisode, VideoItem } from '../../../../../contract/content.ts';
import { longDate } from '../../../../../common/format.ts';
import { $preview, loadPreview } from '../../../../stores/admin-content.ts';
import { StaffGate, type StaffIslandProps } from '../kit/index.ts';
import { Loader, makeT, Notice, type T } from '../../ui/index.ts';
import { StatusBadge } from './StatusBadge.tsx';
import './content.css';

type Props = StaffIslandProps & { kind: StaffContentKind; id: number };

/** The fields every article-like public detail carries (contract/content.ts). */
interface ArticleLike {
  titulo: string;
  resumo: string | null;
  imagem: ContentImage | null;
  categoria: { nome: string } | null;
  tipo?: { nome: string } | null;
  palavrasChave: string[];
  autor: string | null;
  dataPublicacao: string;
  [field: string]: unknown;
}

const FACTS = ['referencia', 'professor', 'horario', 'local', 'publico'] as const;

function Article({ preview, t, lang }: { preview: StaffPreview; t: T; lang: Props['lang'] }) {
  if (preview.tipo === 'podcast') {
    const episode = preview.item as unknown as PodcastEpisode;
    return (
      <article className="content-article">
        <header className="content-article-head">
          {episode.categoria && <span className="content-category">{episode.categoria.nome}</span>}
          <h1>{episode.title}</h1>
          <dl className="content-facts">
            <div>
              <dt>{t('admin.content.previewDate')}</dt>
              <dd>
                <time dateTime={episode.published_at}>{longDate(episode.published_at, lang)}</time>
              </dd>
            </div>
          </dl>
        </header>
        {episode.background && <img className="content-hero" src={episode.background} alt="" />}
        {episode.description && <p>{episode.description}</p>}
        {episode.audio_file && <audio controls preload="none" src={episode.audio_file} />}
      </article>
    );
  }
  const item = preview.item as ArticleLike;
  const category = item.tipo?.nome ?? item.categoria?.nome;
  const facts = FACTS.flatMap((f) =>
    typeof item[f] === 'string' && item[f]
      ? [{ label: t(`admin.content.detail.${f}`), value: item[f] }]
      : [],
  );
  if (item.autor) facts.push({ label: t('admin.content.author'), value: item.autor });
  const video = preview.tipo === 'video' ? (item as unknown as VideoItem) : null;
  return (
    <article className="content-article">
      <header className="content-article-head">
        {category && <span className="content-category">{category}</span>}
        <h1>{item.titulo}</h1>
        {item.resumo && <p className="content-lead">{item.resumo}</p>}
        <dl className="content-facts">
          <div>
            <dt>{t('admin.content.previewDate')}</dt>
            <dd>
              <time dateTime={item.dataPublicacao}>{longDate(item.dataPublicacao, lang)}</time>
            </dd>
          </div>
          {facts.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      </header>
      {item.imagem && (
        <img
          className="content-hero"
          src={item.imagem.url}
          alt=""
          width={item.imagem.largura}
          height={item.imagem.altura}
        />
      )}
      {video?.contentDetails.videoId && (
        <p>
          <a
            href={`https://www.youtube.com/watch?v=${encodeURIComponent(video.contentDetails.videoId)}`}
          >
            {t('admin.content.previewVideo')}
          </a>
        </p>
      )}
      {preview.corpoSanitizado && (
        // Sanitised by the server (common/rich-text.ts), as the public page prints it.
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: preview.corpoSanitizado }} />
      )}
      {item.palavrasChave.length > 0 && (
        <footer className="content-keywords">
          <h2 className="visually-hidden">{t('admin.content.keywords')}</h2>
          <ul role="list">
            {item.palavrasChave.map((k) => (
              <li key={k}>
                <span>#{k}</span>
              </li>
            ))}
          </ul>
        </footer>
      )}
    </article>
  );
}

function Preview({ slug, kind, id, strings, lang }: Props) {
  const t = makeT(strings, lang);
  const state = useStore($preview);
  useEffect(() => {
    void loadPreview(slug, kind, id);
  }, [slug, kind, id]);
  const edit = `/admin/content/${kind}/${id}`;
  if (state.state === 'loading') return <Loader label={t('admin.shell.loading')} />;
  if (state.state === 'error')
    return (
      <>
        <h1>{t('admin.content.missingTitle')}</h1>
        <Notice kind="error">{state.message}</Notice>
        <p>
          <a href={`/admin/content/${kind}`}>← {t(`admin.content.kind.${kind}`)}</a>
        </p>
      </>
    );
  return (
    <>
      <div className="content-preview-bar" role="note">
        <p>
          {t('admin.content.previewNote')} <StatusBadge status={state.preview.status} t={t} />
        </p>
        <a className="button secondary" href={edit}>
          {t('admin.content.backToEditor')}
        </a>
      </div>
      <Article preview={state.preview} t={t} lang={lang} />
    </>
  );
}

export default function ContentPreviewIsland(props: Props) {
  return (
    <StaffGate {...props} area="content">
      {() => <Preview {...props} />}
    </StaffGate>
  );
}
