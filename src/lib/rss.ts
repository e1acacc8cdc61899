// RSS 2.0 feeds for news, devotionals and the podcast, built by hand: the
// format is small and a dependency would add nothing but weight.

export interface FeedItem {
  title: string;
  link: string;
  description?: string | null | undefined;
  /** ISO 8601. */
  published: string;
  author?: string | null | undefined;
  category?: string | null | undefined;
  /** Podcast audio. */
  enclosure?: { url: string; type: string; length?: number | undefined } | undefined;
  /** Podcast episode: number and length in seconds (itunes tags). */
  episode?: number | undefined;
  durationSeconds?: number | null | undefined;
  image?: string | null | undefined;
}

export interface Feed {
  title: string;
  /** The page the feed belongs to. */
  link: string;
  /** The feed's own URL. */
  self: string;
  description: string;
  /** e.g. pt-BR */
  language: string;
  image?: string | null | undefined;
  author?: string | null | undefined;
  items: FeedItem[];
  podcast?: boolean;
  /** Podcast channel tags feed apps require (Apple's podcast rules). */
  itunes?: PodcastChannel | undefined;
}

export interface PodcastChannel {
  /** Apple's category names, e.g. `['Religion & Spirituality', 'Christianity']` (category, subcategory). */
  category: readonly [string, string?];
  explicit: boolean;
  owner: { name: string; email: string | null };
}

/** XML text and attribute escaping. */
export function xmlEscape(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // characters XML 1.0 cannot carry at all
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
  );
}

const tag = (name: string, value: string | number | null | undefined) =>
  value === null || value === undefined || value === ''
    ? ''
    : `<${name}>${xmlEscape(String(value))}</${name}>`;

function itunesChannel(channel: PodcastChannel): string {
  const [category, sub] = channel.category;
  const inner = sub ? `<itunes:category text="${xmlEscape(sub)}"/>` : '';
  return [
    `<itunes:category text="${xmlEscape(category)}">${inner}</itunes:category>`,
    tag('itunes:explicit', channel.explicit ? 'true' : 'false'),
    `<itunes:owner>${tag('itunes:name', channel.owner.name)}${tag('itunes:email', channel.owner.email)}</itunes:owner>`,
  ].join('\n');
}

export function rssXml(feed: Feed): string {
  const items = feed.items
    .map((item) =>
      [
        '<item>',
        tag('title', item.title),
        tag('link', item.link),
        `<guid isPermaLink="true">${xmlEscape(item.link)}</guid>`,
        tag('pubDate', new Date(item.published).toUTCString()),
        tag('description', item.description),
        tag('category', item.category),
        feed.podcast ? tag('itunes:author', item.author) : tag('dc:creator', item.author),
        // length 0 when unknown: what the RSS Advisory Board advises (docs/content.md "Podcast feed")
        item.enclosure
          ? `<enclosure url="${xmlEscape(item.enclosure.url)}" type="${xmlEscape(item.enclosure.type)}" length="${item.enclosure.length ?? 0}"/>`
          : '',
        feed.podcast ? tag('itunes:episode', item.episode) : '',
        feed.podcast ? tag('itunes:duration', item.durationSeconds ?? undefined) : '',
        feed.podcast && item.image ? `<itunes:image href="${xmlEscape(item.image)}"/>` : '',
        '</item>',
      ].join(''),
    )
    .join('\n');
  const ns = feed.podcast
    ? 'xmlns:atom="http://www.w3.org/2005/Atom" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"'
    : 'xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" ${ns}>`,
    '<channel>',
    tag('title', feed.title),
    tag('link', feed.link),
    `<atom:link href="${xmlEscape(feed.self)}" rel="self" type="application/rss+xml"/>`,
    tag('description', feed.description),
    tag('language', feed.language),
    feed.image
      ? `<image><url>${xmlEscape(feed.image)}</url>${tag('title', feed.title)}${tag('link', feed.link)}</image>`
      : '',
    feed.podcast && feed.image ? `<itunes:image href="${xmlEscape(feed.image)}"/>` : '',
    feed.podcast ? tag('itunes:author', feed.author) : '',
    feed.podcast && feed.itunes ? itunesChannel(feed.itunes) : '',
    items,
    '</channel>',
    '</rss>',
  ].join('\n');
}

/** The response of a feed endpoint. */
export function rssResponse(feed: Feed): Response {
  return new Response(rssXml(feed), {
    headers: {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=300, s-maxage=300, stale-while-revalidate=3600',
    },
  });
}
