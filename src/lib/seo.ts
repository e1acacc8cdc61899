// Structured data for shareable pages: JSON-LD objects and the safe way to
// print them inside a <script> element.

// A frozen object's text is kept: it cannot change (churchOrganizationLd gives one per church).
const frozenTexts = new WeakMap<object, string>();

/** JSON for `<script type="application/ld+json">`: nothing in it can close the element. */
export function jsonLdText(data: unknown): string {
  if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return ldText(data);
  let text = frozenTexts.get(data);
  if (text === undefined) frozenTexts.set(data, (text = ldText(data)));
  return text;
}

function ldText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** An absolute URL on the current host for a path or an already absolute URL. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  // A plain path (`/news/12`, `/content/a.svg`) is what URL would make of it: a list asks for a
  // dozen per render, and URL's parse was ~1 % of one. Anything else (a query, `..`, `//`, another
  // host, characters to escape) goes through URL.
  if (PLAIN_PATH.test(pathOrUrl) && !DOT_SEGMENT.test(pathOrUrl)) return origin + pathOrUrl;
  return new URL(pathOrUrl, origin).toString();
}

const PLAIN_PATH = /^\/(?!\/)[\w.~/-]*$/;
const DOT_SEGMENT = /\/\.{1,2}(\/|$)|\/\//;

/** Plain text from a bit of HTML, for descriptions (meta, RSS, JSON-LD). */
export function plainText(html: string | null | undefined, max = 300): string {
  if (!html) return '';
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export interface Publisher {
  name: string;
  url: string;
  logo?: string | undefined;
}

function organization(p: Publisher) {
  return {
    '@type': 'Organization',
    name: p.name,
    url: p.url,
    ...(p.logo ? { logo: { '@type': 'ImageObject', url: p.logo } } : {}),
  };
}

export function articleLd(a: {
  url: string;
  headline: string;
  description?: string | undefined;
  image?: string | undefined;
  datePublished: string;
  author?: string | null | undefined;
  publisher: Publisher;
  language: string;
}) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    mainEntityOfPage: a.url,
    url: a.url,
    headline: a.headline.slice(0, 110),
    ...(a.description ? { description: a.description } : {}),
    ...(a.image ? { image: [a.image] } : {}),
    datePublished: a.datePublished,
    inLanguage: a.language,
    author: a.author ? { '@type': 'Person', name: a.author } : organization(a.publisher),
    publisher: organization(a.publisher),
  };
}

export function videoLd(v: {
  url: string;
  name: string;
  description: string;
  thumbnailUrl: string;
  uploadDate: string;
  duration?: string | undefined;
  embedUrl: string;
  publisher: Publisher;
}) {
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    url: v.url,
    name: v.name,
    description: v.description || v.name,
    thumbnailUrl: [v.thumbnailUrl],
    uploadDate: v.uploadDate,
    ...(v.duration ? { duration: v.duration } : {}),
    embedUrl: v.embedUrl,
    publisher: organization(v.publisher),
  };
}

export function podcastEpisodeLd(e: {
  url: string;
  name: string;
  description?: string | null | undefined;
  datePublished: string;
  episodeNumber: number;
  audioUrl: string;
  duration?: string | undefined;
  seriesName: string;
  seriesUrl: string;
}) {
  return {
    '@type': 'PodcastEpisode',
    url: e.url,
    name: e.name,
    ...(e.description ? { description: e.description } : {}),
    datePublished: e.datePublished,
    episodeNumber: e.episodeNumber,
    associatedMedia: {
      '@type': 'MediaObject',
      contentUrl: e.audioUrl,
      encodingFormat: 'audio/mpeg',
    },
    ...(e.duration ? { timeRequired: e.duration } : {}),
    partOfSeries: { '@type': 'PodcastSeries', name: e.seriesName, url: e.seriesUrl },
  };
}

/** A list page: its items in order. */
export function itemListLd(name: string, url: string, items: { url: string; name: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    url,
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: item.url,
      name: item.name,
    })),
  };
}

/** An event page (schema.org Event): when, where, and its tickets as offers. */
export function eventLd(e: {
  url: string;
  name: string;
  description?: string | undefined;
  image?: string | undefined;
  startDate: string;
  endDate: string;
  place?: string | null | undefined;
  address?: string | null | undefined;
  online: boolean;
  currency: string;
  prices: number[];
  organizer: Publisher;
}) {
  const location =
    e.place || e.address
      ? {
          '@type': 'Place',
          name: e.place ?? e.address,
          ...(e.address ? { address: e.address } : {}),
        }
      : { '@type': 'VirtualLocation', url: e.url };
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: e.name,
    url: e.url,
    ...(e.description ? { description: e.description } : {}),
    ...(e.image ? { image: [e.image] } : {}),
    startDate: e.startDate,
    endDate: e.endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode:
      e.online && !e.place
        ? 'https://schema.org/OnlineEventAttendanceMode'
        : 'https://schema.org/OfflineEventAttendanceMode',
    location,
    organizer: organization(e.organizer),
    offers: e.prices.map((price) => ({
      '@type': 'Offer',
      price: price.toFixed(2),
      priceCurrency: e.currency,
      url: e.url,
    })),
  };
}
