// LIKE / ILIKE patterns from what a visitor typed: their %, _ and \ match themselves.

/** A pattern matching any text that contains `text` literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
