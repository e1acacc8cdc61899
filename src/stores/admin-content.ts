// The staff content area's state (docs/staff.md "Content"): a kind's list and categories, and the
// editor of one item (what was typed, the saved version, field errors, a conflict). Islands
// subscribe and render; every call and rule lives here or in the API.
import { atom, map } from 'nanostores';
import type {
  ContentStatusName,
  StaffCategory,
  StaffContent,
  StaffContentKind,
  StaffContentList,
  StaffImage,
  StaffPreview,
} from '../../contract/content-staff.ts';
import {
  changeContentState,
  conflictOf,
  createCategory,
  createContent,
  deleteCategory,
  deleteContent,
  fetchCategories,
  fetchContent,
  fetchContentList,
  fetchPreview,
  renameCategory,
  updateContent,
  uploadCover,
  type ContentFilter,
  type ContentInput,
} from '../lib/staff/content-api.ts';
import { staffFailure } from '../lib/staff/http.ts';
import { loadInto, type Loadable } from './staff-store.ts';

// ---- the list ----

export const $contentList = atom<Loadable<StaffContentList>>({ state: 'idle' });
export const $contentCategories = atom<StaffCategory[]>([]);

/** Loads a page of the kind for the filters in the address; a late older answer is dropped. */
export const loadContentList = (
  slug: string,
  kind: StaffContentKind,
  filter: ContentFilter,
): Promise<void> => loadInto($contentList, () => fetchContentList(slug, kind, filter));

export async function loadCategories(slug: string, kind: StaffContentKind): Promise<void> {
  try {
    $contentCategories.set(await fetchCategories(slug, kind));
  } catch {
    $contentCategories.set([]);
  }
}

/** A category action's outcome: null when done, else the API's message (and field errors). */
export type CategoryOutcome = { message: string; errors: Record<string, string[]> } | null;

async function categoryAction(
  slug: string,
  kind: StaffContentKind,
  action: () => Promise<unknown>,
): Promise<CategoryOutcome> {
  try {
    await action();
    await loadCategories(slug, kind);
    return null;
  } catch (error) {
    const failure = await staffFailure(error);
    return { message: failure.message, errors: failure.errors };
  }
}

export const addCategory = (slug: string, kind: StaffContentKind, nome: string) =>
  categoryAction(slug, kind, () => createCategory(slug, kind, nome));
export const removeCategory = (slug: string, kind: StaffContentKind, id: number) =>
  categoryAction(slug, kind, () => deleteCategory(slug, kind, id));
export const saveCategoryName = (slug: string, kind: StaffContentKind, id: number, nome: string) =>
  categoryAction(slug, kind, () => renameCategory(slug, kind, id, nome));

// ---- the preview ----

export type PreviewState =
  | { state: 'loading' }
  | { state: 'ready'; preview: StaffPreview }
  | { state: 'error'; message: string };

export const $preview = atom<PreviewState>({ state: 'loading' });

/** The item as the public detail call shapes it, whatever its state. */
export async function loadPreview(slug: string, kind: StaffContentKind, id: number): Promise<void> {
  $preview.set({ state: 'loading' });
  try {
    $preview.set({ state: 'ready', preview: await fetchPreview(slug, kind, id) });
  } catch (error) {
    $preview.set({ state: 'error', message: (await staffFailure(error)).message });
  }
}

// ---- the editor ----

/** What the form holds: text as typed (numbers and dates too), the cover as uploaded. */
export interface EditorForm {
  titulo: string;
  resumo: string;
  corpo: string;
  imagem: StaffImage | null;
  categoriaId: string;
  palavrasChave: string;
  autor: string;
  slug: string;
  /** `datetime-local` text in the browser's time zone. */
  publicadoEm: string;
  detalhes: Record<string, string>;
}

export type EditorBusy =
  'save' | 'publicado' | 'agendado' | 'rascunho' | 'arquivado' | 'delete' | 'upload' | null;

export interface EditorState {
  kind: StaffContentKind;
  /** The version on the server (null: not saved yet). */
  item: StaffContent | null;
  form: EditorForm;
  /** The form as last loaded or saved, to tell whether anything changed. */
  saved: string;
  errors: Record<string, string>;
  message: { kind: 'ok' | 'error' | 'info'; text: string } | null;
  /** Someone else's newer version, when a save met it (409). */
  conflict: StaffContent | null;
  busy: EditorBusy;
}

/** `datetime-local` text for an ISO instant, in the browser's time zone. */
export function localInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function formOf(item: StaffContent | null): EditorForm {
  return {
    titulo: item?.titulo ?? '',
    resumo: item?.resumo ?? '',
    corpo: item?.corpo ?? '',
    imagem: item?.imagem ?? null,
    categoriaId: item?.categoriaId ? String(item.categoriaId) : '',
    palavrasChave: (item?.palavrasChave ?? []).join(', '),
    autor: item?.autor ?? '',
    slug: item?.slug ?? '',
    publicadoEm: localInput(item?.publicadoEm),
    detalhes: Object.fromEntries(
      Object.entries(item?.detalhes ?? {}).map(([k, v]) => [k, v === null ? '' : String(v)]),
    ),
  };
}

const snapshot = (form: EditorForm) => JSON.stringify(form);

export const $editor = map<EditorState>({
  kind: 'noticia',
  item: null,
  form: formOf(null),
  saved: snapshot(formOf(null)),
  errors: {},
  message: null,
  conflict: null,
  busy: null,
});

/** Whether the form differs from what the server holds. */
export const isDirty = (state: EditorState): boolean => snapshot(state.form) !== state.saved;

/** Whether the editor's item has loaded (a new item needs nothing). */
export const $editorLoad = atom<{
  state: 'loading' | 'ready' | 'missing' | 'error';
  message?: string;
}>({
  state: 'loading',
});

/** Opens the editor on a saved item (by id) or on a new one (null). */
export async function openEditor(
  slug: string,
  kind: StaffContentKind,
  id: number | null,
): Promise<void> {
  if (id === null) {
    startEditor(kind, null);
    $editorLoad.set({ state: 'ready' });
    return;
  }
  $editorLoad.set({ state: 'loading' });
  try {
    startEditor(kind, await fetchContent(slug, kind, id));
    $editorLoad.set({ state: 'ready' });
  } catch (error) {
    const failure = await staffFailure(error);
    $editorLoad.set({
      state: failure.status === 404 || failure.status === 400 ? 'missing' : 'error',
      message: failure.message,
    });
  }
}

export function startEditor(kind: StaffContentKind, item: StaffContent | null): void {
  const form = formOf(item);
  $editor.set({
    kind,
    item,
    form,
    saved: snapshot(form),
    errors: {},
    message: null,
    conflict: null,
    busy: null,
  });
}

/** A field's new value (its error cleared). */
export function editField<K extends keyof EditorForm>(name: K, value: EditorForm[K]): void {
  const state = $editor.get();
  const { [name]: _gone, ...errors } = state.errors;
  $editor.set({ ...state, form: { ...state.form, [name]: value }, errors });
}

export function editDetail(name: string, value: string): void {
  const state = $editor.get();
  const { [`detalhes.${name}`]: _gone, ...errors } = state.errors;
  $editor.set({
    ...state,
    form: { ...state.form, detalhes: { ...state.form.detalhes, [name]: value } },
    errors,
  });
}

const NUMERIC_DETAILS = new Set(['duracaoSegundos']);

/** The form as the API takes it; the date only when it was changed (so a save keeps the exact one). */
function inputOf(state: EditorState): ContentInput {
  const { form, item } = state;
  const blank = (v: string) => (v.trim() === '' ? null : v.trim());
  const dateChanged = form.publicadoEm !== localInput(item?.publicadoEm);
  const when = form.publicadoEm ? new Date(form.publicadoEm) : null;
  return {
    titulo: form.titulo,
    resumo: blank(form.resumo),
    corpo: form.corpo.trim() === '' || form.corpo === '<p></p>' ? null : form.corpo,
    imagem: form.imagem,
    categoriaId: form.categoriaId ? Number(form.categoriaId) : null,
    palavrasChave: form.palavrasChave
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    autor: blank(form.autor),
    slug: blank(form.slug),
    publicadoEm: dateChanged && when && !Number.isNaN(when.getTime()) ? when.toISOString() : null,
    detalhes: Object.fromEntries(
      Object.entries(form.detalhes).map(([k, v]) => [
        k,
        v.trim() === '' ? null : NUMERIC_DETAILS.has(k) ? Number(v) : v.trim(),
      ]),
    ),
  };
}

/** API field names → the form's (`palavrasChave.2` → `palavrasChave`, `imagem.url` → `imagem`). */
function fieldErrors(errors: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, list] of Object.entries(errors)) {
    const field = key.startsWith('detalhes.') ? key : (key.split('.')[0] ?? key);
    out[field] ??= list[0] ?? '';
  }
  return out;
}

async function failed(error: unknown, conflictText?: string): Promise<void> {
  const state = $editor.get();
  const current = await conflictOf(error);
  const failure = await staffFailure(error);
  $editor.set({
    ...state,
    busy: null,
    conflict: current,
    errors: fieldErrors(failure.errors),
    message: { kind: 'error', text: failure.message || conflictText || '' },
  });
}

/** Saved: the form stays as typed, the server's version becomes the base. */
function savedAs(item: StaffContent, text: string | null): void {
  const state = $editor.get();
  const form = { ...state.form, publicadoEm: localInput(item.publicadoEm) };
  $editor.set({
    ...state,
    item,
    form,
    saved: snapshot(form),
    busy: null,
    conflict: null,
    errors: {},
    message: text ? { kind: 'ok', text } : null,
  });
}

/** Creates or updates the item with what was typed; null when it failed (the form keeps the text). */
export async function saveItem(slug: string, okText: string | null): Promise<StaffContent | null> {
  const state = $editor.get();
  $editor.set({ ...state, busy: 'save', message: null });
  try {
    const input = inputOf(state);
    const item = state.item
      ? await updateContent(slug, state.kind, state.item.id, {
          ...input,
          versao: state.item.versao,
        })
      : await createContent(slug, state.kind, input);
    savedAs(item, okText);
    return item;
  } catch (error) {
    await failed(error);
    return null;
  }
}

/** Saves what changed, then moves the item to `status` (scheduling for the form's date). */
export async function moveTo(
  slug: string,
  status: ContentStatusName,
  okText: string,
): Promise<StaffContent | null> {
  let state = $editor.get();
  if (!state.item || isDirty(state)) {
    if (!(await saveItem(slug, null))) return null;
    state = $editor.get();
  }
  const item = state.item!;
  $editor.set({ ...state, busy: status, message: null });
  try {
    const when = state.form.publicadoEm ? new Date(state.form.publicadoEm) : null;
    const saved = await changeContentState(slug, state.kind, item.id, {
      status,
      versao: item.versao,
      ...(status === 'agendado' && when && !Number.isNaN(when.getTime())
        ? { publicadoEm: when.toISOString() }
        : {}),
    });
    savedAs(saved, okText);
    return saved;
  } catch (error) {
    await failed(error);
    return null;
  }
}

export async function removeDraft(slug: string): Promise<boolean> {
  const state = $editor.get();
  if (!state.item) return false;
  $editor.set({ ...state, busy: 'delete', message: null });
  try {
    await deleteContent(slug, state.kind, state.item.id, state.item.versao);
    // Nothing left to lose: leaving the page must not ask.
    $editor.set({ ...$editor.get(), busy: null, saved: snapshot($editor.get().form) });
    return true;
  } catch (error) {
    await failed(error);
    return false;
  }
}

/** Uploads a cover and puts it on the form (saved with the item). */
export async function uploadCoverImage(slug: string, file: File): Promise<void> {
  const state = $editor.get();
  $editor.set({ ...state, busy: 'upload', message: null });
  try {
    const imagem = await uploadCover(slug, file);
    const now = $editor.get();
    const { imagem: _gone, ...errors } = now.errors;
    $editor.set({ ...now, busy: null, form: { ...now.form, imagem }, errors });
  } catch (error) {
    const failure = await staffFailure(error);
    const now = $editor.get();
    $editor.set({
      ...now,
      busy: null,
      errors: { ...now.errors, imagem: failure.errors.imagem?.[0] ?? failure.message },
    });
  }
}

/** Uploads an image for the body through the cover's route and caps: its path and size, or why not. */
export async function uploadBodyImage(
  slug: string,
  file: File,
): Promise<StaffImage | { error: string }> {
  try {
    return await uploadCover(slug, file);
  } catch (error) {
    const failure = await staffFailure(error);
    return { error: failure.errors.imagem?.[0] ?? failure.message };
  }
}

/** After a conflict: take the other version (drops what was typed). */
export function takeTheirs(): void {
  const { conflict, kind } = $editor.get();
  if (conflict) startEditor(kind, conflict);
}

/** After a conflict: keep what was typed and save it over the other version. */
export async function keepMine(slug: string, okText: string): Promise<void> {
  const state = $editor.get();
  if (!state.conflict) return;
  $editor.set({ ...state, item: state.conflict, conflict: null });
  await saveItem(slug, okText);
}

// ---- the editor's address ----

const editHref = (kind: StaffContentKind, id: number) => `/admin/content/${kind}/${id}`;

/** A new item's address becomes its own once saved (a reload opens it). */
function settle(id: number | undefined): void {
  const { kind } = $editor.get();
  if (id && location.pathname !== editHref(kind, id))
    history.replaceState(null, '', editHref(kind, id));
}

/** Saves what was typed; a new item's address becomes its own. */
export async function saveAndSettle(slug: string, okText: string): Promise<void> {
  settle((await saveItem(slug, okText))?.id);
}

/** Moves the item to `status` (saving first); a new item's address becomes its own. */
export async function moveAndSettle(
  slug: string,
  status: ContentStatusName,
  okText: string,
): Promise<void> {
  settle((await moveTo(slug, status, okText))?.id);
}

/**
 * Opens the preview. A new or changed item is saved first and its address becomes the draft's,
 * so "back" from the preview returns to the saved draft rather than an empty form.
 */
export async function openPreview(slug: string): Promise<void> {
  const state = $editor.get();
  let id = state.item?.id;
  if (!state.item || isDirty(state)) id = (await saveItem(slug, null))?.id;
  if (!id) return;
  settle(id);
  location.href = `${editHref(state.kind, id)}/preview`;
}

/** Deletes the draft and goes back to the kind's list. */
export async function removeAndLeave(slug: string): Promise<void> {
  const { kind } = $editor.get();
  if (await removeDraft(slug)) location.href = `/admin/content/${kind}`;
}
