// Whether this process is answering requests now (server.ts notes each one), and the one pace of
// background sends that compete with them for the main thread (a notice's encryption for 20,000
// devices, a big send's e-mails): while visitors are being answered, all such sends of the process
// together take turns in a few slots and rest after each message; when nobody is being answered,
// they go at full speed (docs/performance.md "Pages while staff work runs").
import { setTimeout as sleep } from 'node:timers/promises';

let lastAt = Number.NEGATIVE_INFINITY;

/** A request came in while work was being done within this long counts as "answering requests". */
export const SERVING_MS = 1000;

/** Called for every request the server takes (one clock read). */
export const noteRequest = (at = performance.now()): void => {
  lastAt = at;
};

/** Whether a request came in within the last SERVING_MS. */
export const servingRequests = (now = performance.now()): boolean => now - lastAt < SERVING_MS;

/** How a background sender runs each message: `send` now, or after its turn, resting after it. */
export type Pace = <T>(send: () => Promise<T>) => Promise<T>;

/** Messages of all background sends in flight at once while requests are being answered. */
export const BUSY_SLOTS = 4;
/** How long a slot rests after its message while requests are being answered. */
export const BUSY_REST_MS = 25;

/**
 * A pace of `slots` shared slots, each resting `restMs` after its message, while `busy()`; no
 * turns and no rest otherwise. 4 slots resting 25 ms kept public pages' p95 within 2× of their
 * p95 without the work, for a notice's pushes and e-mails alike (bench/staff-work.ts).
 */
export function sharedPace(
  slots = BUSY_SLOTS,
  restMs = BUSY_REST_MS,
  busy: () => boolean = servingRequests,
): Pace {
  let inUse = 0;
  const waiting: (() => void)[] = [];
  return async (send) => {
    if (!busy()) return send();
    while (inUse >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    inUse++;
    try {
      const result = await send();
      await sleep(restMs);
      return result;
    } finally {
      inUse--;
      waiting.shift()?.();
    }
  };
}

/** The process's one pace for background sends (the notice's pushes, the e-mail job). */
export const backgroundPace: Pace = sharedPace();

/** A pace that rests `ms` after every message whatever the traffic (benches, tests). */
export const restingAfter =
  (ms: number): Pace =>
  async (send) => {
    const result = await send();
    await sleep(ms);
    return result;
  };
