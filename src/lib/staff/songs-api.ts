// The staff's song and set-list calls from the browser (docs/staff.md "Songs"): list, edit,
// ChordPro import/export and preview, score PDFs, set lists. Types only from the contract.
import type {
  SetList,
  SetListInput,
  SongInput,
  SongPreview,
  StaffSong,
  StaffSongSummary,
} from '../../../contract/praise-staff.ts';
import { staffHttp } from './http.ts';

export const fetchSongs = async (slug: string, busca: string): Promise<StaffSongSummary[]> =>
  (
    await staffHttp(slug)
      .get('louvor', { searchParams: busca ? { busca } : {} })
      .json<{ louvores: StaffSongSummary[] }>()
  ).louvores;

export const fetchSong = (slug: string, id: number) =>
  staffHttp(slug).get(`louvor/${id}`).json<StaffSong>();

export const createSong = (slug: string, body: SongInput) =>
  staffHttp(slug).post('louvor', { json: body }).json<StaffSong>();

export const updateSong = (slug: string, id: number, body: SongInput) =>
  staffHttp(slug).put(`louvor/${id}`, { json: body }).json<StaffSong>();

export const deleteSong = async (slug: string, id: number): Promise<void> => {
  await staffHttp(slug).delete(`louvor/${id}`);
};

export const importSong = (slug: string, chordpro: string) =>
  staffHttp(slug).post('louvor/importar', { json: { chordpro } }).json<StaffSong>();

export const previewSong = (slug: string, cifra: string, signal?: AbortSignal) =>
  staffHttp(slug).post('louvor/previa', { json: { cifra }, signal }).json<SongPreview>();

export const exportSong = (slug: string, id: number) =>
  staffHttp(slug).get(`louvor/${id}/chordpro`).text();

export const uploadScore = (slug: string, id: number, file: File) => {
  const form = new FormData();
  form.append('arquivo', file);
  return staffHttp(slug).post(`louvor/${id}/partitura`, { body: form }).json<StaffSong>();
};

export const removeScore = (slug: string, id: number, index: number) =>
  staffHttp(slug).delete(`louvor/${id}/partitura/${index}`).json<StaffSong>();

export const fetchSetLists = async (slug: string): Promise<SetList[]> =>
  (await staffHttp(slug).get('repertorio').json<{ repertorios: SetList[] }>()).repertorios;

export const saveSetList = (slug: string, id: number | null, body: SetListInput) =>
  (id
    ? staffHttp(slug).put(`repertorio/${id}`, { json: body })
    : staffHttp(slug).post('repertorio', { json: body })
  ).json<SetList>();

export const deleteSetList = async (slug: string, id: number): Promise<void> => {
  await staffHttp(slug).delete(`repertorio/${id}`);
};
