// Which scheduled archives to keep (docs/deploy.md "Backups"): the newest of each of the last 7
// days, of the last 4 ISO weeks and of the last 12 months (UTC) with an archive; the rest go.

export interface Retention {
  daily: number;
  weekly: number;
  monthly: number;
}

export const DEFAULT_RETENTION: Retention = { daily: 7, weekly: 4, monthly: 12 };

const day = (d: Date) => d.toISOString().slice(0, 10);
const month = (d: Date) => d.toISOString().slice(0, 7);
/** The ISO week: `2026-W48`, with the year of the week's Thursday. */
function week(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const weekday = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - weekday);
  const start = Date.UTC(t.getUTCFullYear(), 0, 1);
  const n = Math.ceil(((t.getTime() - start) / 86_400_000 + 1) / 7);
  return `${t.getUTCFullYear()}-W${String(n).padStart(2, '0')}`;
}

/** The archives to keep, by name, out of `archives` (each with the time it was made). */
export function archivesToKeep<T extends { name: string; at: Date }>(
  archives: readonly T[],
  rules: Retention = DEFAULT_RETENTION,
): Set<string> {
  const newestFirst = [...archives].sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<string>();
  for (const [count, period] of [
    [rules.daily, day],
    [rules.weekly, week],
    [rules.monthly, month],
  ] as const) {
    const seen = new Set<string>();
    for (const archive of newestFirst) {
      if (seen.size >= count) break;
      const p = period(archive.at);
      if (seen.has(p)) continue;
      seen.add(p);
      keep.add(archive.name);
    }
  }
  return keep;
}

/** `church-backup-20261128T030000Z.tar.gz[.enc]` → its time; anything else → null. */
export function archiveTime(name: string): Date | null {
  const m = /^church-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz(\.enc)?$/.exec(
    name,
  );
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  return new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!));
}
