// The door's check-in screen (docs/events.md "Check-in at the door"): the last answer (green or
// red), the live count, and the offline queue (the shared one, src/stores/offline-queue.ts). A
// scan made without a connection is kept and sent when the connection returns; the server's
// answers to it are shown then, and a ticket scanned twice while offline is reported, never
// taken as two admissions.
import { atom } from 'nanostores';
import type {
  CheckinAnswer,
  CheckinCount,
  CheckinScan,
  CheckinState,
} from '../../contract/events-staff.ts';
import { fetchCheckinState, sendScan, sendScans } from '../lib/staff/events-api.ts';
import { staffFailure } from '../lib/staff/http.ts';
import { isOffline, offlineQueue, type QueueStorage } from './offline-queue.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

export type DoorAnswer =
  | { kind: 'answer'; answer: CheckinAnswer }
  /** Kept on the phone: checked when the connection returns. */
  | { kind: 'queued'; codigo: string }
  /** Scanned again while offline, before the first scan could be checked. */
  | { kind: 'twiceOffline'; codigo: string };

export interface DoorState {
  event: CheckinState['evento'] | null;
  count: CheckinCount | null;
  last: DoorAnswer | null;
  busy: boolean;
  error: string | null;
  online: boolean;
  /** Scans waiting for the connection. */
  queued: number;
  /** Refusals of scans sent late (already used, cancelled…): the door should look at them. */
  reports: CheckinAnswer[];
  door: string;
}

export const $door = atom<DoorState>({
  event: null,
  count: null,
  last: null,
  busy: false,
  error: null,
  online: true,
  queued: 0,
  reports: [],
  door: '',
});

type Scan = CheckinScan & { escaneadoEm: string };

let slug = '';
let eventId = 0;

const patch = (p: Partial<DoorState>) => $door.set({ ...$door.get(), ...p });

// the shared offline queue (src/stores/offline-queue.ts); its entry keeps the door's name too
const queue = offlineQueue<Scan, CheckinAnswer, { porta: string }>({
  storageKey: STORAGE_KEYS.checkinQueue,
  blank: { porta: '' },
  batch: 200,
  async send(scans) {
    const { respostas, contagem } = await sendScans(slug, eventId, scans);
    patch({ count: contagem, online: true });
    return respostas.filter((r) => !r.admitido);
  },
  onChange: (entry) =>
    patch({ queued: entry.fila.length, reports: entry.avisos, door: entry.porta }),
});

/** Opens the door screen of an event: its name, the count, and what this phone still holds. */
export async function openDoor(churchSlug: string, id: number, store: QueueStorage): Promise<void> {
  slug = churchSlug;
  eventId = id;
  queue.open(store, `${churchSlug}:${id}`);
  patch({ online: navigator.onLine });
  await refresh();
  void flush();
}

export async function refresh(): Promise<void> {
  try {
    const state = await fetchCheckinState(slug, eventId);
    patch({ event: state.evento, count: state.contagem, error: null, online: true });
  } catch (error) {
    if (isOffline(error)) patch({ online: false });
    else patch({ error: (await staffFailure(error)).message });
  }
}

export function setDoor(porta: string): void {
  queue.update({ porta: porta.slice(0, 60) });
}

/** One scan or typed code: answered by the server, or queued when there is no connection. */
export async function scan(code: string): Promise<void> {
  const codigo = code.trim().toUpperCase();
  if (!codigo || $door.get().busy) return;
  const stored = queue.read();
  const item = { codigo, porta: stored.porta, escaneadoEm: new Date().toISOString() };
  const keep = () => {
    if (stored.fila.some((s) => s.codigo === codigo)) {
      patch({ last: { kind: 'twiceOffline', codigo }, online: false });
      queue.report({
        codigo,
        admitido: false,
        motivo: 'jaUsado' as const,
        mensagem: '',
        titular: null,
        ingresso: null,
        uso: null,
      });
      return;
    }
    queue.add(item);
    patch({ last: { kind: 'queued', codigo }, online: false });
  };
  if (!navigator.onLine) return keep();
  patch({ busy: true });
  try {
    const { resposta, contagem } = await sendScan(slug, eventId, item);
    patch({
      last: { kind: 'answer', answer: resposta },
      count: contagem,
      online: true,
      error: null,
    });
  } catch (error) {
    if (isOffline(error)) keep();
    else patch({ error: (await staffFailure(error)).message });
  } finally {
    patch({ busy: false });
  }
}

/** Sends the queued scans in the order they were read; refusals become reports. */
export async function flush(): Promise<void> {
  try {
    await queue.flush();
  } catch (error) {
    if (isOffline(error)) patch({ online: false });
    else patch({ error: (await staffFailure(error)).message });
  }
}

export function setOnline(online: boolean): void {
  patch({ online });
  if (online) void flush();
}

export function clearReports(): void {
  queue.clearReports();
}

export function dismiss(): void {
  patch({ last: null });
}
