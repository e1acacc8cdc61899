// The import page's state (docs/staff.md "Moving in"): the church's imports and the one being
// prepared or followed; the actions that upload, map, start and undo. Islands render these.
import { atom } from 'nanostores';
import type { ImportKind, ImportList, ImportOptions, ImportView } from '../../contract/imports.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import * as api from '../lib/staff/imports-api.ts';
import { loadInto, type Loadable } from './staff-store.ts';

export const $imports = atom<Loadable<ImportList>>({ state: 'idle' });
/** The import on screen: its dry run being read or shown, queued, running, finished. */
export const $current = atom<ImportView | null>(null);

export type Outcome = { ok: true } | { ok: false; failure: ApiFailure };

async function run(call: () => Promise<ImportView>): Promise<Outcome> {
  try {
    $current.set(await call());
    return { ok: true };
  } catch (error) {
    return { ok: false, failure: await staffFailure(error) };
  }
}

export const loadImports = (slug: string) => loadInto($imports, () => api.fetchImports(slug));

export const upload = async (slug: string, kind: ImportKind, file: File): Promise<Outcome> => {
  const outcome = await run(() => api.uploadImport(slug, kind, file));
  // the history lists it at once, while its dry run is read
  if (outcome.ok) await loadImports(slug);
  return outcome;
};

export const saveOptions = (slug: string, id: number, options: ImportOptions) =>
  run(() => api.saveImportOptions(slug, id, options));

export const start = (slug: string, id: number) => run(() => api.startImport(slug, id));

export const retry = (slug: string, id: number) => run(() => api.retryImport(slug, id));

export const undo = async (slug: string, id: number): Promise<Outcome> => {
  const outcome = await run(() => api.undoImport(slug, id));
  await loadImports(slug);
  return outcome;
};

export const open = (slug: string, id: number) => run(() => api.fetchImport(slug, id));

/** States a background task is working on: the page follows them. */
export const busyStates: readonly ImportView['estado'][] = ['analisando', 'na_fila', 'importando'];

/** Reads the import again (the progress bar); true while its dry run or import is still going. */
export async function poll(slug: string, id: number): Promise<boolean> {
  const outcome = await open(slug, id);
  const state = $current.get()?.estado;
  const going = !!state && busyStates.includes(state);
  // its task ended (dry run shown, imported or failed): the history shows its new state
  if (outcome.ok && !going) await loadImports(slug);
  return outcome.ok && going;
}

export const close = () => $current.set(null);
