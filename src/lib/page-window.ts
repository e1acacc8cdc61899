// The page numbers a pager offers (src/components/Pager.astro and the island kit's Pager).

export type PageLink = { page: number } | { gap: true };

/** Page numbers to offer: first, last, and two either side of the current one, with gaps. */
export function pageWindow(current: number, totalPages: number): PageLink[] {
  const pages = new Set<number>([1, totalPages]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].filter((p) => p >= 1).sort((a, b) => a - b);
  const out: PageLink[] = [];
  for (const [i, p] of sorted.entries()) {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push({ gap: true });
    out.push({ page: p });
  }
  return out;
}
