// The notes calls from the browser (spec §7 "Notes"), with the session's bearer token on the main
// API client. Failures come back as values, never thrown and never sent to the error page: a note
// typed offline must stay on the page (docs/notes.md).
import { HTTPError } from 'ky';
import type { Note, NoteConflict, NotesListResponse } from '../../../contract/notes.ts';
import { mainApi } from '../account/http.ts';

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

async function attempt<V>(run: () => Promise<V>): Promise<CallResult<V>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (!(error instanceof HTTPError)) return { ok: false, kind: 'network' };
    const status = error.response.status;
    let body: Partial<NoteConflict> & { errors?: Record<string, string[]> } = {};
    try {
      body = await error.response.clone().json();
    } catch {
      /* not JSON */
    }
    if (status === 409 && body.atual)
      return { ok: false, kind: 'conflict', current: body.atual, message: body.message ?? '' };
    const kind = status === 404 ? 'missing' : status === 400 ? 'invalid' : 'status';
    return { ok: false, kind, status, message: body.message ?? '', errors: body.errors ?? {} };
  }
}

type NoteAnswer = { status: true; nota: Note };

/** `GET /user/nota-sermao?igreja&limit=999` (spec §9: the list limit). */
export const listNotes = (churchId: number) =>
  attempt(() =>
    mainApi()
      .get('user/nota-sermao', { searchParams: { igreja: churchId, limit: 999 } })
      .json<NotesListResponse>()
      .then((r) => r.notas),
  );

/** `GET /nota-sermao/{id}?igreja=` */
export const getNote = (id: number, churchId: number) =>
  attempt(() =>
    mainApi()
      .get(`nota-sermao/${id}`, { searchParams: { igreja: churchId } })
      .json<NoteAnswer>()
      .then((r) => r.nota),
  );

/** `POST /nota-sermao/?igreja=`: a replay with the same chave answers the same note. */
export const createNote = (
  churchId: number,
  body: { chave: string; titulo: string; texto: string },
) =>
  attempt(() =>
    mainApi()
      .post('nota-sermao/', { searchParams: { igreja: churchId }, json: body })
      .json<NoteAnswer>()
      .then((r) => r.nota),
  );

/** `PUT /nota-sermao/{id}`: 409 (conflict) when the note's versao moved on. */
export const updateNote = (
  id: number,
  churchId: number,
  body: { titulo: string; texto: string; versao: number },
) =>
  attempt(() =>
    mainApi()
      .put(`nota-sermao/${id}`, { searchParams: { igreja: churchId }, json: body })
      .json<NoteAnswer>()
      .then((r) => r.nota),
  );

/** `DELETE /nota-sermao/{id}`; with `versao`, a 409 when the note changed since. */
export const deleteNote = (id: number, churchId: number, versao?: number) =>
  attempt(async () => {
    await mainApi().delete(`nota-sermao/${id}`, {
      searchParams: versao === undefined ? { igreja: churchId } : { igreja: churchId, versao },
    });
    return true as const;
  });
