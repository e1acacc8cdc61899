// The staff import page's typed calls (docs/staff.md "Moving in"), under /api/v1/admin/{slug}/importacao.
import type {
  ImportKind,
  ImportList,
  ImportOptions,
  ImportView,
} from '../../../contract/imports.ts';
import { staffHttp } from './http.ts';

export const fetchImports = (slug: string): Promise<ImportList> =>
  staffHttp(slug).get('importacao').json<ImportList>();

export const fetchImport = (slug: string, id: number): Promise<ImportView> =>
  staffHttp(slug).get(`importacao/${id}`).json<ImportView>();

/** Uploads the file; the answer comes at once, its dry run queued (`analisando`) for the page to follow. */
export function uploadImport(slug: string, kind: ImportKind, file: File): Promise<ImportView> {
  const form = new FormData();
  form.append('arquivo', file);
  return staffHttp(slug)
    .post('importacao', { searchParams: { tipo: kind }, body: form, timeout: 120_000 })
    .json<ImportView>();
}

/** New choices: the dry run is queued again (`analisando`). */
export const saveImportOptions = (slug: string, id: number, options: ImportOptions) =>
  staffHttp(slug).put(`importacao/${id}/opcoes`, { json: options }).json<ImportView>();

export const startImport = (slug: string, id: number) =>
  staffHttp(slug).post(`importacao/${id}/executar`).json<ImportView>();

/** A failed dry run or import tried again with the file already kept. */
export const retryImport = (slug: string, id: number) =>
  staffHttp(slug).post(`importacao/${id}/repetir`).json<ImportView>();

export const undoImport = (slug: string, id: number) =>
  staffHttp(slug).post(`importacao/${id}/desfazer`).json<ImportView>();
