// Rows → the wire shapes of contract/groups.ts.
import type {
  GroupAddress,
  GroupItem,
  GroupLeader,
  GroupMeeting,
  GroupRequest,
} from '../../contract/groups.ts';
import type * as t from '../db/schema/index.ts';

type GroupRow = typeof t.groups.$inferSelect;
type UserBits = { id: number; firstName: string; lastName: string | null; image: string | null };

export const fullName = (u: { firstName: string; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');

export function toLeader(u: UserBits | null): GroupLeader | null {
  return u ? { id: u.id, nome: fullName(u), imagem: u.image } : null;
}

export function toGroupItem(
  row: GroupRow,
  leader: UserBits | null,
  members: number,
  distance: number | null,
): GroupItem {
  return {
    id: row.id,
    nome: row.name,
    descricao: row.description,
    diaSemana: row.weekday,
    horario: row.time,
    bairro: row.neighborhood,
    cidade: row.city,
    lider: toLeader(leader),
    qtdeMembros: members,
    distancia: distance === null ? null : Math.round(distance * 10) / 10,
  };
}

export function toAddress(row: GroupRow): GroupAddress {
  return {
    logradouro: row.street,
    numero: row.number,
    complemento: row.complement,
    bairro: row.neighborhood,
    cidade: row.city,
    estado: row.state,
    cep: row.zipCode,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

export function toMeeting(
  row: typeof t.groupMeetings.$inferSelect,
  study: { id: number; title: string } | null,
): GroupMeeting {
  return {
    id: row.id,
    data: row.date.toISOString(),
    tema: row.theme,
    estudo: study ? { id: study.id, titulo: study.title } : null,
    qtdePresentes: row.attendance,
    observacoes: row.notes,
  };
}

export function toRequest(row: typeof t.groupRequests.$inferSelect, user: UserBits): GroupRequest {
  return {
    id: row.id,
    idCelula: row.groupId,
    situacao: row.status,
    mensagem: row.message,
    dataCadastro: row.createdAt.toISOString(),
    dataResposta: row.answeredAt ? row.answeredAt.toISOString() : null,
    usuario: { id: user.id, nome: fullName(user), imagem: user.image },
  };
}
