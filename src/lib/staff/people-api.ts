// The church's people from the browser (docs/staff.md "People"): directory, CSV, a person's page,
// roles, member number, deactivation and deletion requests under /admin/{slug}/.
import type { DeletionRequest, PeoplePage, Person } from '../../../contract/people-staff.ts';
import { staffHttp } from './http.ts';

export interface PeopleFilter {
  busca: string | null;
  papel: string | null;
  grupo: number | null;
  status: string | null;
}

export function peopleParams(f: PeopleFilter): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.busca) out.busca = f.busca;
  if (f.papel) out.papel = f.papel;
  if (f.grupo) out.grupo = String(f.grupo);
  if (f.status) out.status = f.status;
  return out;
}

export const fetchPeople = (slug: string, f: PeopleFilter, page: number) =>
  staffHttp(slug)
    .get('pessoas', { searchParams: { ...peopleParams(f), page } })
    .json<PeoplePage>();

/** The CSV as a file to save (the call carries the bearer token, so it is fetched, not linked). */
export async function downloadPeopleCsv(
  slug: string,
  f: PeopleFilter,
): Promise<{ blob: Blob; filename: string }> {
  const res = await staffHttp(slug).get('pessoas.csv', { searchParams: peopleParams(f) });
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'pessoas.csv';
  return { blob: await res.blob(), filename };
}

export const fetchPerson = (slug: string, id: number) =>
  staffHttp(slug).get(`pessoas/${id}`).json<Person>();

export const putRoles = (slug: string, id: number, roles: string[]) =>
  staffHttp(slug).put(`pessoas/${id}/papeis`, { json: { roles } }).json<Person>();

export const putMemberNumber = (slug: string, id: number, numeroMembro: string | null) =>
  staffHttp(slug).put(`pessoas/${id}/numero`, { json: { numeroMembro } }).json<Person>();

export const postActive = (slug: string, id: number, active: boolean) =>
  staffHttp(slug)
    .post(`pessoas/${id}/${active ? 'reativar' : 'desativar'}`)
    .json<Person>();

export const fetchDeletionRequests = (slug: string) =>
  staffHttp(slug).get('pedidos-exclusao').json<{ pedidos: DeletionRequest[] }>();

export const postCarryOut = (slug: string, id: number) =>
  staffHttp(slug).post(`pedidos-exclusao/${id}/concluir`).json<DeletionRequest>();
