// Children's check-in from the browser (docs/kids.md): rooms, sessions, the station's search and
// check-in, labels, pick-up, roster, paging, the door screen and attendance under /admin/{slug}/kids/.
import type {
  KidsAttendance,
  KidsDay,
  KidsDoor,
  KidsFamilies,
  KidsLabels,
  KidsPositions,
  KidsRoom,
  KidsRoster,
} from '../../../contract/kids.ts';
import { staffHttp } from './http.ts';

export interface KidsRoomForm {
  nome: string;
  idadeMinMeses: number | string;
  idadeMaxMeses: number | string;
  /** Blank: the room takes children by age. */
  anoEscolarMin: number | string;
  anoEscolarMax: number | string;
  capacidade: number | string;
  proporcao: number | string;
  ativo: boolean;
  /** The rota position whose volunteers serve the room; blank: none. */
  posicaoId?: number | string | null;
}

export interface KidsCheckinForm {
  /** The station's id for this check-in (a retry is the same check-in). */
  clienteId?: string;
  /** The code printed while offline. */
  codigo?: string;
  data: string;
  horario: string;
  estacao: string;
  familia: string;
  criancas: { tipo: 'm' | 'v'; id: number; sessaoId?: number }[];
}

export interface KidsVisitorForm {
  responsavel: string;
  telefone: string;
  criancas: { nome: string; sobrenome: string; dataNascimento: string; observacoes: string }[];
}

const kids = (slug: string) => staffHttp(slug);

export const fetchKidsRooms = (slug: string) =>
  kids(slug).get('kids/salas').json<{ salas: KidsRoom[] }>();
export const fetchKidsPositions = (slug: string) =>
  kids(slug).get('kids/posicoes').json<KidsPositions>();
export const postKidsRoom = (slug: string, form: KidsRoomForm) =>
  kids(slug).post('kids/salas', { json: form }).json<KidsRoom>();
export const putKidsRoom = (slug: string, id: number, form: KidsRoomForm) =>
  kids(slug).put(`kids/salas/${id}`, { json: form }).json<KidsRoom>();

export const fetchKidsDay = (slug: string, data: string) =>
  kids(slug).get('kids/sessoes', { searchParams: { data } }).json<KidsDay>();
export const postKidsGenerate = (slug: string, data: string) =>
  kids(slug).post('kids/sessoes/gerar', { json: { data } }).json<KidsDay>();
export const postKidsSession = (
  slug: string,
  form: { salaId: number; data: string; horario: string; titulo: string },
) => kids(slug).post('kids/sessoes', { json: form }).json<KidsDay>();

export const fetchKidsFamilies = (slug: string, busca: string, data: string, horario: string) =>
  kids(slug).get('kids/familias', { searchParams: { busca, data, horario } }).json<KidsFamilies>();
/** Every family with children, with the slot's rooms: the station's list for working offline. */
export const fetchKidsFamilyList = (slug: string, data: string, horario: string) =>
  kids(slug).get('kids/familias/todas', { searchParams: { data, horario } }).json<KidsFamilies>();
export const postKidsVisitor = (slug: string, form: KidsVisitorForm) =>
  kids(slug).post('kids/visitantes', { json: form }).json<{ chave: string }>();
export const postKidsCheckin = (slug: string, form: KidsCheckinForm) =>
  kids(slug).post('kids/checkin', { json: form, retry: 0 }).json<KidsLabels>();

/** A family pre-checked from the phone is here: its children are in their rooms, same code. */
export const postKidsArrival = (slug: string, codeId: number, estacao: string) =>
  kids(slug)
    .post(`kids/codigos/${codeId}/chegada`, { json: { estacao }, retry: 0 })
    .json<KidsLabels>();

export const fetchKidsLabels = (slug: string, codeId: number, checkinId?: number) =>
  kids(slug)
    .get(`kids/codigos/${codeId}/etiquetas`, {
      searchParams: checkinId ? { crianca: checkinId } : {},
    })
    .json<KidsLabels>();

export const postKidsPickup = (
  slug: string,
  checkinId: number,
  body: { codigo?: string; motivo?: string; clienteId?: string },
) =>
  kids(slug)
    .post(`kids/checkin/${checkinId}/saida`, { json: body })
    .json<{ checkinId: number; nome: string; saida: string; override: boolean }>();

/** A pick-up the station queued offline (of a known check-in, or of one queued too). */
export interface KidsQueuedPickup {
  clienteId: string;
  checkinId?: number;
  checkinCliente?: string;
  crianca?: { tipo: 'm' | 'v'; id: number };
  codigo?: string;
  motivo?: string;
}
export const postKidsQueuedPickup = (slug: string, body: KidsQueuedPickup) =>
  kids(slug)
    .post('kids/saidas', { json: body, retry: 0 })
    .json<{ checkinId: number; nome: string; saida: string; override: boolean }>();

/** A wrong code the station refused offline (docs/kids.md "When the network is down"). */
export interface KidsOfflineRefusal {
  clienteId: string;
  checkinId?: number;
  checkinCliente?: string;
  crianca?: { tipo: 'm' | 'v'; id: number };
  codigo: string;
  estacao: string;
  em: string;
}
export const postKidsRefusal = (slug: string, body: KidsOfflineRefusal) =>
  kids(slug).post('kids/recusas', { json: body, retry: 0 }).json<{ registrado: true }>();

export const postKidsPage = (slug: string, checkinId: number) =>
  kids(slug)
    .post(`kids/checkin/${checkinId}/chamar`, { json: {} })
    .json<{ codigo: string; notificado: boolean }>();

export const fetchKidsRoster = (slug: string, sessionId: number) =>
  kids(slug).get(`kids/sessoes/${sessionId}/lista`).json<KidsRoster>();
export const fetchKidsDoor = (slug: string, data: string) =>
  kids(slug).get('kids/porta', { searchParams: { data } }).json<KidsDoor>();

export const fetchKidsAttendance = (slug: string, de: string, ate: string) =>
  kids(slug).get('kids/frequencia', { searchParams: { de, ate } }).json<KidsAttendance>();

/** The CSV file of a range, as the API names it. */
export async function fetchKidsAttendanceCsv(slug: string, de: string, ate: string) {
  const res = await kids(slug).get('kids/frequencia.csv', { searchParams: { de, ate } });
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await res.blob(), filename: name ?? `kids-${de}-${ate}.csv` };
}
