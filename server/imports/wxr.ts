// The one reader of WordPress exports (WXR) (docs/staff.md "Moving in"), run on the reading thread
// (parse-worker.ts). It walks the file with indexOf, never a regular expression over the whole
// text, so its time grows with the file's size and not its square: an element that never closes
// ends the walk instead of being searched for again from every later opening.
import { sanitizeRichText } from '../../common/rich-text.ts';
import { ImportLimitError, mb, type ImportLimits } from './limits.ts';
import type { LineNote } from './run.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
export const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{1,8});/gi, (all, e: string) => {
    if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? all;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });

interface Element {
  attrs: string;
  inner: string;
}

const SPACE = new Set([' ', '\t', '\n', '\r']);

/** Every `<name …>…</name>` of `xml` in order (the first closing tag closes it). */
function* elements(xml: string, name: string): Generator<Element> {
  const open = `<${name}`;
  const close = `</${name}>`;
  let at = 0;
  for (;;) {
    const i = xml.indexOf(open, at);
    if (i < 0) return;
    const after = i + open.length;
    const next = xml[after];
    let tagEnd = after;
    if (next !== '>') {
      if (next === undefined || !SPACE.has(next)) {
        at = after; // `<namesake…`: another element
        continue;
      }
      tagEnd = xml.indexOf('>', after);
      if (tagEnd < 0) return; // no opening tag ends: none further can either
    }
    const closing = xml.indexOf(close, tagEnd + 1);
    if (closing < 0) return; // never closed: none further can be either
    yield { attrs: xml.slice(after, tagEnd), inner: xml.slice(tagEnd + 1, closing) };
    at = closing + close.length;
  }
}

/** An element's text: CDATA unwrapped, entities decoded. */
function textOf(inner: string): string {
  const trimmed = inner.trim();
  if (trimmed.startsWith('<![CDATA[') && trimmed.endsWith(']]>') && trimmed.length >= 12)
    return trimmed.slice(9, -3);
  return decodeEntities(trimmed);
}

/** The first `<name>`'s text, or '' when absent. */
function tag(xml: string, name: string): string {
  for (const e of elements(xml, name)) return textOf(e.inner);
  return '';
}

const allTags = (xml: string, name: string) =>
  Array.from(elements(xml, name), (e) => ({ attrs: e.attrs, text: textOf(e.inner) }));

export interface WxrPost {
  line: number;
  id: string;
  title: string;
  link: string;
  /** The post's HTML with paragraphs made explicit, not yet sanitised (images are replaced first). */
  html: string;
  /** Its images: the `src` as written and as read (entities decoded), each once. */
  images: { raw: string; src: string }[];
  /** The excerpt as plain text, at most 300 characters (null when empty). */
  summary: string | null;
  author: string;
  date: Date;
  slug: string;
  status: string;
  categories: string[];
  tags: string[];
  thumbnailId: string | null;
  /** Set when the post is refused before it is read further (too large). */
  refused?: LineNote;
}

export interface WxrMeta {
  /** Attachment id → its URL (the only images an import fetches). */
  attachments: [string, string][];
  categories: string[];
}

/** The `<img src>` values of an HTML text, in order, each once. */
export function imageSources(html: string, max: number): { raw: string; src: string }[] {
  const seen = new Map<string, { raw: string; src: string }>();
  const opener = /<img\b/gi;
  for (let m = opener.exec(html); m && seen.size < max; m = opener.exec(html)) {
    const end = html.indexOf('>', m.index);
    if (end < 0) break;
    const src = /\bsrc=["']([^"']+)["']/i.exec(html.slice(m.index, end + 1));
    if (src && !seen.has(src[1]!))
      seen.set(src[1]!, { raw: src[1]!, src: decodeEntities(src[1]!) });
    opener.lastIndex = end + 1;
  }
  return [...seen.values()];
}

/** WordPress keeps paragraphs as blank lines in the editor's text. */
function paragraphs(raw: string): string {
  const html = raw.replace(/\r\n?/g, '\n');
  if (/<p[\s>]/i.test(html)) return html;
  return html
    .split(/\n{2,}/)
    .map((para) => `<p>${para.replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * The export read once: first the attachments and categories, then each post. Refused as a whole
 * over the item cap; a post over the size cap comes with `refused` set.
 */
export function* readWxr(
  text: string,
  limits: Pick<ImportLimits, 'posts' | 'postBytes' | 'postImages'>,
): Generator<WxrMeta | WxrPost> {
  const authors = new Map<string, string>();
  for (const a of allTags(text, 'wp:author')) {
    const login = tag(a.text, 'wp:author_login');
    const name = tag(a.text, 'wp:author_display_name');
    if (login) authors.set(login, name || login);
  }
  const categories = new Set(
    allTags(text, 'wp:category')
      .map((c) => tag(c.text, 'wp:cat_name'))
      .filter(Boolean),
  );
  const items: string[] = [];
  for (const item of elements(text, 'item')) {
    if (items.length >= limits.posts)
      throw new ImportLimitError('staff.import.limit.posts', { n: limits.posts });
    items.push(item.inner);
  }
  const attachments: [string, string][] = [];
  const posts: string[] = [];
  for (const item of items) {
    const type = tag(item, 'wp:post_type');
    if (type === 'attachment') {
      const url = tag(item, 'wp:attachment_url');
      if (url) attachments.push([tag(item, 'wp:post_id'), url]);
    } else if (type === 'post') {
      posts.push(item);
      for (const c of allTags(item, 'category'))
        if (/domain="category"/.test(c.attrs)) categories.add(c.text.trim());
    }
  }
  yield { attachments, categories: [...categories].sort((a, b) => a.localeCompare(b)) };
  let line = 0;
  for (const item of posts) {
    line++;
    const id = tag(item, 'wp:post_id');
    const title = tag(item, 'title').trim();
    const cats = allTags(item, 'category');
    const thumb = allTags(item, 'wp:postmeta').find(
      (p) => tag(p.text, 'wp:meta_key') === '_thumbnail_id',
    );
    const gmt = tag(item, 'wp:post_date_gmt');
    const local = tag(item, 'wp:post_date');
    const when =
      gmt && !gmt.startsWith('0000') ? `${gmt.replace(' ', 'T')}Z` : local.replace(' ', 'T');
    const date = new Date(when);
    const creator = tag(item, 'dc:creator');
    const content = tag(item, 'content:encoded');
    const excerpt = tag(item, 'excerpt:encoded');
    const large = content.length + excerpt.length > limits.postBytes;
    const html = large ? '' : paragraphs(content);
    yield {
      line,
      id,
      title,
      link: tag(item, 'link').trim(),
      html,
      images: large ? [] : imageSources(html, limits.postImages),
      summary: large
        ? null
        : sanitizeRichText(excerpt)
            .replace(/<[^>]+>/g, '')
            .trim()
            .slice(0, 300) || null,
      author: authors.get(creator) ?? creator,
      date: Number.isNaN(date.getTime()) ? new Date() : date,
      slug: tag(item, 'wp:post_name'),
      status: tag(item, 'wp:status'),
      categories: cats.filter((c) => /domain="category"/.test(c.attrs)).map((c) => c.text.trim()),
      tags: cats.filter((c) => /domain="post_tag"/.test(c.attrs)).map((c) => c.text.trim()),
      thumbnailId: thumb ? tag(thumb.text, 'wp:meta_value') : null,
      ...(large && {
        refused: {
          linha: line,
          chave: 'staff.import.row.postTooLarge',
          valores: { valor: title || id, mb: mb(limits.postBytes) },
        },
      }),
    };
  }
}

/** A post's HTML with its images' new addresses, through the editor's sanitiser. */
export function finishPostHtml(html: string, replace: [string, string][]): string {
  let out = html;
  for (const [raw, saved] of replace) out = out.split(raw).join(saved);
  return sanitizeRichText(out);
}
