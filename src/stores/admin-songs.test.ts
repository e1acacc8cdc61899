// The set list form over its store: songs picked are added in their own key, moved and keyed;
// a save sends the list in order and closes the form with its message; a refusal keeps it open
// with the API's field errors.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffSongSummary } from '../../contract/praise-staff.ts';

const api = vi.hoisted(() => ({ saveSetList: vi.fn(), fetchSetLists: vi.fn() }));
vi.mock('../lib/staff/songs-api.ts', () => api);
vi.mock('../lib/staff/http.ts', () => ({
  staffFailure: async () => ({ status: 422, message: 'Fix it.', errors: { data: ['Required.'] } }),
}));
const songs = await import('./admin-songs.ts');

const song = (id: number, titulo: string, tom: string | null) =>
  ({ id, titulo, tom }) as StaffSongSummary;

describe('the set list form', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    songs.$songs.set({
      state: 'ready',
      items: [song(1, 'Grande é o Senhor', 'G'), song(2, 'Oceans', null)],
    });
    songs.editSetList(null, 'America/Sao_Paulo');
  });

  it('adds, moves and keys songs, then saves them in order and closes', async () => {
    for (const id of ['1', '2']) {
      songs.typeSetList('pick', id);
      songs.addPickedSong();
    }
    songs.moveSetItem(1, -1);
    songs.keySetItem(0, 'D ');
    songs.typeSetList('title', 'Culto');
    api.saveSetList.mockResolvedValue({ id: 9 });
    api.fetchSetLists.mockResolvedValue([]);
    await songs.submitSetList('graca', 'Saved.');
    expect(api.saveSetList).toHaveBeenCalledWith(
      'graca',
      null,
      expect.objectContaining({
        titulo: 'Culto',
        observacao: null,
        itens: [
          { louvorId: 2, tom: 'D' },
          { louvorId: 1, tom: 'G' },
        ],
      }),
    );
    expect(songs.$setListForm.get()).toMatchObject({
      editing: null,
      busy: false,
      message: { kind: 'ok', text: 'Saved.' },
    });
  });

  it('a new set list is dated the church’s today, on its clock and not UTC’s', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-07T00:30:00Z') }); // 21:30 on Sunday in Brasília
    try {
      songs.editSetList(null, 'America/Sao_Paulo');
      expect(songs.$setListForm.get().date).toBe('2026-12-06');
      songs.editSetList(null, 'Europe/Lisbon');
      expect(songs.$setListForm.get().date).toBe('2026-12-07');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refusal keeps the form open with the fields to fix', async () => {
    api.saveSetList.mockRejectedValue(new Error('422'));
    await songs.submitSetList('graca', 'Saved.');
    expect(songs.$setListForm.get()).toMatchObject({
      editing: 0,
      errors: { data: 'Required.' },
      message: { kind: 'error', text: 'Fix it.' },
    });
  });
});
