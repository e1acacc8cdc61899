// What every store around the API shares, staff or member (docs/architecture.md "The staff area",
// "The member side"): a store's state around a load, and a write that hands the API's failure
// back to the form.
import type { WritableAtom } from 'nanostores';
import { readFailure, type ApiFailure } from '../lib/account/http.ts';

/** A store's state around a load; the shown data stays while the next load runs. */
export type Loadable<T> =
  | { state: 'idle' | 'loading'; data?: T }
  | { state: 'ready'; data: T }
  | { state: 'error'; message: string; status: number; data?: T };

const latest = new WeakMap<object, number>();

/** Loads into `$store` (keeping the shown data unless `keep` is false); a late older answer is dropped. */
export async function loadInto<T>(
  $store: WritableAtom<Loadable<T>>,
  fetch: () => Promise<T>,
  keep = true,
): Promise<void> {
  const call = (latest.get($store) ?? 0) + 1;
  latest.set($store, call);
  $store.set(keep ? { state: 'loading', data: $store.get().data } : { state: 'loading' });
  try {
    const data = await fetch();
    if (latest.get($store) === call) $store.set({ state: 'ready', data });
  } catch (error) {
    const failure = await readFailure(error);
    if (latest.get($store) === call)
      $store.set({ state: 'error', message: failure.message, status: failure.status });
  }
}

/** Runs a write: null when done (after `then`, usually a reload), else the API's failure for the form. */
export async function attempt(
  write: () => Promise<unknown>,
  then?: () => Promise<void>,
): Promise<ApiFailure | null> {
  try {
    await write();
  } catch (error) {
    return readFailure(error);
  }
  await then?.();
  return null;
}
