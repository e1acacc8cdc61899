// /podcast/rss.xml: the church's podcast as an RSS 2.0 feed with enclosures.
import type { APIRoute } from 'astro';
import { INTL_LOCALE, pickLanguage, translator } from '../../lib/i18n.ts';
import { PODCAST_CATEGORY, podcastCoverPath } from '../../lib/podcast-feed.ts';
import { rssResponse } from '../../lib/rss.ts';
import { loadPodcastPage } from '../../loaders/content.server.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const { church } = locals;
  if (!church) return new Response(null, { status: 404 });
  // A feed is read by apps without the visitor's language: it speaks the church's.
  const lang = pickLanguage(church.locale);
  const t = translator(lang);
  // The first pages are enough for a feed reader; 50 is the API's page limit.
  const { episodes } = await loadPodcastPage(
    church.church.slug,
    { filter: undefined, search: '', page: 1 },
    50,
  );
  if (!episodes) return new Response(null, { status: 404 });
  const link = (path: string) => new URL(path, url.origin).toString();
  const show = episodes.podcast;
  const author = show.autor ?? church.church.nome;
  return rssResponse({
    podcast: true,
    title: show.titulo,
    link: link('/podcast'),
    self: link('/podcast/rss.xml'),
    description: show.descricao ?? t('podcast.intro'),
    language: INTL_LOCALE[lang],
    // a square PNG of 1400 px drawn from the show's art or the church's logo (server/branding)
    image: link(podcastCoverPath(show.codigo)),
    author,
    itunes: {
      category: PODCAST_CATEGORY,
      explicit: false,
      owner: { name: author, email: church.church.email },
    },
    items: episodes.episodios.map((e) => ({
      title: e.title,
      link: `${link('/podcast')}#episode-${e.position}`,
      description: e.description,
      published: e.published_at,
      author: show.autor,
      category: e.categoria?.nome,
      enclosure: { url: link(e.audio_file), type: 'audio/mpeg', length: e.audio_length ?? 0 },
      episode: e.position,
      durationSeconds: e.duration,
      // feed apps take only PNG or JPEG episode art
      image: e.background && /\.(png|jpe?g)$/i.test(e.background) ? link(e.background) : null,
    })),
  });
};
