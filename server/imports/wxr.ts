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
  /** `page`: WordPress pages, which the site has nothing to bring into (named in the dry run). */
  type: 'post' | 'page';
  /** Private or password-protected on the old site: never published here. */
  hidden: boolean;
  /** What the reading changed that the admin should know (shortcodes removed). */
  notes: LineNote[];
  /** Set when the post is refused before it is read further (too large). */
  refused?: LineNote;
}

export interface WxrMeta {
  /** Attachment id → its URL (the only images an import fetches). */
  attachments: [string, string][];
  /** The old site's addresses (`wp:base_site_url`, `wp:base_blog_url`): its images are fetched too. */
  sites: string[];
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
  /** A post's own attachments in order (a [gallery] without ids shows them). */
  const byParent = new Map<string, string[]>();
  const posts: string[] = [];
  for (const item of items) {
    const type = tag(item, 'wp:post_type');
    if (type === 'attachment') {
      const url = tag(item, 'wp:attachment_url');
      if (!url) continue;
      attachments.push([tag(item, 'wp:post_id'), url]);
      const parent = tag(item, 'wp:post_parent');
      if (parent && parent !== '0') byParent.set(parent, [...(byParent.get(parent) ?? []), url]);
    } else if (type === 'post' || type === 'page') {
      posts.push(item);
      for (const c of allTags(item, 'category'))
        if (/domain="category"/.test(c.attrs)) categories.add(c.text.trim());
    }
  }
  const sites = ['wp:base_site_url', 'wp:base_blog_url']
    .map((name) =>
      tag(text.slice(0, text.indexOf('<item') >= 0 ? text.indexOf('<item') : text.length), name),
    )
    .filter(Boolean);
  yield {
    attachments,
    sites,
    categories: [...categories].sort((a, b) => a.localeCompare(b)),
  };
  const attachmentOf = new Map(attachments);
  let line = 0;
  for (const item of posts) {
    line++;
    const id = tag(item, 'wp:post_id');
    // a title is text: WordPress lets HTML in (`<em>`), shown here as its words
    const title = plainText(tag(item, 'title'));
    const notes: LineNote[] = [];
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
    const html = large
      ? ''
      : paragraphs(
          expandShortcodes(content, {
            attachments: attachmentOf,
            own: byParent.get(id) ?? [],
            removed: (name) =>
              notes.push({
                linha: line,
                chave: 'staff.import.row.shortcode',
                valores: { valor: title || id, nome: name },
              }),
          }),
        );
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
      type: tag(item, 'wp:post_type') === 'page' ? 'page' : 'post',
      hidden: tag(item, 'wp:status') === 'private' || tag(item, 'wp:post_password') !== '',
      notes,
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

/** Text of a bit of HTML: tags dropped, entities read, spaces joined. */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<[^>]{0,2000}>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `name="value"`, `name='value'` and `name=value` pairs of a shortcode. */
function shortcodeAttrs(attrs: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pair = /([a-z0-9_-]{1,40})\s*=\s*(?:"([^"]{0,2000})"|'([^']{0,2000})'|([^\s"']{1,2000}))/gi;
  for (let m = pair.exec(attrs); m; m = pair.exec(attrs))
    out[m[1]!.toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

const link = (url: string) =>
  /^https?:\/\//i.test(url) ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : '';

/** WordPress's own shortcodes, and what each becomes in a post here. */
const KNOWN = new Set(['caption', 'wp_caption', 'gallery', 'embed', 'video', 'audio', 'playlist']);

const MEDIA_SOURCES = [
  'src',
  'mp4',
  'm4v',
  'webm',
  'ogv',
  'wmv',
  'flv',
  'mp3',
  'ogg',
  'm4a',
  'wav',
];

/**
 * A post's shortcodes as HTML: `[caption]` a figure with its caption, `[gallery]` a figure of its
 * images (the listed attachments, else the post's own), `[embed]`, `[video]`, `[audio]` and a
 * bare address on its own line (YouTube, Vimeo…) a link, since the site embeds no players from
 * elsewhere. Any other shortcode is removed (its text kept) and named through `removed`. A
 * bracket in plain text (`[sic]`, `[Refrão]`) is left alone: only a name with attributes, a
 * closing tag or a `_`/`-` in it is a shortcode. Linear: one pass of bounded patterns.
 */
export function expandShortcodes(
  content: string,
  ctx: { attachments: Map<string, string>; own: string[]; removed(name: string): void },
): string {
  const token = /\[(\/?)([a-z][a-z0-9_-]{0,40})((?:\s[^\][]{0,2000})?)\](?!\()/gi;
  const tokens: { at: number; end: number; close: boolean; name: string; attrs: string }[] = [];
  for (let m = token.exec(content); m; m = token.exec(content))
    tokens.push({
      at: m.index,
      end: m.index + m[0].length,
      close: m[1] === '/',
      name: m[2]!.toLowerCase(),
      attrs: m[3] ?? '',
    });
  if (!tokens.length) return bareLinks(content);
  // for each opening, the index of the next closing of the same name (one backward pass)
  const nextClose = new Array<number>(tokens.length).fill(-1);
  const seen = new Map<string, number>();
  for (let i = tokens.length - 1; i >= 0; i--) {
    const tk = tokens[i]!;
    if (tk.close) seen.set(tk.name, i);
    else nextClose[i] = seen.get(tk.name) ?? -1;
  }
  const matched = new Set(nextClose.filter((j) => j >= 0));
  const isShortcode = (i: number) => {
    const tk = tokens[i]!;
    if (KNOWN.has(tk.name)) return true;
    if (tk.close) return matched.has(i);
    return /=/.test(tk.attrs) || nextClose[i]! >= 0 || /[_-]/.test(tk.name);
  };
  const told = new Set<string>();
  let out = '';
  let from = 0;
  for (let i = 0; i < tokens.length; i++) {
    const tk = tokens[i]!;
    if (tk.at < from || !isShortcode(i)) continue;
    out += bareLinks(content.slice(from, tk.at));
    from = tk.end;
    if (tk.close) continue; // a stray closing tag
    const closing = nextClose[i]!;
    const inner = closing >= 0 ? content.slice(tk.end, tokens[closing]!.at) : '';
    const attrs = shortcodeAttrs(tk.attrs);
    const enclosing = (html: string) => {
      out += html;
      if (closing >= 0) from = tokens[closing]!.end;
    };
    if (tk.name === 'caption' || tk.name === 'wp_caption') {
      const body = closing >= 0 ? inner : '';
      // the image (or its link) first, the rest is the caption
      const cut = /<\/a>/i.test(body) ? body.search(/<\/a>/i) + 4 : body.indexOf('>') + 1;
      const media = cut > 0 ? body.slice(0, cut) : '';
      const caption = (attrs.caption ?? plainText(body.slice(Math.max(cut, 0)))).trim();
      enclosing(
        `<figure>${media}${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ''}</figure>`,
      );
    } else if (tk.name === 'gallery') {
      const ids = (attrs.ids ?? attrs.include ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      const urls = ids.length
        ? ids.flatMap((id) => (ctx.attachments.has(id) ? [ctx.attachments.get(id)!] : []))
        : ctx.own;
      enclosing(
        urls.length
          ? `<figure>${urls.map((u) => `<img src="${escapeHtml(u)}" alt="">`).join('')}</figure>`
          : '',
      );
    } else if (tk.name === 'embed') {
      enclosing(link(plainText(inner) || attrs.src || ''));
    } else if (tk.name === 'video' || tk.name === 'audio' || tk.name === 'playlist') {
      const src = MEDIA_SOURCES.map((k) => attrs[k]).find(Boolean);
      enclosing(src ? link(src) : '');
      if (!src && tk.name === 'playlist' && !told.has(tk.name)) {
        told.add(tk.name);
        ctx.removed(tk.name);
      }
    } else {
      // unknown: the tags go, what they enclose stays
      if (!told.has(tk.name)) {
        told.add(tk.name);
        ctx.removed(tk.name);
      }
    }
  }
  return out + bareLinks(content.slice(from));
}

/** An address alone on its line (WordPress embeds YouTube and the like from it) becomes a link. */
function bareLinks(text: string): string {
  return text.replace(/^[ \t]*(https?:\/\/[^\s<>"]{1,2000})[ \t]*$/gim, (_, url: string) =>
    link(url),
  );
}
