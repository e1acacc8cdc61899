// API items → what the list and detail pages show (docs/content.md). Plain functions, so pages stay
// thin and the mapping is tested without a browser.
import type {
  ContentImage,
  DevotionalItem,
  EbdItem,
  MinistryItem,
  NewsItem,
  PodcastEpisode,
  ProjectItem,
  PublicationItem,
  StudyItem,
  VideoItem,
} from '../../contract/content.ts';
import { formatDate, formatDuration } from './content-list.ts';
import type { Lang, Translate } from './i18n.ts';
import type { Publisher } from './seo.ts';

/** One card of a list. */
export interface ListItem {
  /** The detail page; podcast episodes have none (they play in place). */
  href?: string | undefined;
  /** id of the card, so a link can point at it. */
  anchor?: string | undefined;
  title: string;
  summary?: string | null | undefined;
  image?: ContentImage | null | undefined;
  category?: string | null | undefined;
  /** Shown date and its machine form. */
  date?: string | undefined;
  dateTime?: string | undefined;
  /** A short line under the title (author, passage, teacher…). */
  meta?: string | null | undefined;
  /** A label over the image (duration, count…). */
  badge?: string | null | undefined;
  /** Podcast episodes play in place. */
  audio?: string | null | undefined;
}

const dated = (iso: string, lang: Lang) => ({ date: formatDate(iso, lang), dateTime: iso });

export const newsCard = (n: NewsItem, lang: Lang): ListItem => ({
  href: `/news/${n.id}`,
  title: n.titulo,
  summary: n.resumo,
  image: n.imagem,
  category: n.categoria?.nome,
  meta: n.autor,
  ...dated(n.dataPublicacao, lang),
});

export const devotionalCard = (d: DevotionalItem, lang: Lang): ListItem => ({
  href: `/devotionals/${d.id}`,
  title: d.titulo,
  summary: d.resumo,
  image: d.imagem,
  category: d.categoria?.nome,
  meta: d.referencia,
  ...dated(d.dataPublicacao, lang),
});

export const ministryCard = (m: MinistryItem, t: Translate): ListItem => ({
  href: `/ministries/${m.id}`,
  title: m.titulo,
  summary: m.resumo,
  image: m.imagem,
  category: m.categoria?.nome,
  meta: m.lider ? t('ministries.ledBy', { name: m.lider }) : null,
});

export const projectCard = (p: ProjectItem, t: Translate): ListItem => ({
  href: `/ministries/${p.ministerioId}/projects/${p.id}`,
  title: p.titulo,
  summary: p.resumo,
  image: p.imagem,
  meta: p.meta ? t('ministries.goal', { goal: p.meta }) : null,
});

export const ebdCard = (e: EbdItem): ListItem => ({
  href: `/ebds/${e.slug}`,
  title: e.titulo,
  summary: e.resumo,
  image: e.imagem,
  category: e.categoria?.nome,
  meta: [e.publico, e.horario].filter(Boolean).join(' · ') || null,
});

export const publicationCard = (p: PublicationItem, lang: Lang): ListItem => ({
  href: `/publications/${p.slug}`,
  title: p.titulo,
  summary: p.resumo,
  image: p.imagem,
  category: p.tipo?.nome,
  meta: p.autor,
  ...dated(p.dataPublicacao, lang),
});

export const studyCard = (s: StudyItem, lang: Lang): ListItem => ({
  href: `/studies/${s.id}`,
  title: s.titulo,
  summary: s.resumo,
  image: s.imagem,
  category: s.categoria?.nome,
  meta: s.referencia,
  ...dated(s.dataPublicacao, lang),
});

export const videoCard = (v: VideoItem, lang: Lang): ListItem => ({
  href: `/videos/${v.id}`,
  title: v.titulo,
  summary: v.resumo,
  image: v.imagem,
  category: v.categoria?.nome,
  badge: v.duracaoSegundos ? formatDuration(v.duracaoSegundos) : null,
  ...dated(v.dataPublicacao, lang),
});

/** Episodes have no page of their own: each card has an anchor on the podcast page. */
export const episodeCard = (e: PodcastEpisode, lang: Lang, t: Translate): ListItem => ({
  anchor: `episode-${e.position}`,
  title: e.title,
  summary: e.description,
  category: e.categoria?.nome,
  image: e.background ? { url: e.background, largura: 600, altura: 600 } : null,
  meta: [t('podcast.episode', { n: e.position }), e.duration ? formatDuration(e.duration) : '']
    .filter(Boolean)
    .join(' · '),
  audio: e.audio_file,
  ...dated(e.published_at, lang),
});

/** The church as publisher of its content, for JSON-LD. */
export function publisherOf(
  church: { nome: string; imagens: { logo?: string | undefined } },
  origin: string,
): Publisher {
  return {
    name: church.nome,
    url: `${origin}/`,
    logo: church.imagens.logo ? new URL(church.imagens.logo, origin).toString() : undefined,
  };
}

/** YouTube watch and embed addresses of a video (spec §3 "Video list": contentDetails.videoId, source). */
export function youtubeUrls(videoId: string) {
  const id = encodeURIComponent(videoId);
  return {
    watch: `https://www.youtube.com/watch?v=${id}`,
    embed: `https://www.youtube-nocookie.com/embed/${id}`,
  };
}
