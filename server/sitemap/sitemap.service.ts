// The public items of one church for its sitemaps (docs/content.md "Sitemaps"): active content and
// events, each with when it last changed.
import { and, eq } from 'drizzle-orm';
import type { SitemapEntry } from '../../contract/sitemap.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

/** Enough for any church; sitemaps are capped at 50 000 URLs. */
const MAX_ITEMS = 45_000;

export async function sitemapOf(db: Database, churchId: number): Promise<SitemapEntry[]> {
  const [contents, events] = await Promise.all([
    db
      .select({
        kind: t.contents.kind,
        id: t.contents.id,
        slug: t.contents.slug,
        parentId: t.contents.parentId,
        at: t.contents.updatedAt,
      })
      .from(t.contents)
      .where(and(eq(t.contents.churchId, churchId), eq(t.contents.active, true)))
      .limit(MAX_ITEMS),
    db
      .select({ id: t.events.id, at: t.events.updatedAt })
      .from(t.events)
      .where(and(eq(t.events.churchId, churchId), eq(t.events.active, true)))
      .limit(MAX_ITEMS),
  ]);
  // lastmod is when the page last changed (its row's updated_at), never later than now (docs/content.md "Sitemaps")
  const now = Date.now();
  const changed = (at: Date) => new Date(Math.min(at.getTime(), now)).toISOString();
  return [
    ...contents.map((r) => ({
      tipo: r.kind,
      id: r.id,
      slug: r.slug,
      idPai: r.parentId,
      atualizadoEm: changed(r.at),
    })),
    ...events.map((r) => ({
      tipo: 'evento' as const,
      id: r.id,
      slug: null,
      idPai: null,
      atualizadoEm: changed(r.at),
    })),
  ];
}
