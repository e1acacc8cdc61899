// The children's station without a connection (docs/kids.md "When the network is down"): the
// slot's family list kept on the tablet for an hour, check-ins and pick-ups made offline queued in
// the shared offline queue (src/stores/offline-queue.ts, the events door's) and sent in order when
// the connection returns, each with its own id so a retry never checks a child in twice; what the
// server refuses then (already checked in elsewhere, a room full, a code already taken that day)
// comes back as a report for the volunteer.
import { atom } from 'nanostores';
import {
  KIDS_CODE_ALPHABET,
  KIDS_CODE_LENGTH,
  type KidsChild,
  type KidsFamily,
  type KidsLabels,
  type KidsSession,
} from '../../contract/kids.ts';
import {
  fetchKidsDay,
  fetchKidsFamilies,
  fetchKidsFamilyList,
  postKidsCheckin,
  postKidsPickup,
  postKidsQueuedPickup,
  postKidsRefusal,
  type KidsCheckinForm,
  type KidsOfflineRefusal,
  type KidsQueuedPickup,
} from '../lib/staff/kids-api.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import { $kidsDay, $kidsFamilies, $kidsLast } from './admin-kids.ts';
import { clientId, isOffline, offlineQueue, type QueueStorage } from './offline-queue.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/** How long the station trusts its family list without the network (issue's hour, docs/kids.md). */
export const FAMILY_LIST_MS = 60 * 60 * 1000;

/** A child as the station knows them: `fila` is the id of a check-in made offline, not yet sent. */
export type StationChild = KidsChild & { fila?: string };
export type StationFamily = Omit<KidsFamily, 'criancas'> & { criancas: StationChild[] };

type Queued =
  | { tipo: 'checkin'; responsavel: string; nomes: string; form: KidsCheckinForm }
  | { tipo: 'saida'; nome: string; body: KidsQueuedPickup }
  /** A wrong code refused offline, recorded in the activity log once sent. */
  | { tipo: 'recusa'; nome: string; body: KidsOfflineRefusal };

/** What the volunteer must look at after the queue went out. */
export interface KidsReport {
  /** `recusado`: the server refused it (its message); `novoCodigo`: reprint with the new code. */
  tipo: 'recusado' | 'novoCodigo';
  quem: string;
  mensagem: string;
  codigo?: string;
  codigoId?: number;
}

export interface KidsStationState {
  online: boolean;
  queued: number;
  reports: KidsReport[];
  /** When the family list was taken (ms), null before it was. */
  listAt: number | null;
  error: string | null;
}

export const $kidsStation = atom<KidsStationState>({
  online: true,
  queued: 0,
  reports: [],
  listAt: null,
  error: null,
});
const patch = (p: Partial<KidsStationState>) => $kidsStation.set({ ...$kidsStation.get(), ...p });

let slug = '';
let session: Pick<Storage, 'getItem' | 'setItem'> | null = null;

const queue = offlineQueue<Queued, KidsReport, object>({
  storageKey: STORAGE_KEYS.kidsQueue,
  blank: {},
  batch: 1,
  async send([item]) {
    try {
      if (item!.tipo === 'saida') {
        await postKidsQueuedPickup(slug, item!.body);
        return [];
      }
      if (item!.tipo === 'recusa') {
        await postKidsRefusal(slug, item!.body);
        return [];
      }
      const labels = await postKidsCheckin(slug, item!.form);
      if (labels.codigo === item!.form.codigo) return [];
      return [
        {
          tipo: 'novoCodigo',
          quem: item!.responsavel,
          mensagem: item!.nomes,
          codigo: labels.codigo,
          codigoId: labels.codigoId,
        },
      ];
    } catch (error) {
      if (isOffline(error)) throw error;
      const failure = await staffFailure(error);
      // a server error is kept for the next try; a refusal is the volunteer's to look at
      if (failure.status >= 500) throw error;
      const quem = item!.tipo === 'checkin' ? item!.responsavel : item!.nome;
      return [{ tipo: 'recusado', quem, mensagem: failure.message }];
    }
  },
  onChange: (entry) => patch({ queued: entry.fila.length, reports: entry.avisos }),
});

interface CachedList {
  at: number;
  data: string;
  horario: string;
  familias: StationFamily[];
}

function readList(data: string, horario: string, now = Date.now()): CachedList | null {
  try {
    const list = JSON.parse(session?.getItem(STORAGE_KEYS.kidsFamilies) ?? 'null') as CachedList;
    if (list && list.data === data && list.horario === horario && now - list.at < FAMILY_LIST_MS)
      return list;
  } catch {
    // an unreadable list is no list
  }
  return null;
}
function writeList(list: CachedList): void {
  try {
    session?.setItem(STORAGE_KEYS.kidsFamilies, JSON.stringify(list));
  } catch {
    // too big for the storage: the station still works online
  }
  patch({ listAt: list.at });
}

/** Opens the station: what this tablet still holds, sent now if it can be. */
export function openKidsStation(
  churchSlug: string,
  local: QueueStorage,
  tab: typeof session,
): void {
  slug = churchSlug;
  session = tab;
  queue.open(local, churchSlug);
  patch({ online: navigator.onLine });
  void flushKids();
}

/** Takes the slot's family list for working offline (kept an hour). */
export async function keepFamilyList(data: string, horario: string): Promise<void> {
  if (!horario || !navigator.onLine) return;
  try {
    const { familias } = await fetchKidsFamilyList(slug, data, horario);
    writeList({ at: Date.now(), data, horario, familias });
  } catch (error) {
    if (isOffline(error)) patch({ online: false });
  }
}

/** Folds accents and case, as the server's search does ("joao" finds João). */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The station's search without the network: phone digits or a parent's or child's name. */
export function searchOffline(
  busca: string,
  data: string,
  horario: string,
): StationFamily[] | null {
  const list = readList(data, horario);
  if (!list) return null;
  const digits = busca.replace(/\D/g, '');
  const phone = /^[+\d\s().-]+$/.test(busca.trim()) && digits.length >= 4;
  const term = fold(busca.trim());
  return list.familias
    .filter((f) =>
      phone
        ? (f.telefone ?? '').replace(/\D/g, '').includes(digits)
        : [f.responsavel, ...f.criancas.map((c) => c.nome)].some((n) => fold(n).includes(term)),
    )
    .slice(0, 10);
}

/**
 * The station's search: the server's answer, or the kept list's when the server cannot be reached
 * (never the error page, which would leave the kiosk).
 */
export async function stationSearch(busca: string, data: string, horario: string): Promise<void> {
  const offline = () => {
    const found = searchOffline(busca, data, horario);
    patch({ online: false });
    $kidsFamilies.set(
      found
        ? { state: 'ready', data: { familias: found } }
        : { state: 'error', message: '', status: 0 },
    );
  };
  if (!navigator.onLine) return offline();
  $kidsFamilies.set({ state: 'loading' });
  try {
    $kidsFamilies.set({
      state: 'ready',
      data: await fetchKidsFamilies(slug, busca, data, horario),
    });
    patch({ online: true });
  } catch (error) {
    if (isOffline(error)) return offline();
    const failure = await staffFailure(error);
    $kidsFamilies.set({ state: 'error', message: failure.message, status: failure.status });
  }
}

/** The day's sessions; without the network the ones already shown stay. */
export async function stationLoadDay(data: string): Promise<void> {
  if (!navigator.onLine) return patch({ online: false });
  try {
    $kidsDay.set({ state: 'ready', data: await fetchKidsDay(slug, data) });
  } catch (error) {
    if (isOffline(error)) patch({ online: false });
    else {
      const failure = await staffFailure(error);
      $kidsDay.set({ state: 'error', message: failure.message, status: failure.status });
    }
  }
}

function changeChildren(
  data: string,
  horario: string,
  chave: string,
  change: (c: StationChild) => StationChild,
): void {
  const list = readList(data, horario);
  if (!list) return;
  const familias = list.familias.map((f) =>
    f.chave === chave ? { ...f, criancas: f.criancas.map(change) } : f,
  );
  writeList({ ...list, familias });
  const shown = $kidsFamilies.get();
  if (shown.state === 'ready')
    $kidsFamilies.set({
      state: 'ready',
      data: {
        familias: shown.data.familias.map((f) =>
          f.chave === chave ? { ...f, criancas: f.criancas.map(change) } : f,
        ),
      },
    });
}

/** A code drawn on the tablet (crypto-random, the printed alphabet); the server keeps it unless taken. */
export function offlineCode(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint32Array(KIDS_CODE_LENGTH));
  return [...bytes].map((b) => KIDS_CODE_ALPHABET[b % KIDS_CODE_ALPHABET.length]).join('');
}

/**
 * Checks children in: at once when the server answers, else kept on the tablet with a code drawn
 * here (the labels say it is waiting). Every check-in carries its id, so one sent twice is one.
 */
export async function stationCheckIn(
  form: KidsCheckinForm,
  family: StationFamily,
  sessions: KidsSession[],
): Promise<KidsLabels | ApiFailure> {
  const body = { ...form, clienteId: clientId() };
  const keep = (): KidsLabels => {
    const codigo = offlineCode();
    const picked = form.criancas.map((p) => {
      const child = family.criancas.find((c) => c.tipo === p.tipo && c.id === p.id)!;
      const room = sessions.find((s) => s.id === (p.sessaoId ?? child.sessaoSugerida));
      return { child, room };
    });
    const nomes = picked.map((p) => p.child.nome).join(', ');
    queue.add({
      tipo: 'checkin',
      responsavel: family.responsavel,
      nomes,
      form: { ...body, codigo },
    });
    changeChildren(form.data, form.horario, family.chave, (c) =>
      picked.some((p) => p.child.tipo === c.tipo && p.child.id === c.id)
        ? { ...c, fila: body.clienteId, codigo }
        : c,
    );
    const labels: KidsLabels = {
      codigoId: 0,
      codigo,
      data: form.data,
      responsavel: family.responsavel,
      etiquetas: picked.map((p, i) => ({
        checkinId: -1 - i,
        nome: p.child.nome,
        sala: p.room?.sala.nome ?? '',
        horario: form.horario,
        observacoes: p.child.observacoes,
      })),
    };
    patch({ online: false });
    $kidsLast.set(labels);
    return labels;
  };
  if (!navigator.onLine) return keep();
  try {
    const labels = await postKidsCheckin(slug, body);
    $kidsLast.set(labels);
    patch({ online: true });
    return labels;
  } catch (error) {
    if (isOffline(error)) return keep();
    return staffFailure(error);
  }
}

/**
 * Lets a child go: at once online; offline only against the code the tablet knows for the child
 * (or staff's reason), then queued. Null when done, else the refusal to show.
 */
export async function stationPickUp(
  child: StationChild,
  family: StationFamily,
  slot: { data: string; horario: string; estacao?: string },
  body: { codigo?: string; motivo?: string },
): Promise<ApiFailure | null> {
  const id = clientId();
  const keep = (): ApiFailure | null => {
    const target = child.fila
      ? { checkinCliente: child.fila, crianca: { tipo: child.tipo, id: child.id } }
      : { checkinId: child.checkinId! };
    if (body.codigo !== undefined && body.codigo.trim().toUpperCase() !== child.codigo) {
      // refused here; the island words it, and the refusal is sent to the activity log with the queue
      queue.add({
        tipo: 'recusa',
        nome: child.nome,
        body: {
          clienteId: id,
          ...target,
          codigo: body.codigo.trim().slice(0, 20) || '?',
          estacao: slot.estacao ?? '',
          em: new Date().toISOString(),
        },
      });
      if (navigator.onLine) void flushKids();
      return { status: 403, message: '', errors: { codigo: ['offline'] } };
    }
    queue.add({ tipo: 'saida', nome: child.nome, body: { clienteId: id, ...target, ...body } });
    if (navigator.onLine) void flushKids();
    changeChildren(slot.data, slot.horario, family.chave, (c) =>
      c.tipo === child.tipo && c.id === child.id
        ? { ...c, checkinId: null, fila: undefined, codigo: null }
        : c,
    );
    patch({ online: false });
    return null;
  };
  if (child.fila || !navigator.onLine) return keep();
  try {
    await postKidsPickup(slug, child.checkinId!, { ...body, clienteId: id });
    patch({ online: true });
    return null;
  } catch (error) {
    if (isOffline(error)) return keep();
    return staffFailure(error);
  }
}

/** Sends what the tablet holds; the list is taken again afterwards by the page. */
export async function flushKids(): Promise<boolean> {
  try {
    const done = await queue.flush();
    if (done) patch({ online: true, error: null });
    return done;
  } catch (error) {
    if (isOffline(error)) patch({ online: false });
    else patch({ error: (await staffFailure(error)).message });
    return false;
  }
}

export function setKidsOnline(online: boolean): void {
  patch({ online });
  if (online) void flushKids();
}

export const clearKidsReports = () => queue.clearReports();
