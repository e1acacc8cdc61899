// Demo live streams (spec §2 "/live", MOD_CULTO): graca has one stream on air now — a short HLS
// video the product serves itself (public/live-demo/, made by scripts/make-hls.ts) — and two
// upcoming weekly ones linked to its schedule; grace has one upcoming. A few chat messages too.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';

/** The demo HLS playlist served from public/. */
export const DEMO_HLS_URL = '/live-demo/culto.m3u8';
export const GRACA_LIVE_TITLE = 'Culto da manhã — ao vivo';

const WEEK = 7 * 86_400_000;

/** The next weekday/time at UTC offset `offsetHours` (Brasília is -3, no DST since 2019). */
function nextWeekly(weekday: number, time: string, offsetHours: number, now = Date.now()): Date {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const d = new Date(now);
  const local = new Date(d.getTime() + offsetHours * 3_600_000);
  const isoDay = ((local.getUTCDay() + 6) % 7) + 1;
  const base =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), h, m) -
    offsetHours * 3_600_000;
  let at = base + ((weekday - isoDay + 7) % 7) * 86_400_000;
  if (at <= now) at += WEEK;
  return new Date(at);
}

interface SeedStream {
  title: string;
  description?: string;
  service: 'youtube' | 'vimeo' | 'facebook' | 'hls' | 'html';
  code?: string;
  url?: string;
  weekly?: [weekday: number, time: string];
  live?: boolean;
}

const STREAMS: Record<
  string,
  { offset: number; streams: SeedStream[]; chat?: [string, string][] }
> = {
  graca: {
    offset: -3,
    streams: [
      {
        title: GRACA_LIVE_TITLE,
        description: 'Louvor, oração e a palavra com o pastor Marcos. Participe pelo chat!',
        service: 'hls',
        url: DEMO_HLS_URL,
        weekly: [7, '10:30'],
        live: true,
      },
      {
        title: 'Culto da família',
        description: 'Toda a família reunida para adorar.',
        service: 'youtube',
        code: 'M7lc1UVf-VE',
        weekly: [7, '18:00'],
      },
      {
        title: 'Estudo bíblico',
        description: 'Estudo do livro de Romanos.',
        service: 'vimeo',
        code: '76979871',
        weekly: [3, '20:00'],
      },
    ],
    chat: [
      ['Irmã Lúcia', 'Bom dia, igreja! Assistindo de Campinas.'],
      ['Renata', 'Que louvor lindo! Glória a Deus.'],
    ],
  },
  grace: {
    offset: -5,
    streams: [
      {
        title: 'Morning Worship',
        description: 'Join us live every Sunday.',
        service: 'youtube',
        code: 'M7lc1UVf-VE',
        weekly: [7, '10:30'],
      },
    ],
  },
};

export async function seedLive(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [code, data] of Object.entries(STREAMS)) {
      const [church] = await tx
        .select({ id: t.churches.id })
        .from(t.churches)
        .where(eq(t.churches.code, code));
      if (!church) continue;
      for (const s of data.streams) {
        let weeklyServiceId: number | null = null;
        if (s.weekly) {
          const [svc] = await tx
            .select({ id: t.weeklyServices.id })
            .from(t.weeklyServices)
            .where(
              and(
                eq(t.weeklyServices.churchId, church.id),
                eq(t.weeklyServices.weekday, s.weekly[0]),
                eq(t.weeklyServices.startTime, `${s.weekly[1]}:00`),
              ),
            );
          weeklyServiceId = svc?.id ?? null;
        }
        const startsAt = s.live
          ? new Date(Date.now() - 15 * 60_000)
          : nextWeekly(s.weekly![0], s.weekly![1], data.offset);
        await tx.insert(t.liveStreams).values({
          churchId: church.id,
          title: s.title,
          description: s.description ?? null,
          service: s.service,
          code: s.code ?? null,
          url: s.url ?? null,
          startsAt,
          weekly: !s.live && !!s.weekly,
          live: !!s.live,
          weeklyServiceId,
          channel: 'culto',
        });
      }
      for (const [i, [name, text]] of (data.chat ?? []).entries()) {
        await tx.insert(t.chatMessages).values({
          churchId: church.id,
          channel: 'culto',
          authorId: `aseed${i}`,
          authorName: name,
          text,
          createdAt: new Date(Date.now() - (10 - i) * 60_000),
        });
      }
    }
  });
}
