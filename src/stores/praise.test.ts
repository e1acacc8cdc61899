// The songbook's search: the songs found, the list shown kept while the next search runs, a late
// answer to an older search dropped, and a refusal shown with the API's message.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ loadSongs: vi.fn(), songHref: (id: number) => `/s/${id}` }));
vi.mock('../lib/praise/api.ts', () => api);
const { $songList, searchSongs } = await import('./praise.ts');

const song = (id: number) => ({ id, titulo: `Song ${id}` });

describe('praise store: the songbook’s search', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    $songList.set({ state: 'idle' });
  });

  it('the songs found; the list shown stays while the next search runs', async () => {
    api.loadSongs.mockResolvedValueOnce([song(1), song(2)]);
    await searchSongs('graca', '');
    expect($songList.get()).toEqual({ state: 'ready', data: [song(1), song(2)] });
    let answer: (songs: unknown) => void = () => undefined;
    api.loadSongs.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const next = searchSongs('graca', 'graça');
    expect(api.loadSongs).toHaveBeenLastCalledWith('graca', 'graça');
    expect($songList.get()).toEqual({ state: 'loading', data: [song(1), song(2)] });
    answer([song(2)]);
    await next;
    expect($songList.get()).toEqual({ state: 'ready', data: [song(2)] });
  });

  it('a late answer to an older search is dropped', async () => {
    let older: (songs: unknown) => void = () => undefined;
    api.loadSongs.mockReturnValueOnce(new Promise((resolve) => (older = resolve)));
    const first = searchSongs('graca', 'a');
    api.loadSongs.mockResolvedValueOnce([song(3)]);
    await searchSongs('graca', 'ab');
    older([song(1)]);
    await first;
    expect($songList.get()).toEqual({ state: 'ready', data: [song(3)] });
  });

  it('a refusal shows the API’s message', async () => {
    api.loadSongs.mockRejectedValueOnce(
      new HTTPError(
        new Response(JSON.stringify({ message: 'Members only' }), { status: 403 }),
        new Request('http://localhost/api/v1/igreja/graca/louvor/'),
        {} as NormalizedOptions,
      ),
    );
    await searchSongs('graca', '');
    expect($songList.get()).toEqual({ state: 'error', message: 'Members only', status: 403 });
  });
});
