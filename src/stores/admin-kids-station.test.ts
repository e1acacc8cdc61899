// The station's steps over its store: ticked children go to the room chosen or the one their age
// fits, those already in stay out; pick-up sends the code typed, else staff's reason, and a wrong
// code alarms; a visitor saved is searched by its phone.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StationChild, StationFamily } from './admin-kids-offline.ts';

const offline = vi.hoisted(() => ({
  $kidsStation: { get: () => ({ online: false }) },
  keepFamilyList: vi.fn(),
  stationCheckIn: vi.fn(),
  stationLoadDay: vi.fn(),
  stationPickUp: vi.fn(),
  stationSearch: vi.fn(),
}));
vi.mock('./admin-kids-offline.ts', () => offline);
const kids = vi.hoisted(() => ({ addKidsVisitor: vi.fn() }));
vi.mock('./admin-kids.ts', async (real) => ({
  ...(await real<typeof import('./admin-kids.ts')>()),
  addKidsVisitor: kids.addKidsVisitor,
}));
const station = await import('./admin-kids-station.ts');

const child = (id: number, more: Partial<StationChild> = {}) =>
  ({
    tipo: 'c',
    id,
    nome: `Kid ${id}`,
    sessaoSugerida: 10,
    checkinId: null,
    ...more,
  }) as StationChild;
const family = {
  chave: 'f1',
  responsavel: 'Carla',
  criancas: [child(1), child(2), child(3, { checkinId: 7 })],
} as unknown as StationFamily;

describe('the check-in station', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    station.setStation({ day: '2026-11-29', time: '10:00', station: 'Porta A', term: '' });
    station.chooseMode('checkin');
  });
  const card = () => station.cardKey(family, station.$stationDesk.get());

  it('checks in the ticked children not in yet, to the room chosen or their own', () => {
    for (const id of ['c1', 'c2', 'c3']) station.setPick(card(), 'ticked', id, true);
    station.setPick(card(), 'rooms', 'c2', '11');
    const picks = station.checkInList(family, station.picksOf(station.$cardPicks.get(), card()));
    expect(picks.map((p) => [p.child.id, p.sessaoId])).toEqual([
      [1, 10],
      [2, 11],
    ]);
  });

  it('lets a child go against the code typed, and alarms on a wrong one', async () => {
    station.setPick(card(), 'codes', 'c3', 'AB12');
    station.setPick(card(), 'reasons', 'c3', 'grandma');
    offline.stationPickUp.mockResolvedValue({ status: 403, message: 'Wrong code.', errors: {} });
    await station.pickUpChild(family, family.criancas[2]!, {
      wrongCodeOffline: (code) => `Wrong ${code}`,
      left: 'Gone.',
    });
    expect(offline.stationPickUp.mock.calls[0]?.[3]).toEqual({ codigo: 'AB12' });
    expect(station.$stationDesk.get().notice).toEqual({
      kind: 'error',
      text: 'Wrong code.',
      alarm: true,
    });
  });

  it('finds a visitor saved by its phone, back in check-in', async () => {
    station.chooseMode('visitor');
    station.typeVisitor('phone', '11999990000');
    kids.addKidsVisitor.mockResolvedValue({ chave: 'v1' });
    await station.saveVisitor('graca', 'Saved.');
    expect(station.$stationDesk.get()).toMatchObject({
      mode: 'checkin',
      term: '11999990000',
      searched: '11999990000',
      notice: { kind: 'ok', text: 'Saved.' },
    });
    expect(offline.stationSearch).toHaveBeenCalledWith('11999990000', '2026-11-29', '10:00');
  });
});
