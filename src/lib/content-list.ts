// Query strings, links and paging of the content lists (docs/content.md). Lists work without
// JavaScript: the filter is a plain GET form and every page is a link, so state lives in the URL.
import { MAX_ID } from '../../contract/common.ts';
import { memoByText } from '../../common/memo.ts';
import { formatDate as formatDateIn } from '../../common/format.ts';
import type { Lang } from './i18n.ts';

/** What a visitor asked a list for. `filter` is `?categoria=` (or `?tipo=` for publications). */
export interface ListParams {
  filter: number | undefined;
  search: string;
  page: number;
}

const MAX_PAGE = 10_000;

/** Reads a list's query leniently: a hand-typed `?page=abc` shows page 1 rather than an error. */
export function readListParams(url: URL, filterName = 'categoria'): ListParams {
  const q = url.searchParams;
  const filter = Number(q.get(filterName));
  const page = Number(q.get('page'));
  return {
    // Out-of-range ids and control characters are dropped here: the API would refuse them (400).
    filter: Number.isInteger(filter) && filter > 0 && filter <= MAX_ID ? filter : undefined,
    search: (q.get('busca') ?? '')
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .trim()
      .slice(0, 100),
    page: Number.isInteger(page) && page > 0 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The API query for a list, without empty values. */
export function apiQuery(params: ListParams, filterName = 'categoria', limit?: number): string {
  const q = new URLSearchParams();
  if (params.filter !== undefined) q.set(filterName, String(params.filter));
  if (params.search) q.set('busca', params.search);
  if (params.page > 1) q.set('page', String(params.page));
  if (limit !== undefined) q.set('limit', String(limit));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** A link to the list with the current filter and search, at another page. */
export function listHref(
  path: string,
  params: ListParams,
  page: number,
  filterName = 'categoria',
): string {
  const q = new URLSearchParams();
  if (params.filter !== undefined) q.set(filterName, String(params.filter));
  if (params.search) q.set('busca', params.search);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

// The page numbers are shared with the islands' pager, which must not bundle this module's imports.
export { pageWindow, type PageLink } from './page-window.ts';

export function totalPages(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/**
 * A publication date in the visitor's language (spec §1: dates follow the browser language), as
 * format.ts writes it; each date and language is formatted once, since a list renders the same
 * dozen on every visit (docs/performance.md "Renders without the cache, a fifth time").
 */
export const formatDate = (iso: string, lang: Lang): string => publicationDates(`${lang}\n${iso}`);

const publicationDates = memoByText((key) => {
  const [lang, iso] = key!.split('\n') as [Lang, string];
  return formatDateIn(iso, lang);
}, 4096);

/** 1:05:09 or 48:03. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** ISO 8601 duration (PT48M3S) for JSON-LD. */
export function isoDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
}

/**
 * A passage (devotional or study `referencia`) opened in the Bible: /bible reads the typed
 * reference in any of our languages and goes to the chapter with the verses highlighted.
 * @example bibleHref('João 3:16') // '/bible?ref=Jo%C3%A3o%203%3A16'
 */
export function bibleHref(reference: string): string {
  return `/bible?ref=${encodeURIComponent(reference.trim())}`;
}
