// The notes calls from the browser (spec §7 "Notes"), with the session's bearer token on the main
// API client. They throw like every API module (src/README.md); src/stores/notes.ts turns the
// failures into values, so a note typed offline stays on the page (docs/notes.md).
import type { Note, NotesListResponse } from '../../../contract/notes.ts';
import { mainApi } from '../account/http.ts';

type NoteAnswer = { status: true; nota: Note };

/** `GET /user/nota-sermao?igreja&limit=999` (spec §9: the list limit). */
export const listNotes = (churchId: number) =>
  mainApi()
    .get('user/nota-sermao', { searchParams: { igreja: churchId, limit: 999 } })
    .json<NotesListResponse>()
    .then((r) => r.notas);

/** `GET /nota-sermao/{id}?igreja=` */
export const getNote = (id: number, churchId: number) =>
  mainApi()
    .get(`nota-sermao/${id}`, { searchParams: { igreja: churchId } })
    .json<NoteAnswer>()
    .then((r) => r.nota);

/** `POST /nota-sermao/?igreja=`: a replay with the same chave answers the same note. */
export const createNote = (
  churchId: number,
  body: { chave: string; titulo: string; texto: string },
) =>
  mainApi()
    .post('nota-sermao/', { searchParams: { igreja: churchId }, json: body })
    .json<NoteAnswer>()
    .then((r) => r.nota);

/** `PUT /nota-sermao/{id}`: 409 (conflict) when the note's versao moved on. */
export const updateNote = (
  id: number,
  churchId: number,
  body: { titulo: string; texto: string; versao: number },
) =>
  mainApi()
    .put(`nota-sermao/${id}`, { searchParams: { igreja: churchId }, json: body })
    .json<NoteAnswer>()
    .then((r) => r.nota);

/** `DELETE /nota-sermao/{id}`; with `versao`, a 409 when the note changed since. */
export async function deleteNote(id: number, churchId: number, versao?: number): Promise<true> {
  await mainApi().delete(`nota-sermao/${id}`, {
    searchParams: versao === undefined ? { igreja: churchId } : { igreja: churchId, versao },
  });
  return true;
}
