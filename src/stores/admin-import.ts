// The import page's state (docs/staff.md "Moving in"): the church's imports and the one being
// prepared or followed, the choices typed for it and the upload form; the actions that upload,
// map, start and undo. Islands render these.
import { atom, map } from 'nanostores';
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
    const view = await call();
    // another import on screen: its own saved choices, nothing changed yet
    if ($current.get()?.id !== view.id)
      $choices.set({ ...$choices.get(), options: view.opcoes, dirty: false });
    $current.set(view);
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

/** Back to the upload form: the import's choices and messages are forgotten. */
export const close = () => {
  $current.set(null);
  $choices.set(noChoices);
  $uploadForm.set(noUpload);
};

// ---- the import on screen: its choices and the actions on it ----

export interface ImportChoices {
  /** The column mapping, date order, confirmations, invitations and categories as chosen. */
  options: ImportOptions | null;
  /** Chosen but not read again: starting reads them first. */
  dirty: boolean;
  busy: boolean;
  error: string | null;
  /** What an undo met in use since (the refusal's list). */
  inUse: string[];
}

const noChoices: ImportChoices = {
  options: null,
  dirty: false,
  busy: false,
  error: null,
  inUse: [],
};
export const $choices = map<ImportChoices>(noChoices);

export function chooseOptions(options: ImportOptions): void {
  $choices.set({ ...$choices.get(), options, dirty: true });
}
/** A field of the form changed (the browser's change event): the dry run is out of date. */
export const markChanged = (): void => $choices.setKey('dirty', true);

async function busyWhile(call: () => Promise<Outcome>): Promise<Outcome> {
  $choices.setKey('busy', true);
  const outcome = await call();
  $choices.setKey('busy', false);
  return outcome;
}

/** Reads the file again with the choices made: the dry run shown follows them. */
export async function checkChoices(slug: string): Promise<boolean> {
  const view = $current.get();
  const { options } = $choices.get();
  if (!view || !options) return false;
  const outcome = await busyWhile(() => saveOptions(slug, view.id, options));
  $choices.set({
    ...$choices.get(),
    error: outcome.ok ? null : (outcome.failure.errors?.mapeamento?.[0] ?? outcome.failure.message),
    ...(outcome.ok ? { dirty: false } : {}),
  });
  return outcome.ok;
}

/** Starts the import; changed choices are read again first: the dry run shown is what gets imported. */
export async function startImport(slug: string): Promise<void> {
  const view = $current.get();
  if (!view) return;
  if ($choices.get().dirty) return void (await checkChoices(slug));
  const outcome = await busyWhile(() => start(slug, view.id));
  $choices.setKey('error', outcome.ok ? null : outcome.failure.message);
}

export async function retryImport(slug: string): Promise<void> {
  const view = $current.get();
  if (!view) return;
  const outcome = await busyWhile(() => retry(slug, view.id));
  $choices.setKey('error', outcome.ok ? null : outcome.failure.message);
}

/** Undoes the import as a whole; a refusal lists what is in use since. */
export async function undoImport(slug: string): Promise<void> {
  const view = $current.get();
  if (!view) return;
  const outcome = await undo(slug, view.id);
  if (outcome.ok) $choices.set({ ...$choices.get(), inUse: [], error: null });
  else
    $choices.set({
      ...$choices.get(),
      error: outcome.failure.message,
      inUse: outcome.failure.errors?.emUso ?? [],
    });
}

/** Follows a running import (its progress bar) until its task ends; the returned call stops it. */
export function follow(slug: string, id: number): () => void {
  let stop = false;
  const tick = async () => {
    if (stop) return;
    if (await poll(slug, id)) timer = setTimeout(tick, 1500);
  };
  let timer = setTimeout(tick, 1000);
  return () => {
    stop = true;
    clearTimeout(timer);
  };
}

// ---- the upload form ----

export interface UploadForm {
  kind: ImportKind;
  file: File | null;
  busy: boolean;
  error: string | null;
}

const noUpload: UploadForm = { kind: 'pessoas', file: null, busy: false, error: null };
export const $uploadForm = map<UploadForm>(noUpload);

export const chooseKind = (kind: ImportKind): void => $uploadForm.setKey('kind', kind);
export const chooseFile = (file: File | null): void => $uploadForm.setKey('file', file);

/** Sends the file to be read; `noFileText` when none was chosen. */
export async function sendFile(slug: string, noFileText: string): Promise<void> {
  const { kind, file } = $uploadForm.get();
  if (!file) return $uploadForm.setKey('error', noFileText);
  $uploadForm.setKey('busy', true);
  const outcome = await upload(slug, kind, file);
  $uploadForm.set({
    ...$uploadForm.get(),
    busy: false,
    error: outcome.ok ? null : (outcome.failure.errors?.arquivo?.[0] ?? outcome.failure.message),
  });
}
