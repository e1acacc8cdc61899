// /news/rss.xml: the latest news as RSS 2.0.
import type { APIRoute } from 'astro';
import { INTL_LOCALE, pickLanguage, translator } from '../../lib/i18n.ts';
import { rssResponse } from '../../lib/rss.ts';
import { loadNewsList } from '../../loaders/content.server.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const { church } = locals;
  if (!church) return new Response(null, { status: 404 });
  // A feed is read by apps without the visitor's language: it speaks the church's.
  const lang = pickLanguage(church.locale);
  const t = translator(lang);
  const { list } = await loadNewsList(church.church.slug, {
    filter: undefined,
    search: '',
    page: 1,
  });
  const link = (path: string) => new URL(path, url.origin).toString();
  return rssResponse({
    title: t('news.rss', { church: church.church.nome }),
    link: link('/news'),
    self: link('/news/rss.xml'),
    description: t('news.intro', { church: church.church.nome }),
    language: INTL_LOCALE[lang],
    image: church.church.imagens.logo ? link(church.church.imagens.logo) : null,
    items: list.noticias.map((n) => ({
      title: n.titulo,
      link: link(`/news/${n.id}`),
      description: n.resumo,
      published: n.dataPublicacao,
      author: n.autor,
      category: n.categoria?.nome,
    })),
  });
};
