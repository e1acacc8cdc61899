// Edits not yet on the server, kept in localStorage (key owned by src/stores/session.ts) so a
// note typed offline, or a tab closed mid-save, loses no word. One entry per note, by its chave
// (the browser-made id that makes a replayed POST find the same note).
import { STORAGE_KEYS } from '../../stores/session.ts';

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
