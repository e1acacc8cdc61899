// The types both sides of the PGlite thread (pglite-thread.ts, pglite-worker.ts) agree to send as text.

/** Array types of TEXT_TYPES and their element types. */
export const ARRAY_OF: Record<number, number> = {
  1182: 1082,
  1115: 1114,
  1185: 1184,
  1187: 1186,
  1231: 1700,
};

/**
 * Dates, intervals and their arrays: what drizzle asks as text (its parsers keep them). The thread
 * always answers them as text and the main thread parses them, with the caller's parser or PGlite's
 * own, so a query carries no parsers to the thread (PGlite copies its whole parser table for a
 * query that brings its own).
 */
export const TEXT_TYPES = [1082, 1114, 1184, 1186, ...Object.keys(ARRAY_OF).map(Number)];
