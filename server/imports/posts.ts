// Posts from a WordPress export (WXR) (docs/staff.md "Moving in"): each post becomes a news item
// (or a devotional, by the category mapping) with its date, author's name, category, tags and
// state (published stays published, a draft stays a draft); its HTML goes through the editor's
// sanitiser. Images are brought only from the file's own attachments; any other image, or one
// that cannot be fetched, is listed. The post's old address leads to its new page. A post's
// WordPress id is its key: a second import adds nothing.
import { and, eq, inArray } from 'drizzle-orm';
import * as t from '../db/schema/index.ts';
import { outboundFetch } from '../http/outbound-fetch.ts';
import { fold } from './formats.ts';
import { recordItems, refuse, remark, writeBatch, type ImportRun } from './run.ts';
import { openParse, parseStream, type ParseSession } from './parse-thread.ts';
import type { WxrMeta, WxrPost } from './wxr.ts';

const POSTS_PER_BATCH = 50;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The categories of the file (the mapping screen's choices), read on a worker thread. */
export async function wxrCategories(bytes: Buffer): Promise<string[]> {
  for await (const first of parseStream<WxrMeta>('wxr', bytes)) return first.categories;
  return [];
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

/**
 * Fetches an attachment over the network through the one outbound fetch
 * (server/http/outbound-fetch.ts: public addresses only, 10 s, 10 MB); an old `http:` address is
 * asked for over https, the only scheme it fetches. Null when it cannot.
 */
export async function fetchPublicImage(url: string): Promise<Buffer | null> {
  try {
    const secure = url.replace(/^http:\/\//i, 'https://');
    const res = await outboundFetch(secure, { maxBytes: MAX_IMAGE_BYTES, timeoutMs: 10_000 });
    return res.status === 200 ? res.body : null;
  } catch {
    return null;
  }
}

export async function importPosts(run: ImportRun, bytes: Buffer): Promise<void> {
  // read on a worker thread (wxr.ts), which also sanitises each post's HTML below
  const session = await openParse();
  try {
    await importWith(session, run, bytes);
  } finally {
    await session.close();
  }
}

async function importWith(session: ParseSession, run: ImportRun, bytes: Buffer): Promise<void> {
  const churchId = run.church.id;
  let meta: WxrMeta = { attachments: [], categories: [] };
  const posts: WxrPost[] = [];
  for await (const item of session.stream<WxrMeta | WxrPost>('wxr', bytes)) {
    if ('attachments' in item) meta = item;
    else posts.push(item);
  }
  const attachments = new Map(meta.attachments);
  const attachmentUrls = new Map<string, string>();
  for (const url of attachments.values()) attachmentUrls.set(baseImage(url), url);
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
  for (const p of posts) {
    if (p.refused) {
      refuse(run.tally, p.refused);
      continue;
    }
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
      const replace: [string, string][] = [];
      for (const image of p.images) {
        const saved = await bring(image.src);
        if (saved) replace.push([image.raw, saved]);
      }
      const thumb = p.thumbnailId ? attachments.get(p.thumbnailId) : undefined;
      const cover = thumb ? await bring(thumb) : null;
      prepared.push({ p, html: await session.postHtml(p.html, replace), cover });
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
          const summary = p.summary;
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
