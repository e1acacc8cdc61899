// What the web app's icons and the podcast covers are drawn from (branding.routes.ts): a church's
// logo and colour, and a podcast's own art.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { churchById, type ScopedChurch } from '../http/church-scope.ts';
import { notFound } from '../http/errors.ts';

/** A church's logo and colour as its visual settings and images hold them. */
export async function brandOf(db: Database, churchId: number) {
  const [row] = await db
    .select({
      images: t.churches.images,
      colour: t.churchVisuals.appColor,
      logo: t.churchVisuals.logo,
    })
    .from(t.churches)
    .leftJoin(t.churchVisuals, eq(t.churchVisuals.churchId, t.churches.id))
    .where(eq(t.churches.id, churchId));
  return {
    // an icon-specific image first, then the logo of the visual settings, then the church's own
    icon: row?.images.icone ?? row?.logo ?? row?.images.logo ?? null,
    logo: row?.logo ?? row?.images.logo ?? null,
    colour: row?.colour ?? '#1f4e79',
  };
}

/** An active podcast by its code with its active church, or 404. */
export async function podcastShow(
  db: Database,
  code: string,
): Promise<{ image: string | null; church: ScopedChurch }> {
  const [show] = await db
    .select({ churchId: t.podcasts.churchId, image: t.podcasts.image })
    .from(t.podcasts)
    .where(and(eq(t.podcasts.code, code), eq(t.podcasts.active, true)));
  if (!show) throw notFound('api.podcastNotFound');
  const church = await churchById(db, show.churchId, { notFoundMessage: 'api.podcastNotFound' });
  return { image: show.image, church };
}
