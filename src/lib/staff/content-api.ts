// The staff content calls from the browser (docs/staff.md "Content"): every one under
// `/api/v1/admin/{slug}/conteudo/…`, typed by contract/content-staff.ts.
import { HTTPError } from 'ky';
import type {
  ContentStatusName,
  StaffCategory,
  StaffContent,
  StaffContentConflict,
  StaffContentKind,
  StaffContentList,
  StaffImage,
  StaffPreview,
} from '../../../contract/content-staff.ts';
import { staffHttp } from './http.ts';

export interface ContentFilter {
  busca: string;
  status: ContentStatusName | '';
  categoria: number | null;
  page: number;
}

/** What the editor sends (contract/content-staff.ts contentWriteSchema). */
export interface ContentInput {
  titulo: string;
  resumo: string | null;
  corpo: string | null;
  imagem: StaffImage | null;
  categoriaId: number | null;
  palavrasChave: string[];
  autor: string | null;
  slug: string | null;
  publicadoEm: string | null;
  detalhes: Record<string, string | number | null>;
}

const base = (kind: StaffContentKind) => `conteudo/${kind}`;

export function fetchContentList(
  slug: string,
  kind: StaffContentKind,
  filter: ContentFilter,
): Promise<StaffContentList> {
  const searchParams: Record<string, string | number> = { page: filter.page };
  if (filter.busca) searchParams.busca = filter.busca;
  if (filter.status) searchParams.status = filter.status;
  if (filter.categoria) searchParams.categoria = filter.categoria;
  return staffHttp(slug).get(base(kind), { searchParams }).json<StaffContentList>();
}

export const fetchContent = (slug: string, kind: StaffContentKind, id: number) =>
  staffHttp(slug)
    .get(`${base(kind)}/${id}`)
    .json<StaffContent>();

export const createContent = (slug: string, kind: StaffContentKind, input: ContentInput) =>
  staffHttp(slug).post(base(kind), { json: input }).json<StaffContent>();

export const updateContent = (
  slug: string,
  kind: StaffContentKind,
  id: number,
  input: ContentInput & { versao: number },
) =>
  staffHttp(slug)
    .put(`${base(kind)}/${id}`, { json: input })
    .json<StaffContent>();

export const changeContentState = (
  slug: string,
  kind: StaffContentKind,
  id: number,
  state: { status: ContentStatusName; versao: number; publicadoEm?: string },
) =>
  staffHttp(slug)
    .post(`${base(kind)}/${id}/estado`, { json: state })
    .json<StaffContent>();

export const deleteContent = (slug: string, kind: StaffContentKind, id: number, versao: number) =>
  staffHttp(slug)
    .delete(`${base(kind)}/${id}`, { searchParams: { versao } })
    .json<unknown>();

export const fetchPreview = (slug: string, kind: StaffContentKind, id: number) =>
  staffHttp(slug)
    .get(`${base(kind)}/${id}/previa`)
    .json<StaffPreview>();

export const fetchCategories = (slug: string, kind: StaffContentKind) =>
  staffHttp(slug)
    .get(`${base(kind)}/categorias`)
    .json<{ categorias: StaffCategory[] }>()
    .then((r) => r.categorias);

export const createCategory = (slug: string, kind: StaffContentKind, nome: string) =>
  staffHttp(slug)
    .post(`${base(kind)}/categorias`, { json: { nome } })
    .json<StaffCategory>();

export const renameCategory = (slug: string, kind: StaffContentKind, id: number, nome: string) =>
  staffHttp(slug)
    .put(`${base(kind)}/categorias/${id}`, { json: { nome } })
    .json<unknown>();

export const deleteCategory = (slug: string, kind: StaffContentKind, id: number) =>
  staffHttp(slug)
    .delete(`${base(kind)}/categorias/${id}`)
    .json<unknown>();

/** POST conteudo/imagem (multipart): the stored cover and its size. */
export function uploadCover(slug: string, file: File): Promise<StaffImage> {
  const body = new FormData();
  body.set('imagem', file);
  return staffHttp(slug)
    .post('conteudo/imagem', { body, timeout: 60_000 })
    .json<{ imagem: StaffImage }>()
    .then((r) => r.imagem);
}

/** The item as it is now when a save met someone else's newer version (409), else null. */
export async function conflictOf(error: unknown): Promise<StaffContent | null> {
  if (!(error instanceof HTTPError) || error.response.status !== 409) return null;
  try {
    const body = (await error.response.clone().json()) as Partial<StaffContentConflict>;
    return body.atual ?? null;
  } catch {
    return null;
  }
}
