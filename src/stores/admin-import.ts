// The import page's state (docs/staff.md "Moving in"): the church's imports and the one being
// prepared or followed; the actions that upload, map, start and undo. Islands render these.
import { atom } from 'nanostores';
import type { ImportKind, ImportList, ImportOptions, ImportView } from '../../contract/imports.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import * as api from '../lib/staff/imports-api.ts';
import { loadInto, type Loadable } from './staff-store.ts';

export const $imports = atom<Loadable<ImportList>>({ state: 'idle' });
/** The import on screen: just uploaded (the dry run), queued, running, finished. */
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

export const upload = (slug: string, kind: ImportKind, file: File) =>
  run(() => api.uploadImport(slug, kind, file));

export const saveOptions = (slug: string, id: number, options: ImportOptions) =>
  run(() => api.saveImportOptions(slug, id, options));

export const start = (slug: string, id: number) => run(() => api.startImport(slug, id));

export const undo = async (slug: string, id: number): Promise<Outcome> => {
  const outcome = await run(() => api.undoImport(slug, id));
  await loadImports(slug);
  return outcome;
};

export const open = (slug: string, id: number) => run(() => api.fetchImport(slug, id));

/** Reads the running import again (the progress bar); true while it is still queued or running. */
export async function poll(slug: string, id: number): Promise<boolean> {
  const outcome = await open(slug, id);
  const state = $current.get()?.estado;
  if (outcome.ok && (state === 'concluido' || state === 'falhou')) await loadImports(slug);
  return outcome.ok && (state === 'na_fila' || state === 'importando');
}

export const close = () => $current.set(null);
