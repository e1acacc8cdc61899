// Posts from a WordPress export (WXR) (docs/staff.md "Moving in"): each post becomes a news item
// (or a devotional, by the category mapping) with its date, author's name, category, tags and
// state (published stays published, a draft stays a draft); its HTML goes through the editor's
// sanitiser. Images are brought only from the file's own attachments; any other image, or one
// that cannot be fetched, is listed. The post's old address leads to its new page. A post's
// WordPress id is its key: a second import adds nothing.
import { dateFormat } from '../../common/format.ts';
import { and, eq } from 'drizzle-orm';
import * as t from '../db/schema/index.ts';
import { outboundFetch } from '../http/outbound-fetch.ts';
import { fold } from './formats.ts';
import { fromOrigins, recordItems, refuse, remark, writeBatch, type ImportRun } from './run.ts';
import { openParse, parseStream, type ParseSession } from './parse-thread.ts';
import type { WxrMeta, WxrPost } from './wxr.ts';

const POSTS_PER_BATCH = 50;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const FETCH_ATTEMPTS = 3;
/** Waits between attempts (1 s, then 2 s); tests set it to 0. */
export let RETRY_MS = 1000;
export const setRetryMs = (ms: number) => {
  RETRY_MS = ms;
};

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
  let meta: WxrMeta = { attachments: [], sites: [], categories: [] };
  const posts: WxrPost[] = [];
  for await (const item of session.stream<WxrMeta | WxrPost>('wxr', bytes)) {
    if ('attachments' in item) meta = item;
    else posts.push(item);
  }
  const attachments = new Map(meta.attachments);
  const attachmentUrls = new Map<string, string>();
  for (const url of attachments.values()) attachmentUrls.set(baseImage(url), url);
  const missing = new Set<string>();
  /** Images of the old site that could not be downloaded: said so, and asked again next time. */
  const notFetched = new Set<string>();
  const siteHosts = new Set(meta.sites.flatMap((u) => hostOf(u) ?? []));
  /** Images already brought in this run: the attachment's URL → its new address. */
  const brought = new Map<string, string | null>();
  /**
   * An image of the file's attachments or of the old site itself, stored in the file store (the
   * old site will be switched off, so nothing is linked to it); null when it cannot be.
   */
  const bring = async (src: string): Promise<string | null> => {
    const host = hostOf(src);
    const own = attachmentUrls.get(baseImage(src)) ?? (host && siteHosts.has(host) ? src : null);
    if (!own) {
      missing.add(src);
      return null;
    }
    if (!run.write || !run.fetchImage || !run.saveImage) return null;
    if (!brought.has(own)) {
      let saved: string | null = null;
      // a busy old server fails now and then: asked three times before giving up
      for (let attempt = 0; attempt < FETCH_ATTEMPTS && saved === null; attempt++) {
        if (attempt) await new Promise((r) => setTimeout(r, RETRY_MS * attempt));
        const file = await run.fetchImage(own);
        if (!file) continue;
        saved = await run.saveImage(file).catch(() => null);
        if (saved === null) break; // not an image: asking again changes nothing
      }
      brought.set(own, saved);
    }
    const saved = brought.get(own) ?? null;
    if (!saved) notFetched.add(own);
    return saved;
  };
  /** Whether an image's address is one the import brings (so never left linked to the old site). */
  const bringable = (src: string) => {
    const host = hostOf(src);
    return attachmentUrls.has(baseImage(src)) || (!!host && siteHosts.has(host));
  };

  const categories = new Map<string, number>();
  const kindOf = (p: WxrPost) =>
    p.categories.some((c) => run.options.categorias[c] === 'devocional') ? 'devocional' : 'noticia';
  const ready: WxrPost[] = [];
  const dateTitle = dateFormat(run.church.lang, {
    dateStyle: 'long',
    timeZone: run.church.timeZone,
  });
  for (const p of posts) {
    if (p.refused) {
      refuse(run.tally, p.refused);
      continue;
    }
    if (p.type === 'page') {
      remark(run.tally, {
        linha: p.line,
        chave: 'staff.import.row.postPage',
        valores: { valor: p.title || p.slug || p.id },
      });
      continue;
    }
    if (!['publish', 'draft', 'pending', 'future', 'private'].includes(p.status)) {
      remark(run.tally, {
        linha: p.line,
        chave: 'staff.import.row.postSkipped',
        valores: { valor: p.title },
      });
      continue;
    }
    if (!p.title) {
      p.title = dateTitle.format(p.date);
      remark(run.tally, {
        linha: p.line,
        chave: 'staff.import.row.postUntitled',
        valores: { valor: p.title },
      });
    }
    if (p.hidden)
      remark(run.tally, {
        linha: p.line,
        chave: 'staff.import.row.postPrivate',
        valores: { valor: p.title },
      });
    p.notes.forEach((n) => remark(run.tally, n));
    ready.push(p);
  }
  /** A post's HTML with its images brought (or left out), and its cover. */
  const postImages = async (p: WxrPost): Promise<{ html: string; cover: string | null }> => {
    const replace: [string, string][] = [];
    for (const image of p.images) {
      const saved = await bring(image.src);
      if (saved) replace.push([image.raw, saved]);
      // not downloaded: left out (an image without an address is dropped by the sanitiser)
      else if (run.write && bringable(image.src)) replace.push([image.raw, '']);
    }
    const thumb = p.thumbnailId ? attachments.get(p.thumbnailId) : undefined;
    const cover = thumb ? await bring(thumb) : null;
    return { html: await session.postHtml(p.html, replace), cover };
  };
  for (let i = 0; i < ready.length; i += POSTS_PER_BATCH) {
    const batch = ready.slice(i, i + POSTS_PER_BATCH);
    const earlier = await run.db
      .select({
        origin: t.importItems.origin,
        id: t.contents.id,
        version: t.contents.version,
        body: t.contents.body,
        image: t.contents.image,
      })
      .from(t.importItems)
      .leftJoin(
        t.contents,
        and(eq(t.contents.id, t.importItems.targetId), eq(t.contents.churchId, churchId)),
      )
      .where(
        fromOrigins(
          churchId,
          'conteudo',
          batch.map((p) => `wp:${p.id}`),
        ),
      );
    const already = new Map(earlier.map((r) => [r.origin, r]));
    const fresh = batch.filter((p) => !already.has(`wp:${p.id}`));
    // a post brought before without some of its images (the old site did not answer), and not
    // edited since: its images are asked for again
    const retry: { p: WxrPost; contentId: number }[] = [];
    for (const p of batch) {
      const row = already.get(`wp:${p.id}`);
      if (!row?.id || row.version !== 1) continue;
      const stored = new Set(row.body?.match(/\/api\/v1\/imagem\/[^"']+/g) ?? []).size;
      const wanted = new Set(
        p.images
          .filter((i) => bringable(i.src))
          .map((i) => attachmentUrls.get(baseImage(i.src)) ?? i.src),
      ).size;
      const thumb = p.thumbnailId ? attachments.get(p.thumbnailId) : undefined;
      if (stored < wanted || (thumb && !row.image)) retry.push({ p, contentId: row.id });
    }
    run.tally.iguais += batch.length - fresh.length - retry.length;
    run.tally.atualizar += retry.length;
    run.tally.criar += fresh.length;
    if (run.write && retry.length) {
      const again: { contentId: number; html: string; cover: string | null }[] = [];
      for (const { p, contentId } of retry) {
        const { html, cover } = await postImages(p);
        again.push({ contentId, html, cover });
      }
      await writeBatch(run, [retry[0]!.p.line, retry.at(-1)!.p.line], async (tx) => {
        for (const a of again)
          await tx
            .update(t.contents)
            .set({ body: a.html, image: a.cover })
            .where(
              and(
                eq(t.contents.churchId, churchId),
                eq(t.contents.id, a.contentId),
                eq(t.contents.version, 1),
              ),
            );
      });
    }
    // images are fetched before the batch's transaction, so a slow server never holds it open
    const prepared: { p: WxrPost; html: string; cover: string | null }[] = [];
    for (const p of fresh) prepared.push({ p, ...(await postImages(p)) });
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
          // private or password-protected there: a draft here, never public
          const status = p.hidden
            ? 'rascunho'
            : p.status === 'publish'
              ? 'publicado'
              : p.status === 'future'
                ? 'agendado'
                : 'rascunho';
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
  run.tally.imagensFaltando = [...notFetched, ...missing].slice(0, 500);
  for (const url of [...notFetched].slice(0, 50))
    remark(run.tally, {
      linha: 0,
      chave: 'staff.import.row.imageNotFetched',
      valores: { valor: url },
    });
  for (const url of [...missing].slice(0, 50))
    remark(run.tally, {
      linha: 0,
      chave: 'staff.import.row.imageMissing',
      valores: { valor: url },
    });
}

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
};

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
