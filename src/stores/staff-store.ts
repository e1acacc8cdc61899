// What every staff store shares (docs/staff.md "The web side"): a store's state around a load, a
// write that hands the API's failure back to the form, and saving a file the API sent.
import type { WritableAtom } from 'nanostores';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';

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
    const failure = await staffFailure(error);
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
    return staffFailure(error);
  }
  await then?.();
  return null;
}

/** Saves a file the API sent (the CSV exports) under the name it gave. */
export function saveDownload({ blob, filename }: { blob: Blob; filename: string }): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
