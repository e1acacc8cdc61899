// The sermon notes' state and actions (spec §2 notes, §4): the edits kept in this browser until the
// server has them (localStorage, key owned by src/stores/session.ts), the calls as values, the
// sending of kept edits, and one note being edited (`noteSync`): saved as the member types
// (debounced), retried until the server has it, never overwriting a save made elsewhere (the server
// answers 409 to a stale versao). No DOM here: the notes scripts in src/scripts/ render `$note`.
import type { HTTPError } from 'ky';
import { map, type MapStore } from 'nanostores';
import type { Note, NoteConflict } from '../../contract/notes.ts';
import { classifyFailure } from '../lib/account/http.ts';
import * as api from '../lib/notes/api.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

// ---- edits kept in this browser, one entry per note by its chave (the browser-made id that
// makes a replayed POST find the same note) ----

export interface Draft {
  chave: string;
  churchId: number;
  userId: number;
  /** Server id; null until the first save reached the server. */
  id: number | null;
  titulo: string;
  texto: string;
  /** The server's versao these edits were made on; null for a new note. */
  versao: number | null;
  /** ms since epoch of the last keystroke. */
  changedAt: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;
const store = (): Store | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

function readAll(s = store()): Record<string, Draft> {
  try {
    const raw = s?.getItem(STORAGE_KEYS.notesPending);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, Draft>)
      : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, Draft>, s = store()): void {
  try {
    s?.setItem(STORAGE_KEYS.notesPending, JSON.stringify(all));
  } catch {
    /* storage full or blocked: the page still holds the text */
  }
}

export function saveDraft(draft: Draft): void {
  const all = readAll();
  all[draft.chave] = draft;
  writeAll(all);
}

/** Drops the entry, unless it was changed after `changedAt` (another keystroke since). */
export function dropDraft(chave: string, changedAt?: number): void {
  const all = readAll();
  const current = all[chave];
  if (!current) return;
  if (changedAt !== undefined && current.changedAt > changedAt) return;
  delete all[chave];
  writeAll(all);
}

export const draftByKey = (chave: string): Draft | undefined => readAll()[chave];

export function draftById(id: number): Draft | undefined {
  return Object.values(readAll()).find((d) => d.id === id);
}

/** This member's unsent notes in this church, newest first. */
export function draftsOf(userId: number, churchId: number): Draft[] {
  return Object.values(readAll())
    .filter((d) => d.userId === userId && d.churchId === churchId)
    .sort((a, b) => b.changedAt - a.changedAt);
}

// ---- the calls ----

export type CallResult<V> =
  | { ok: true; value: V }
  | { ok: false; kind: 'network' }
  | { ok: false; kind: 'conflict'; current: Note; message: string }
  | {
      ok: false;
      kind: 'missing' | 'invalid' | 'status';
      status: number;
      message: string;
      errors: Record<string, string[]>;
    };

/** A notes call as a value: the API module throws, the store keeps the page's words whatever happens. */
async function attempt<V>(run: () => Promise<V>): Promise<CallResult<V>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (classifyFailure(error) !== 'status') return { ok: false, kind: 'network' };
    const { response } = error as HTTPError;
    const status = response.status;
    let body: Partial<NoteConflict> & { errors?: Record<string, string[]> } = {};
    try {
      body = await response.clone().json();
    } catch {
      /* not JSON */
    }
    if (status === 409 && body.atual)
      return { ok: false, kind: 'conflict', current: body.atual, message: body.message ?? '' };
    const kind = status === 404 ? 'missing' : status === 400 ? 'invalid' : 'status';
    return { ok: false, kind, status, message: body.message ?? '', errors: body.errors ?? {} };
  }
}

/** The notes calls as values (never thrown, never sent to the error page: docs/notes.md). */
export const noteCalls = {
  list: (churchId: number) => attempt(() => api.listNotes(churchId)),
  get: (id: number, churchId: number) => attempt(() => api.getNote(id, churchId)),
  create: (churchId: number, body: { chave: string; titulo: string; texto: string }) =>
    attempt(() => api.createNote(churchId, body)),
  update: (id: number, churchId: number, body: { titulo: string; texto: string; versao: number }) =>
    attempt(() => api.updateNote(id, churchId, body)),
  remove: (id: number, churchId: number, versao?: number) =>
    attempt(() => api.deleteNote(id, churchId, versao)),
};

// ---- kept edits of notes not open anywhere (typed offline, a tab closed mid-save) ----

/** Resolves with how many drafts reached the server. Conflicts stay for the editor to show. */
export async function sendPendingNotes(userId: number, churchId: number): Promise<number> {
  let sent = 0;
  for (const d of draftsOf(userId, churchId)) {
    const empty = isBlank(d.titulo) && isBlank(d.texto);
    if (d.id !== null && empty) {
      const r = await noteCalls.remove(d.id, churchId, d.versao ?? undefined);
      if (r.ok || r.kind === 'missing') {
        dropDraft(d.chave, d.changedAt);
        sent++;
      }
      continue;
    }
    if (isBlank(d.titulo)) continue; // spec §4: no save without a title; the editor says so
    const body = { titulo: d.titulo.trim(), texto: d.texto };
    if (d.id === null) {
      const r = await noteCalls.create(churchId, { chave: d.chave, ...body });
      if (!r.ok) continue;
      // a replayed chave answers the note as first sent: bring it up to date
      if (r.value.titulo !== body.titulo || r.value.texto !== body.texto) {
        const u = await noteCalls.update(r.value.id, churchId, { ...body, versao: r.value.versao });
        if (!u.ok) continue;
      }
      dropDraft(d.chave, d.changedAt);
      sent++;
    } else if (d.versao !== null) {
      const r = await noteCalls.update(d.id, churchId, { ...body, versao: d.versao });
      if (r.ok) {
        dropDraft(d.chave, d.changedAt);
        sent++;
      }
    }
  }
  return sent;
}

// ---- one note being edited ----

/**
 * What the editor says, always true: `saved` only when the server holds exactly what is on the
 * screen; `saving` while a save is due or under way; `retrying` after a failed attempt (offline);
 * `needsTitle` when spec §4 forbids saving; `conflict` when another tab or device saved first.
 */
export type SaveStatus =
  'saved' | 'saving' | 'retrying' | 'needsTitle' | 'conflict' | 'invalid' | 'deleted';

export interface NoteCalls {
  create(
    churchId: number,
    body: { chave: string; titulo: string; texto: string },
  ): Promise<CallResult<Note>>;
  update(
    id: number,
    churchId: number,
    body: { titulo: string; texto: string; versao: number },
  ): Promise<CallResult<Note>>;
  remove(id: number, churchId: number, versao?: number): Promise<CallResult<true>>;
}

export interface DraftStore {
  save(draft: Draft): void;
  drop(chave: string, changedAt?: number): void;
}

export interface NoteSyncOptions {
  churchId: number;
  userId: number;
  /** Defaults to the API (`noteCalls`) and this browser's storage; tests pass their own. */
  calls?: NoteCalls;
  drafts?: DraftStore;
  /** Quiet time after a keystroke before saving. */
  debounceMs?: number;
  /** Waits after a failure: 1st, 2nd, … (the last repeats). */
  retryMs?: number[];
  newKey(): string;
  now?(): number;
}

/** The note on the screen and what the server said of it. */
export interface NoteState {
  chave: string;
  id: number | null;
  titulo: string;
  texto: string;
  /** The note as the server last said it is. */
  server: Note | null;
  status: SaveStatus;
  /** The other version, when status is `conflict`. */
  conflict: Note | null;
  /** Per-field messages of a refused save. */
  errors: Record<string, string[]>;
}

export const isBlank = (s: string) => s.trim() === '';

/** The screen differs from what the server holds. */
export const isDirty = (n: NoteState): boolean =>
  !n.server || n.server.titulo !== n.titulo.trim() || n.server.texto !== n.texto;

/** spec §4: leaving with no content deletes the note. */
export const isEmpty = (n: NoteState): boolean => isBlank(n.titulo) && isBlank(n.texto);

/** One note's store (`$note`) and its actions; a page makes one per editor it shows. */
export function noteSync(options: NoteSyncOptions, start: { note?: Note; draft?: Draft }) {
  const calls = options.calls ?? noteCalls;
  const store = options.drafts ?? { save: saveDraft, drop: dropDraft };
  const now = () => (options.now ? options.now() : Date.now());
  const { churchId } = options;
  const { note, draft } = start;
  const $note: MapStore<NoteState> = map<NoteState>({
    chave: draft?.chave ?? note?.chave ?? options.newKey(),
    id: null,
    titulo: '',
    texto: '',
    server: null,
    status: 'saved',
    conflict: null,
    errors: {},
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | null = null;
  let failures = 0;
  let changedAt = 0;

  const get = () => $note.get();
  const set = (change: Partial<NoteState>) => $note.set({ ...get(), ...change });
  const adopt = (n: Note): Partial<NoteState> => ({
    server: n,
    id: n.id,
    chave: n.chave,
    titulo: n.titulo,
    texto: n.texto,
  });

  if (note) set(adopt(note));
  if (draft) {
    set({ id: draft.id ?? get().id, titulo: draft.titulo, texto: draft.texto });
    changedAt = draft.changedAt;
    // Edits made on an older version than the server's: someone saved in between.
    if (note && draft.versao !== null && draft.versao !== note.versao)
      set({ status: 'conflict', conflict: note });
    else set({ status: isDirty(get()) ? 'saving' : 'saved' });
  }

  function persist() {
    const n = get();
    store.save({
      chave: n.chave,
      churchId,
      userId: options.userId,
      id: n.id,
      titulo: n.titulo,
      texto: n.texto,
      versao: n.server?.versao ?? null,
      changedAt,
    });
  }

  function schedule(ms: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), ms);
  }

  /** A keystroke: kept in the browser at once, saved after a quiet moment. */
  function edit(titulo: string, texto: string): void {
    if (get().status === 'deleted') return;
    changedAt = now();
    set({ titulo, texto, errors: {} });
    if (isEmpty(get()) && !get().id) store.drop(get().chave);
    else persist();
    if (get().status !== 'conflict') {
      set({ status: !isDirty(get()) ? 'saved' : isBlank(titulo) ? 'needsTitle' : 'saving' });
      schedule(options.debounceMs ?? 700);
    }
  }

  /** Saves now if anything is due; resolves when this attempt is over. */
  function flush(): Promise<void> {
    clearTimeout(timer);
    if (inFlight)
      return inFlight.then(() =>
        isDirty(get()) && get().status === 'saving' ? flush() : undefined,
      );
    const { status } = get();
    if (status === 'conflict' || status === 'deleted') return Promise.resolve();
    if (!isDirty(get())) {
      store.drop(get().chave, changedAt);
      set({ status: 'saved' });
      return Promise.resolve();
    }
    // spec §4: a note cannot be saved without a title (an empty note is deleted on leaving).
    if (isBlank(get().titulo)) {
      set({ status: 'needsTitle' });
      return Promise.resolve();
    }
    inFlight = send().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function send(): Promise<void> {
    const n = get();
    const sent = { titulo: n.titulo.trim(), texto: n.texto, at: changedAt };
    const result =
      n.id === null || !n.server
        ? await calls.create(churchId, { chave: n.chave, titulo: sent.titulo, texto: sent.texto })
        : await calls.update(n.id, churchId, {
            titulo: sent.titulo,
            texto: sent.texto,
            versao: n.server.versao,
          });
    if (result.ok) {
      failures = 0;
      set({ server: result.value, id: result.value.id });
      if (isDirty(get())) {
        // typed on while saving (or a replayed POST answered an older text): save again
        persist();
        set({ status: isBlank(get().titulo) ? 'needsTitle' : 'saving' });
        if (get().status === 'saving') schedule(0);
        return;
      }
      store.drop(get().chave, sent.at);
      set({ status: 'saved' });
      return;
    }
    if (result.kind === 'conflict') return set({ conflict: result.current, status: 'conflict' });
    if (result.kind === 'invalid') return set({ errors: result.errors, status: 'invalid' });
    if (result.kind === 'missing' && get().id !== null) {
      // deleted elsewhere while this screen still holds words: keep them as a new note
      set({ id: null, server: null, chave: options.newKey() });
      persist();
      schedule(0);
      return;
    }
    // offline, a 5xx, a 403 after the token ran out…: keep the draft and try again
    const waits = options.retryMs ?? [2000, 4000, 8000, 15000, 30000];
    schedule(waits[Math.min(failures, waits.length - 1)]!);
    failures++;
    set({ status: 'retrying' });
  }

  /** The network came back: try at once. */
  function online(): void {
    if (get().status === 'retrying') {
      failures = 0;
      set({ status: 'saving' });
      void flush();
    }
  }

  /** Conflict: keep what is on this screen, saved over the other version. */
  function keepMine(): Promise<void> {
    const other = get().conflict;
    if (!other) return Promise.resolve();
    set({ server: other, id: other.id, conflict: null, status: 'saving' });
    persist();
    return flush();
  }

  /** Conflict: take the other version (this screen's edits are dropped). */
  function takeTheirs(): void {
    const other = get().conflict;
    if (!other) return;
    store.drop(get().chave);
    set({ ...adopt(other), conflict: null, status: 'saved' });
  }

  /**
   * Leaving the editor (spec §4): an empty note is deleted; otherwise what is due is saved.
   * Resolves true when the note is gone.
   */
  async function leave(): Promise<boolean> {
    clearTimeout(timer);
    if (!isEmpty(get())) {
      await flush();
      return false;
    }
    if (inFlight) await inFlight;
    store.drop(get().chave);
    const { id, server } = get();
    if (id === null) {
      set({ status: 'deleted' });
      return true;
    }
    const result = await calls.remove(id, churchId, server?.versao);
    if (result.ok || (!result.ok && result.kind === 'missing')) {
      set({ status: 'deleted' });
      return true;
    }
    if (result.kind === 'conflict') set({ conflict: result.current, status: 'conflict' });
    else {
      // keep the emptied note as a draft so the delete is tried again from the list
      persist();
      set({ status: 'retrying' });
    }
    return false;
  }

  return {
    $note,
    edit,
    flush,
    online,
    keepMine,
    takeTheirs,
    leave,
    dispose: () => clearTimeout(timer),
  };
}

export type NoteSync = ReturnType<typeof noteSync>;
