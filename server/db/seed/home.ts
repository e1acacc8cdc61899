// Demo data for the church home and about page (docs/content.md): the weekly schedule of graca, grace
// and esperanza in their languages, app store links for graca and grace, and a fuller history
// for grace that also carries markup an editor might let through (the about page must not run it).
// A later part gives graca a second banner, so its home shows the strip of several banners.
import { eq, max } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';

type Service = [weekday: number, time: string, title: string, place: string | null, live?: boolean];

// Listed in no particular order on purpose: the API sorts Monday → Sunday.
const SCHEDULES: Record<string, Service[]> = {
  graca: [
    [7, '10:30', 'Culto da manhã', 'Templo sede', true],
    [7, '18:00', 'Culto da família', 'Templo sede', true],
    [7, '09:00', 'Escola Bíblica Dominical', 'Salas de aula'],
    [3, '20:00', 'Estudo bíblico', 'Auditório', true],
    [1, '07:00', 'Oração da manhã', 'Online', true],
    [5, '20:00', 'Culto de jovens', 'Auditório'],
    [6, '16:00', 'Encontro de casais', 'Salão social'],
  ],
  grace: [
    [7, '10:30', 'Morning Worship', 'Main sanctuary', true],
    [7, '09:00', 'Sunday School', 'Education wing'],
    [7, '18:00', 'Evening Service', 'Main sanctuary'],
    [3, '19:00', 'Midweek Bible Study', 'Fellowship hall', true],
    [5, '19:30', 'Youth Night', 'Youth room'],
  ],
  // esperanza has no MOD_CULTO, so its home shows no schedule even though it has one.
  esperanza: [
    [7, '10:00', 'Culto dominical', 'Templo', true],
    [4, '20:00', 'Reunión de oración', 'Salón Belgrano'],
  ],
};

const APPS: Record<string, { appStoreUrl: string; playStoreUrl: string }> = {
  graca: {
    appStoreUrl: 'https://apps.apple.com/br/app/igreja-da-graca/id1000000001',
    playStoreUrl: 'https://play.google.com/store/apps/details?id=demo.igrejadagraca',
  },
  grace: {
    appStoreUrl: 'https://apps.apple.com/us/app/grace-community-church/id1000000002',
    playStoreUrl: 'https://play.google.com/store/apps/details?id=demo.gracecommunity',
  },
};

const GRACE_HISTORY = [
  '<p>Grace Community Church began in 1994 as a Bible study in a living room on East 6th Street.</p>',
  '<h2>Growing together</h2>',
  '<p>By 2001 the study had become a congregation of <strong>two hundred</strong> people, and we moved into the old theatre on Congress Avenue.</p>',
  '<ul><li>1994: first Bible study</li><li>2001: first Sunday service on Congress Avenue</li><li>2015: food bank and after-school club open</li></ul>',
  '<p>Today we are a family of families who love <em>Austin</em> and want every neighbour to hear the good news.</p>',
  // Hostile markup of the kind rich-text editors let through; sanitised on the server.
  '<script>document.title = "hacked"; window.__xss = true;</script>',
  '<img src="x" onerror="window.__xss = true">',
  '<p onmouseover="window.__xss = true">Join us this Sunday. <a href="javascript:window.__xss = true">Plan your visit</a>.</p>',
].join('');

export async function seedHome(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const churches = await tx.select({ id: t.churches.id, code: t.churches.code }).from(t.churches);
    const idOf = (code: string) => churches.find((c) => c.code === code)?.id;
    for (const [code, services] of Object.entries(SCHEDULES)) {
      const churchId = idOf(code);
      if (!churchId) continue;
      await tx.insert(t.weeklyServices).values(
        services.map(([weekday, startTime, title, place, live]) => ({
          churchId,
          weekday,
          startTime,
          title,
          place,
          liveStream: live ?? false,
        })),
      );
    }
    for (const [code, urls] of Object.entries(APPS)) {
      const churchId = idOf(code);
      if (churchId)
        await tx.update(t.churchVisuals).set(urls).where(eq(t.churchVisuals.churchId, churchId));
    }
    const graceId = idOf('grace');
    if (graceId)
      await tx.update(t.churches).set({ history: GRACE_HISTORY }).where(eq(t.churches.id, graceId));
  });
}

/** graca's second banner, after its first (docs/content.md "Home banners"): the demo home's strip. */
export async function seedHomeBanners(db: Database): Promise<void> {
  const [graca] = await db
    .select({ id: t.churches.id })
    .from(t.churches)
    .where(eq(t.churches.code, 'graca'));
  if (!graca) return;
  const [last] = await db
    .select({ position: max(t.banners.position) })
    .from(t.banners)
    .where(eq(t.banners.churchId, graca.id));
  await db.insert(t.banners).values({
    churchId: graca.id,
    title: 'Conferência Graça 2026: inscrições abertas',
    image: '/demo/graca-banner-2.svg',
    imageWidth: 1200,
    imageHeight: 400,
    link: '/event',
    position: (last?.position ?? 0) + 1,
  });
}
