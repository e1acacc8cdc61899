// The check-in station's steps (docs/kids.md "At the station"): the slot (day, time, the station's
// name), the mode, the search, each family card's ticks, rooms, codes and reasons, the notice, the
// visitor form and the offline label sheet. Writes go through the station's offline-aware calls
// (src/stores/admin-kids-offline.ts); the sections render this and dispatch.
import { map } from 'nanostores';
import type { KidsSession } from '../../contract/kids.ts';
import type { ApiFailure } from '../lib/staff/http.ts';
import { $kidsLast, addKidsVisitor, kidsConfirmArrival, localDay } from './admin-kids.ts';
import {
  $kidsStation,
  keepFamilyList,
  stationCheckIn,
  stationLoadDay,
  stationPickUp,
  stationSearch,
  type StationChild,
  type StationFamily,
} from './admin-kids-offline.ts';

export type StationMode = 'checkin' | 'pickup' | 'visitor';

export interface StationDesk {
  day: string;
  time: string;
  station: string;
  mode: StationMode;
  term: string;
  /** The search the list shows (a card's ticks belong to it). */
  searched: string;
  notice: { kind: 'ok' | 'error'; text: string; alarm?: boolean } | null;
  /** The offline check-in's labels shown to print. */
  printing: boolean;
}

export const $stationDesk = map<StationDesk>({
  day: localDay(),
  time: '',
  station: '',
  mode: 'checkin',
  term: '',
  searched: '',
  notice: null,
  printing: false,
});

const isFailure = (v: unknown): v is ApiFailure =>
  typeof v === 'object' && v !== null && 'status' in v && 'message' in v;

export function setStation(patch: Partial<Pick<StationDesk, 'day' | 'time' | 'station' | 'term'>>) {
  $stationDesk.set({ ...$stationDesk.get(), ...patch });
}
export const showLabels = (printing: boolean): void => $stationDesk.setKey('printing', printing);
const say = (notice: StationDesk['notice']): void => $stationDesk.setKey('notice', notice);

export function chooseMode(mode: StationMode): void {
  if (mode === 'visitor') $visitorForm.set(noVisitor());
  $stationDesk.set({ ...$stationDesk.get(), mode, notice: null });
}

/** Done with the family: the next one starts from the search. */
export const nextFamily = (): void => $kidsLast.set(null);

/** Finds families by phone, name or card (two letters at least, once a time is chosen). */
export function searchFamilies(busca: string): void {
  const { day, time } = $stationDesk.get();
  $stationDesk.setKey('searched', busca);
  if (busca.trim().length >= 2 && time) void stationSearch(busca.trim(), day, time);
}

/** The day and the search again, and the family list kept for offline. */
async function refresh(): Promise<void> {
  const { day, time, searched } = $stationDesk.get();
  await stationLoadDay(day);
  if (searched) searchFamilies(searched);
  if (navigator.onLine) void keepFamilyList(day, time);
}

// ---- a family card: what is ticked and typed, by card and child ----

export interface CardPicks {
  ticked: Record<string, boolean>;
  rooms: Record<string, string>;
  codes: Record<string, string>;
  reasons: Record<string, string>;
}
const noPicks: CardPicks = { ticked: {}, rooms: {}, codes: {}, reasons: {} };

/** Ticks and typing by card; a new search or time gives every card a new key, so a fresh start. */
export const $cardPicks = map<Record<string, CardPicks>>({});

export const cardKey = (family: StationFamily, desk: StationDesk): string =>
  `${family.chave}-${desk.searched}-${desk.time}`;
export const childKey = (c: StationChild): string => `${c.tipo}${c.id}`;
/** In the room: checked in on the server, or on this tablet while offline. */
export const isIn = (c: StationChild): boolean => Boolean(c.checkinId ?? c.fila);

export const picksOf = (all: Record<string, CardPicks>, card: string): CardPicks =>
  all[card] ?? noPicks;

export function setPick<F extends keyof CardPicks>(
  card: string,
  field: F,
  child: string,
  value: CardPicks[F][string],
): void {
  const now = picksOf($cardPicks.get(), card);
  $cardPicks.setKey(card, { ...now, [field]: { ...now[field], [child]: value } });
}

/** The children ticked and not in yet, each to the room chosen or the one their age fits. */
export function checkInList(family: StationFamily, picks: CardPicks) {
  return family.criancas
    .filter((c) => picks.ticked[childKey(c)] && !isIn(c))
    .map((c) => {
      const room = picks.rooms[childKey(c)];
      return { child: c, sessaoId: room ? Number(room) : c.sessaoSugerida };
    });
}

/** Checks the ticked children in to the slot's rooms. */
export async function checkInFamily(family: StationFamily, slot: KidsSession[]): Promise<void> {
  const desk = $stationDesk.get();
  const picks = checkInList(family, picksOf($cardPicks.get(), cardKey(family, desk)));
  say(null);
  const form = {
    data: desk.day,
    horario: desk.time,
    estacao: desk.station,
    familia: family.chave,
    criancas: picks.map(({ child, sessaoId }) => ({
      tipo: child.tipo,
      id: child.id,
      ...(sessaoId && sessaoId !== child.sessaoSugerida ? { sessaoId } : {}),
    })),
  };
  const answer = await stationCheckIn(form, family, slot);
  if (isFailure(answer)) say({ kind: 'error', text: answer.message });
  if (!isFailure(answer) && answer.codigoId > 0) await refresh();
}

/** Confirms a family pre-checked from the parent's phone arrived (docs/kids.md). */
export async function confirmArrival(slug: string, codeId: number): Promise<void> {
  say(null);
  const answer = await kidsConfirmArrival(slug, codeId, $stationDesk.get().station);
  if (isFailure(answer)) say({ kind: 'error', text: answer.message });
  else await refresh();
}

/** Lets a child go against the family's code typed, else staff's reason; a wrong code alarms. */
export async function pickUpChild(
  family: StationFamily,
  child: StationChild,
  texts: { wrongCodeOffline: (code: string) => string; left: string },
): Promise<void> {
  const desk = $stationDesk.get();
  const picks = picksOf($cardPicks.get(), cardKey(family, desk));
  const code = picks.codes[childKey(child)];
  const body = code ? { codigo: code } : { motivo: picks.reasons[childKey(child)]?.trim() ?? '' };
  say(null);
  const failure = await stationPickUp(
    child,
    family,
    { data: desk.day, horario: desk.time, estacao: desk.station },
    body,
  );
  if (!failure && $kidsStation.get().online) await refresh();
  say(
    failure
      ? {
          kind: 'error',
          // refused on the tablet offline: the server's wording is not at hand
          text: failure.message || texts.wrongCodeOffline(body.codigo ?? ''),
          alarm: failure.status === 403,
        }
      : { kind: 'ok', text: texts.left },
  );
}

// ---- a visitor's family ----

export type VisitorChild = {
  nome: string;
  sobrenome: string;
  dataNascimento: string;
  observacoes: string;
};
export interface VisitorForm {
  guardian: string;
  phone: string;
  kids: VisitorChild[];
  errors: Record<string, string[]>;
  message: string | null;
}
const blankChild: VisitorChild = { nome: '', sobrenome: '', dataNascimento: '', observacoes: '' };
const noVisitor = (): VisitorForm => ({
  guardian: '',
  phone: '',
  kids: [blankChild],
  errors: {},
  message: null,
});

export const $visitorForm = map<VisitorForm>(noVisitor());

export const typeVisitor = (field: 'guardian' | 'phone', value: string): void =>
  $visitorForm.setKey(field, value);
export function typeVisitorChild(i: number, field: keyof VisitorChild, value: string): void {
  const { kids } = $visitorForm.get();
  $visitorForm.setKey(
    'kids',
    kids.map((x, j) => (j === i ? { ...x, [field]: value } : x)),
  );
}
export const addVisitorChild = (): void =>
  $visitorForm.setKey('kids', [...$visitorForm.get().kids, blankChild]);

/** Saves the visitor's family, then finds it by its phone to check the children in. */
export async function saveVisitor(slug: string, savedText: string): Promise<void> {
  const { guardian, phone, kids } = $visitorForm.get();
  const answer = await addKidsVisitor(slug, {
    responsavel: guardian,
    telefone: phone,
    criancas: kids,
  });
  if (isFailure(answer)) {
    $visitorForm.set({ ...$visitorForm.get(), errors: answer.errors, message: answer.message });
    return;
  }
  $stationDesk.set({ ...$stationDesk.get(), mode: 'checkin', term: phone });
  searchFamilies(phone);
  say({ kind: 'ok', text: savedText });
}
