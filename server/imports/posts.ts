// Posts from a WordPress export (WXR) (docs/staff.md "Moving in"): each post becomes a news item
// (or a devotional, by the category mapping) with its date, author's name, category, tags and
// state (published stays published, a draft stays a draft); its HTML goes through the editor's
// sanitiser. Images are brought only from the file's own attachments; any other image, or one
// that cannot be fetched, is listed. The post's old address leads to its new page. A post's
// WordPress id is its key: a second import adds nothing.
import { isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import { and, eq, inArray } from 'drizzle-orm';
import { sanitizeRichText } from '../content/rich-text.ts';
import * as t from '../db/schema/index.ts';
import { fold } from './formats.ts';
import { recordItems, refuse, remark, writeBatch, type ImportRun } from './run.ts';
import { decodeText } from './tables.ts';

const POSTS_PER_BATCH = 50;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(
          e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)),
        )
      : (ENTITIES[e.toLowerCase()] ?? all),
  );

/** An element's text (CDATA unwrapped, entities decoded), or '' when absent. */
function tag(xml: string, name: string): string {
  const m = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  if (!m) return '';
  const inner = m[1]!.trim();
  const cdata = /^<!\[CDATA\[([\s\S]*?)\]\]>$/.exec(inner);
  return cdata ? cdata[1]! : decode(inner);
}

function allTags(xml: string, name: string): { attrs: string; text: string }[] {
  const out: { attrs: string; text: string }[] = [];
  for (const m of xml.matchAll(new RegExp(`<${name}(\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'g'))) {
    const inner = m[2]!.trim();
    const cdata = /^<!\[CDATA\[([\s\S]*?)\]\]>$/.exec(inner);
    out.push({ attrs: m[1] ?? '', text: cdata ? cdata[1]! : decode(inner) });
  }
  return out;
}

export interface WxrPost {
  line: number;
  id: string;
  title: string;
  link: string;
  html: string;
  excerpt: string;
  author: string;
  date: Date;
  slug: string;
  status: string;
  categories: string[];
  tags: string[];
  thumbnailId: string | null;
}

export interface Wxr {
  posts: WxrPost[];
  /** Attachment id → its URL (the only images an import fetches). */
  attachments: Map<string, string>;
  authors: Map<string, string>;
  categories: string[];
}

export function readWxr(text: string): Wxr {
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
  const attachments = new Map<string, string>();
  const posts: WxrPost[] = [];
  let line = 0;
  for (const m of text.matchAll(/<item>([\s\S]*?)<\/item>/g)) {
    const item = m[1]!;
    const type = tag(item, 'wp:post_type');
    const id = tag(item, 'wp:post_id');
    if (type === 'attachment') {
      const url = tag(item, 'wp:attachment_url');
      if (url) attachments.set(id, url);
      continue;
    }
    if (type !== 'post') continue;
    line++;
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
    posts.push({
      line,
      id,
      title: tag(item, 'title').trim(),
      link: tag(item, 'link').trim(),
      html: tag(item, 'content:encoded'),
      excerpt: tag(item, 'excerpt:encoded'),
      author: authors.get(creator) ?? creator,
      date: Number.isNaN(date.getTime()) ? new Date() : date,
      slug: tag(item, 'wp:post_name'),
      status: tag(item, 'wp:status'),
      categories: cats.filter((c) => /domain="category"/.test(c.attrs)).map((c) => c.text.trim()),
      tags: cats.filter((c) => /domain="post_tag"/.test(c.attrs)).map((c) => c.text.trim()),
      thumbnailId: thumb ? tag(thumb.text, 'wp:meta_value') : null,
    });
    for (const c of posts.at(-1)!.categories) categories.add(c);
  }
  return {
    posts,
    attachments,
    authors,
    categories: [...categories].sort((a, b) => a.localeCompare(b)),
  };
}

/** The categories of the file (the mapping screen's choices). */
export function wxrCategories(bytes: Buffer): string[] {
  return readWxr(decodeText(bytes)).categories;
}

const slugOf = (s: string) => fold(s).replace(/ /g, '-').slice(0, 80) || 'categoria';

/** `/2019/05/culto-de-natal` from a post's old address (lower case, no trailing slash). */
export function oldPath(link: string): string | null {
  try {
    const url = new URL(link);
    const p = decodeURI(url.pathname).replace(/\/+$/, '').toLowerCase();
    return (p || '/') + (url.search && url.search !== '?' ? url.search.toLowerCase() : '');
  } catch {
    return null;
  }
}

/** A WordPress resized copy (`foto-300x200.jpg`) names the same attachment as `foto.jpg`. */
const baseImage = (url: string) => url.replace(/-\d+x\d+(\.[a-z0-9]+)(\?.*)?$/i, '$1');

const isPrivate = (ip: string) =>
  /^(127\.|10\.|192\.168\.|169\.254\.|0\.|172\.(1[6-9]|2\d|3[01])\.)/.test(ip) ||
  ip === '::1' ||
  /^f[cd]/i.test(ip) ||
  /^fe80/i.test(ip);

/** Fetches an attachment over the network (public addresses only, 10 s, 10 MB); null when it cannot. */
export async function fetchPublicImage(url: string): Promise<Buffer | null> {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    const host = u.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host)
      ? [host]
      : (await lookup(host, { all: true })).map((a) => a.address);
    if (!addresses.length || addresses.some(isPrivate)) return null;
    const res = await fetch(u, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
    if (!res.ok) return null;
    const bytes = Buffer.from(await res.arrayBuffer());
    return bytes.length <= MAX_IMAGE_BYTES ? bytes : null;
  } catch {
    return null;
  }
}

export async function importPosts(run: ImportRun, bytes: Buffer): Promise<void> {
  const churchId = run.church.id;
  const wxr = readWxr(decodeText(bytes));
  const attachmentUrls = new Map<string, string>();
  for (const url of wxr.attachments.values()) attachmentUrls.set(baseImage(url), url);
  const missing = new Set<string>();
  /** Images already brought in this run: the attachment's URL → its new address. */
  const brought = new Map<string, string | null>();
  const bring = async (src: string): Promise<string | null> => {
    const own = attachmentUrls.get(baseImage(src));
    if (!own) {
      missing.add(src);
      return null;
    }
    if (!run.write || !run.fetchImage || !run.saveImage) return null;
    if (!brought.has(own)) {
      const file = await run.fetchImage(own);
      let saved: string | null = null;
      if (file) saved = await run.saveImage(file).catch(() => null); // not an image: listed below
      brought.set(own, saved);
    }
    const saved = brought.get(own) ?? null;
    if (!saved) missing.add(own);
    return saved;
  };

  const categories = new Map<string, number>();
  const kindOf = (p: WxrPost) =>
    p.categories.some((c) => run.options.categorias[c] === 'devocional') ? 'devocional' : 'noticia';
  const ready: WxrPost[] = [];
  for (const p of wxr.posts) {
    if (!p.title) {
      refuse(run.tally, { linha: p.line, chave: 'staff.import.row.postNoTitle' });
      continue;
    }
    if (!['publish', 'draft', 'pending', 'future'].includes(p.status)) {
      remark(run.tally, {
        linha: p.line,
        chave: 'staff.import.row.postSkipped',
        valores: { valor: p.title },
      });
      continue;
    }
    ready.push(p);
  }
  for (let i = 0; i < ready.length; i += POSTS_PER_BATCH) {
    const batch = ready.slice(i, i + POSTS_PER_BATCH);
    const already = new Set(
      (
        await run.db
          .select({ origin: t.importItems.origin })
          .from(t.importItems)
          .where(
            and(
              eq(t.importItems.churchId, churchId),
              eq(t.importItems.table, 'conteudo'),
              inArray(
                t.importItems.origin,
                batch.map((p) => `wp:${p.id}`),
              ),
            ),
          )
      ).map((r) => r.origin),
    );
    const fresh = batch.filter((p) => !already.has(`wp:${p.id}`));
    run.tally.iguais += batch.length - fresh.length;
    run.tally.criar += fresh.length;
    // images are fetched before the batch's transaction, so a slow server never holds it open
    const prepared: { p: WxrPost; html: string; cover: string | null }[] = [];
    for (const p of fresh) {
      let html = p.html.replace(/\r\n?/g, '\n');
      // WordPress keeps paragraphs as blank lines in the editor's text
      if (!/<p[\s>]/i.test(html))
        html = html
          .split(/\n{2,}/)
          .map((para) => `<p>${para.replace(/\n/g, '<br>')}</p>`)
          .join('');
      for (const m of [...html.matchAll(/<img\b[^>]*\bsrc=["']([^"']+)["'][^>]*>/gi)]) {
        const saved = await bring(decode(m[1]!));
        if (saved) html = html.split(m[1]!).join(saved);
      }
      const thumb = p.thumbnailId ? wxr.attachments.get(p.thumbnailId) : undefined;
      const cover = thumb ? await bring(thumb) : null;
      prepared.push({ p, html: sanitizeRichText(html), cover });
    }
    if (run.write && prepared.length)
      await writeBatch(run, [prepared[0]!.p.line, prepared.at(-1)!.p.line], async (tx) => {
        for (const { p, html, cover } of prepared) {
          const kind = kindOf(p);
          let categoryId: number | null = null;
          const name = p.categories.find(
            (c) => c.toLowerCase() !== 'uncategorized' && c.toLowerCase() !== 'sem categoria',
          );
          if (name) {
            const key = `${kind}:${slugOf(name)}`;
            categoryId = categories.get(key) ?? null;
            if (categoryId === null) {
              const [found] = await tx
                .select({ id: t.contentCategories.id })
                .from(t.contentCategories)
                .where(
                  and(
                    eq(t.contentCategories.churchId, churchId),
                    eq(t.contentCategories.kind, kind),
                    eq(t.contentCategories.slug, slugOf(name)),
                  ),
                );
              if (found) categoryId = found.id;
              else {
                const [made] = await tx
                  .insert(t.contentCategories)
                  .values({ churchId, kind, name: name.slice(0, 80), slug: slugOf(name) })
                  .returning({ id: t.contentCategories.id });
                categoryId = made!.id;
                await recordItems(tx, run, [{ table: 'conteudo_categoria', targetId: categoryId }]);
              }
              categories.set(key, categoryId);
            }
          }
          const status =
            p.status === 'publish' ? 'publicado' : p.status === 'future' ? 'agendado' : 'rascunho';
          const summary =
            sanitizeRichText(p.excerpt)
              .replace(/<[^>]+>/g, '')
              .trim()
              .slice(0, 300) || null;
          const [row] = await tx
            .insert(t.contents)
            .values({
              churchId,
              kind,
              categoryId,
              title: p.title.slice(0, 200),
              summary,
              body: html,
              image: cover,
              author: p.author.slice(0, 120) || null,
              keywords: p.tags.slice(0, 20),
              publishedAt: p.date,
              status,
              active: status === 'publicado',
            })
            .returning({ id: t.contents.id });
          await recordItems(tx, run, [
            { table: 'conteudo', targetId: row!.id, origin: `wp:${p.id}` },
          ]);
          const to = `/${kind === 'noticia' ? 'news' : 'devotionals'}/${row!.id}`;
          const paths = [oldPath(p.link), p.id ? `/?p=${p.id}` : null].filter(
            (x): x is string => !!x && x !== '/',
          );
          for (const from of new Set(paths))
            await tx
              .insert(t.redirects)
              .values({ churchId, from, to, importId: run.importId })
              .onConflictDoUpdate({
                target: [t.redirects.churchId, t.redirects.from],
                set: { to, importId: run.importId },
              });
        }
      });
    await run.progress(Math.min(i + POSTS_PER_BATCH, ready.length), ready.length);
  }
  run.tally.imagensFaltando = [...missing].slice(0, 500);
  for (const url of [...missing].slice(0, 50))
    remark(run.tally, {
      linha: 0,
      chave: 'staff.import.row.imageMissing',
      valores: { valor: url },
    });
}

/** Where an old address of the church's former site leads now, or null. */
export async function redirectFor(
  db: import('../db/client.ts').Database,
  churchId: number,
  path: string,
): Promise<string | null> {
  const key = oldPath(`http://x${path.startsWith('/') ? path : `/${path}`}`);
  if (!key) return null;
  const [row] = await db
    .select({ to: t.redirects.to })
    .from(t.redirects)
    .where(and(eq(t.redirects.churchId, churchId), eq(t.redirects.from, key)));
  return row?.to ?? null;
}
