// Whether this process is answering requests now (server.ts notes each one): background work that
// competes with them for the main thread (a notice's encryption for 20,000 devices) slows down only
// while visitors are being answered, and goes at full speed when nobody is (docs/performance.md
// "Pages while staff work runs").
let lastAt = Number.NEGATIVE_INFINITY;

/** A request came in while work was being done within this long counts as "answering requests". */
export const SERVING_MS = 1000;

/** Called for every request the server takes (one clock read). */
export const noteRequest = (at = performance.now()): void => {
  lastAt = at;
};

/** Whether a request came in within the last SERVING_MS. */
export const servingRequests = (now = performance.now()): boolean => now - lastAt < SERVING_MS;
