// Spreads whole chapters of some books evenly over a number of days: the demo plans' passages.
import type { PlanPassage } from '../db/schema/notes.ts';
import { BOOKS, bookByCode } from '../../common/bible/books.ts';

/** Every chapter of these books (codes of books.ts), in order. */
export function chaptersOf(codes: readonly string[]): PlanPassage[] {
  return codes.flatMap((code) => {
    const book = bookByCode(code);
    if (!book) throw new Error(`unknown book ${code}`);
    return Array.from({ length: book.chapters }, (_, i) => ({ livro: code, capitulo: i + 1 }));
  });
}

export const WHOLE_BIBLE = BOOKS.map((b) => b.code);

/** `chapters` over `days` days: the first days take one more when they do not divide evenly. */
export function spread(chapters: readonly PlanPassage[], days: number): PlanPassage[][] {
  const out: PlanPassage[][] = [];
  const base = Math.floor(chapters.length / days);
  const extra = chapters.length % days;
  let at = 0;
  for (let d = 0; d < days; d++) {
    const take = base + (d < extra ? 1 : 0);
    out.push(chapters.slice(at, at + take));
    at += take;
  }
  return out;
}
