// The church's groups from the browser (docs/staff.md "Groups"): list, a group's page, the people
// picker, create and edit, members and join requests under /admin/{slug}/.
import type {
  StaffGroup,
  StaffGroupInput,
  StaffGroupPerson,
  StaffGroups,
} from '../../../contract/groups-staff.ts';
import { staffHttp } from './http.ts';

export type GroupForm = StaffGroupInput;

export const fetchGroups = (slug: string, busca: string | null) =>
  staffHttp(slug)
    .get('grupos', { searchParams: busca ? { busca } : {} })
    .json<StaffGroups>();

export const fetchGroup = (slug: string, id: number) =>
  staffHttp(slug).get(`grupos/${id}`).json<StaffGroup>();

export const fetchGroupPeople = (slug: string, busca: string) =>
  staffHttp(slug)
    .get('grupos-pessoas', { searchParams: { busca } })
    .json<{ pessoas: StaffGroupPerson[] }>();

export const postGroup = (slug: string, form: GroupForm) =>
  staffHttp(slug).post('grupos', { json: form }).json<{ id: number }>();

export const putGroup = (slug: string, id: number, form: GroupForm) =>
  staffHttp(slug).put(`grupos/${id}`, { json: form }).json<{ id: number }>();

export const postGroupMember = (slug: string, id: number, idUsuario: number) =>
  staffHttp(slug).post(`grupos/${id}/membros`, { json: { idUsuario } }).json<{ id: number }>();

export const deleteGroupMember = (slug: string, id: number, userId: number) =>
  staffHttp(slug).delete(`grupos/${id}/membros/${userId}`).json<{ id: number }>();

export const putGroupRequest = (
  slug: string,
  id: number,
  requestId: number,
  acao: 'aceitar' | 'recusar',
) =>
  staffHttp(slug)
    .put(`grupos/${id}/solicitacoes/${requestId}`, { json: { acao } })
    .json<{ message: string }>();
