// One note being edited: saves as the member types (debounced), keeps unsent edits in the
// browser, retries until the server has them, and never overwrites a save made elsewhere
// (the server answers 409 to a stale versao). No DOM here: the editor renders `status`.
import type { Note } from '../../../contract/notes.ts';
import type { CallResult } from './api.ts';
import type { Draft } from './drafts.ts';

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
  calls: NoteCalls;
  drafts: DraftStore;
  /** Quiet time after a keystroke before saving. */
  debounceMs?: number;
  /** Waits after a failure: 1st, 2nd, … (the last repeats). */
  retryMs?: number[];
  onChange(sync: NoteSync): void;
  newKey(): string;
  now?(): number;
}

export const isBlank = (s: string) => s.trim() === '';

export class NoteSync {
  readonly churchId: number;
  chave: string;
  id: number | null = null;
  titulo = '';
  texto = '';
  /** The note as the server last said it is. */
  server: Note | null = null;
  status: SaveStatus = 'saved';
  /** The other version, when status is `conflict`. */
  conflict: Note | null = null;
  /** Per-field messages of a refused save. */
  errors: Record<string, string[]> = {};
  private readonly o: NoteSyncOptions;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | null = null;
  private failures = 0;
  private changedAt = 0;

  constructor(options: NoteSyncOptions, start: { note?: Note; draft?: Draft }) {
    this.o = options;
    this.churchId = options.churchId;
    const { note, draft } = start;
    this.chave = draft?.chave ?? note?.chave ?? options.newKey();
    if (note) this.adopt(note);
    if (draft) {
      this.id = draft.id ?? this.id;
      this.titulo = draft.titulo;
      this.texto = draft.texto;
      this.changedAt = draft.changedAt;
      // Edits made on an older version than the server's: someone saved in between.
      if (note && draft.versao !== null && draft.versao !== note.versao) {
        this.status = 'conflict';
        this.conflict = note;
      } else this.status = this.dirty() ? 'saving' : 'saved';
    }
  }

  private now = () => (this.o.now ? this.o.now() : Date.now());
  private emit = () => this.o.onChange(this);

  private adopt(note: Note) {
    this.server = note;
    this.id = note.id;
    this.chave = note.chave;
    this.titulo = note.titulo;
    this.texto = note.texto;
  }

  /** The screen differs from what the server holds. */
  dirty(): boolean {
    return (
      !this.server || this.server.titulo !== this.titulo.trim() || this.server.texto !== this.texto
    );
  }

  /** spec §4: leaving with no content deletes the note. */
  empty(): boolean {
    return isBlank(this.titulo) && isBlank(this.texto);
  }

  private persist() {
    this.o.drafts.save({
      chave: this.chave,
      churchId: this.churchId,
      userId: this.o.userId,
      id: this.id,
      titulo: this.titulo,
      texto: this.texto,
      versao: this.server?.versao ?? null,
      changedAt: this.changedAt,
    });
  }

  /** A keystroke: kept in the browser at once, saved after a quiet moment. */
  edit(titulo: string, texto: string): void {
    if (this.status === 'deleted') return;
    this.titulo = titulo;
    this.texto = texto;
    this.changedAt = this.now();
    this.errors = {};
    if (this.empty() && !this.id) this.o.drafts.drop(this.chave);
    else this.persist();
    if (this.status !== 'conflict') {
      this.status = !this.dirty() ? 'saved' : isBlank(titulo) ? 'needsTitle' : 'saving';
      this.schedule(this.o.debounceMs ?? 700);
    }
    this.emit();
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
  }

  /** Saves now if anything is due; resolves when this attempt is over. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    if (this.inFlight)
      return this.inFlight.then(() =>
        this.dirty() && this.status === 'saving' ? this.flush() : undefined,
      );
    if (this.status === 'conflict' || this.status === 'deleted') return Promise.resolve();
    if (!this.dirty()) {
      this.o.drafts.drop(this.chave, this.changedAt);
      this.status = 'saved';
      this.emit();
      return Promise.resolve();
    }
    // spec §4: a note cannot be saved without a title (an empty note is deleted on leaving).
    if (isBlank(this.titulo)) {
      this.status = 'needsTitle';
      this.emit();
      return Promise.resolve();
    }
    this.inFlight = this.send().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async send(): Promise<void> {
    const sent = { titulo: this.titulo.trim(), texto: this.texto, at: this.changedAt };
    const result =
      this.id === null || !this.server
        ? await this.o.calls.create(this.churchId, {
            chave: this.chave,
            titulo: sent.titulo,
            texto: sent.texto,
          })
        : await this.o.calls.update(this.id, this.churchId, {
            titulo: sent.titulo,
            texto: sent.texto,
            versao: this.server.versao,
          });
    if (result.ok) {
      this.failures = 0;
      this.server = result.value;
      this.id = result.value.id;
      if (this.dirty()) {
        // typed on while saving (or a replayed POST answered an older text): save again
        this.persist();
        this.status = isBlank(this.titulo) ? 'needsTitle' : 'saving';
        this.emit();
        if (this.status === 'saving') this.schedule(0);
        return;
      }
      this.o.drafts.drop(this.chave, sent.at);
      this.status = 'saved';
      this.emit();
      return;
    }
    if (result.kind === 'conflict') {
      this.conflict = result.current;
      this.status = 'conflict';
      this.emit();
      return;
    }
    if (result.kind === 'invalid') {
      this.errors = result.errors;
      this.status = 'invalid';
      this.emit();
      return;
    }
    if (result.kind === 'missing' && this.id !== null) {
      // deleted elsewhere while this screen still holds words: keep them as a new note
      this.id = null;
      this.server = null;
      this.chave = this.o.newKey();
      this.persist();
      this.schedule(0);
      return;
    }
    // offline, a 5xx, a 403 after the token ran out…: keep the draft and try again
    const waits = this.o.retryMs ?? [2000, 4000, 8000, 15000, 30000];
    this.status = 'retrying';
    this.schedule(waits[Math.min(this.failures, waits.length - 1)]!);
    this.failures++;
    this.emit();
  }

  /** The network came back: try at once. */
  online(): void {
    if (this.status === 'retrying') {
      this.failures = 0;
      this.status = 'saving';
      this.emit();
      void this.flush();
    }
  }

  /** Conflict: keep what is on this screen, saved over the other version. */
  keepMine(): Promise<void> {
    if (!this.conflict) return Promise.resolve();
    this.server = this.conflict;
    this.id = this.conflict.id;
    this.conflict = null;
    this.status = 'saving';
    this.persist();
    this.emit();
    return this.flush();
  }

  /** Conflict: take the other version (this screen's edits are dropped). */
  takeTheirs(): void {
    if (!this.conflict) return;
    this.adopt(this.conflict);
    this.conflict = null;
    this.o.drafts.drop(this.chave);
    this.status = 'saved';
    this.emit();
  }

  /**
   * Leaving the editor (spec §4): an empty note is deleted; otherwise what is due is saved.
   * Resolves true when the note is gone.
   */
  async leave(): Promise<boolean> {
    clearTimeout(this.timer);
    if (!this.empty()) {
      await this.flush();
      return false;
    }
    if (this.inFlight) await this.inFlight;
    this.o.drafts.drop(this.chave);
    if (this.id === null) {
      this.status = 'deleted';
      this.emit();
      return true;
    }
    const result = await this.o.calls.remove(this.id, this.churchId, this.server?.versao);
    if (result.ok || (!result.ok && result.kind === 'missing')) {
      this.status = 'deleted';
      this.emit();
      return true;
    }
    if (result.kind === 'conflict') {
      this.conflict = result.current;
      this.status = 'conflict';
    } else {
      // keep the emptied note as a draft so the delete is tried again from the list
      this.persist();
      this.status = 'retrying';
    }
    this.emit();
    return false;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
