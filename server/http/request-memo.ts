// Work shared by every call made while rendering one page (docs/performance.md: one round trip per block at
// most). A page render calls the API in-process several times (contract/in-process.ts), and each
// call used to look its church up again; inside a memo scope the same look-up runs once. Outside
// a scope (a plain API request) nothing is kept, so no answer can be stale across requests.
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs `work` (one page render) with its own memo. */
export function withRequestMemo<T>(work: () => T): T {
  return scope.run(new Map(), work);
}

/** `load()` once per key within the current render; a failed load is not kept. */
export function memoized<T>(key: string, load: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return load();
  let kept = memo.get(key) as Promise<T> | undefined;
  if (!kept) {
    kept = load();
    memo.set(key, kept);
    kept.catch(() => memo.delete(key));
  }
  return kept;
}

/** Records an answer found by another key (a church found by slug is also the church of its id). */
export function remember<T>(key: string, value: T): void {
  const memo = scope.getStore();
  if (memo && !memo.has(key)) memo.set(key, Promise.resolve(value));
}

/** Whether this render already keeps `key`. */
export function isMemoized(key: string): boolean {
  return scope.getStore()?.has(key) ?? false;
}

/** The loads this render started under keys beginning with `prefix` (to wait for, synchronously known). */
export function started(prefix: string): Promise<unknown>[] {
  const memo = scope.getStore();
  return memo ? [...memo].filter(([key]) => key.startsWith(prefix)).map(([, kept]) => kept) : [];
}
