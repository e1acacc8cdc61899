// The door's check-in screen (docs/events.md "Check-in at the door"): the last answer (green or
// red), the live count, and the offline queue. A scan made without a connection is kept in
// localStorage and sent when the connection returns; the server's answers to it are shown then,
// and a ticket scanned twice while offline is reported, never taken as two admissions.
import { atom } from 'nanostores';
import type {
  CheckinAnswer,
  CheckinCount,
  CheckinScan,
  CheckinState,
} from '../../contract/events-staff.ts';
import { classifyFailure } from '../lib/account/http.ts';
import { fetchCheckinState, sendScan, sendScans } from '../lib/staff/events-api.ts';
import { staffFailure } from '../lib/staff/http.ts';
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

interface Stored {
  porta: string;
  fila: (CheckinScan & { escaneadoEm: string })[];
  avisos: CheckinAnswer[];
}
type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

let storage: Storage | null = null;
let key = '';
let slug = '';
let eventId = 0;

function readAll(): Record<string, Stored> {
  try {
    return JSON.parse(storage?.getItem(STORAGE_KEYS.checkinQueue) ?? '{}') as Record<
      string,
      Stored
    >;
  } catch {
    return {};
  }
}
function read(): Stored {
  return readAll()[key] ?? { porta: '', fila: [], avisos: [] };
}
function write(value: Stored): void {
  const all = readAll();
  all[key] = value;
  try {
    storage?.setItem(STORAGE_KEYS.checkinQueue, JSON.stringify(all));
  } catch {
    // a full storage keeps the in-memory state; the scan still shows
  }
  $door.set({
    ...$door.get(),
    queued: value.fila.length,
    reports: value.avisos,
    door: value.porta,
  });
}

const patch = (p: Partial<DoorState>) => $door.set({ ...$door.get(), ...p });

/** Whether a failure is the connection (no answer at all), not a refusal by the server; read before staffFailure, which leaves for the error page on a network failure. */
async function isOffline(error: unknown): Promise<boolean> {
  const kind = classifyFailure(error);
  return kind === 'network' || kind === 'timeout' || !navigator.onLine;
}

/** Opens the door screen of an event: its name, the count, and what this phone still holds. */
export async function openDoor(churchSlug: string, id: number, store: Storage): Promise<void> {
  storage = store;
  slug = churchSlug;
  eventId = id;
  key = `${churchSlug}:${id}`;
  const stored = read();
  patch({
    online: navigator.onLine,
    queued: stored.fila.length,
    reports: stored.avisos,
    door: stored.porta,
  });
  await refresh();
  void flush();
}

export async function refresh(): Promise<void> {
  try {
    const state = await fetchCheckinState(slug, eventId);
    patch({ event: state.evento, count: state.contagem, error: null, online: true });
  } catch (error) {
    if (await isOffline(error)) patch({ online: false });
    else patch({ error: (await staffFailure(error)).message });
  }
}

export function setDoor(porta: string): void {
  write({ ...read(), porta: porta.slice(0, 60) });
}

/** One scan or typed code: answered by the server, or queued when there is no connection. */
export async function scan(code: string): Promise<void> {
  const codigo = code.trim().toUpperCase();
  if (!codigo || $door.get().busy) return;
  const stored = read();
  const item = { codigo, porta: stored.porta, escaneadoEm: new Date().toISOString() };
  const queue = () => {
    if (stored.fila.some((s) => s.codigo === codigo)) {
      patch({ last: { kind: 'twiceOffline', codigo }, online: false });
      write({
        ...stored,
        avisos: [
          {
            codigo,
            admitido: false,
            motivo: 'jaUsado' as const,
            mensagem: '',
            titular: null,
            ingresso: null,
            uso: null,
          },
          ...stored.avisos,
        ].slice(0, 50),
      });
      return;
    }
    write({ ...stored, fila: [...stored.fila, item] });
    patch({ last: { kind: 'queued', codigo }, online: false });
  };
  if (!navigator.onLine) return queue();
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
    if (await isOffline(error)) queue();
    else patch({ error: (await staffFailure(error)).message });
  } finally {
    patch({ busy: false });
  }
}

let flushing = false;

/** Sends the queued scans in the order they were read; refusals become reports. */
export async function flush(): Promise<void> {
  const stored = read();
  if (flushing || !stored.fila.length || !navigator.onLine) return;
  flushing = true;
  try {
    const sent = stored.fila.slice(0, 200);
    const { respostas, contagem } = await sendScans(slug, eventId, sent);
    const now = read();
    write({
      ...now,
      fila: now.fila.slice(sent.length),
      avisos: [...respostas.filter((r) => !r.admitido), ...now.avisos].slice(0, 50),
    });
    patch({ count: contagem, online: true });
  } catch (error) {
    if (await isOffline(error)) patch({ online: false });
    else patch({ error: (await staffFailure(error)).message });
  } finally {
    flushing = false;
  }
}

export function setOnline(online: boolean): void {
  patch({ online });
  if (online) void flush();
}

export function clearReports(): void {
  write({ ...read(), avisos: [] });
}

export function dismiss(): void {
  patch({ last: null });
}
