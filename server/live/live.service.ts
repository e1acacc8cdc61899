// The streams of a church (spec §2 "/live", MOD_CULTO): the one on air and the next ones, a weekly
// stream moved on to its next start.
import { and, eq } from 'drizzle-orm';
import type { Stream, StreamsResponse } from '../../contract/live.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

type Row = typeof t.liveStreams.$inferSelect;
const WEEK = 7 * 86_400_000;

/** The start to show: a weekly stream moves on by whole weeks until its next start. */
export function nextStart(row: Pick<Row, 'startsAt' | 'weekly' | 'live'>, now: number): Date {
  const start = row.startsAt.getTime();
  if (!row.weekly || row.live || start >= now) return row.startsAt;
  return new Date(start + Math.ceil((now - start) / WEEK) * WEEK);
}

export function toStream(row: Row, now: number): Stream {
  return {
    id: row.id,
    titulo: row.title,
    descricao: row.description,
    servico: row.service as Stream['servico'],
    codigo: row.code,
    url: row.url,
    html: row.html,
    inicio: nextStart(row, now).toISOString(),
    duracaoMinutos: row.durationMinutes,
    flagAoVivo: row.live,
    flagSemanal: row.weekly,
    cultoAgendaId: row.weeklyServiceId,
    canal: row.channel,
  };
}

export async function churchStreams(
  db: Database,
  churchId: number,
  now = Date.now(),
): Promise<StreamsResponse> {
  const rows = await db
    .select()
    .from(t.liveStreams)
    .where(and(eq(t.liveStreams.churchId, churchId), eq(t.liveStreams.active, true)));
  const streams = rows.map((row) => toStream(row, now));
  const onAir = streams
    .filter((s) => s.flagAoVivo)
    .sort((a, b) => b.inicio.localeCompare(a.inicio));
  const upcoming = streams
    .filter((s) => !s.flagAoVivo && Date.parse(s.inicio) >= now)
    .sort((a, b) => a.inicio.localeCompare(b.inicio) || a.id - b.id);
  return { aoVivo: onAir[0] ?? null, proximas: upcoming };
}
