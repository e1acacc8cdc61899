import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isOffline, offlineQueue, type QueueEntry } from './offline-queue.ts';

type Item = { id: string };
type Report = { id: string; why: string };

/** A fake server that answers in order, refuses ids starting with `x`, or is unreachable. */
function setup(batch: number) {
  const memory = new Map<string, string>();
  const storage = {
    getItem: (k: string) => memory.get(k) ?? null,
    setItem: (k: string, v: string) => void memory.set(k, v),
  };
  const server = { down: false, received: [] as Item[][] };
  let shown: QueueEntry<Item, Report, { name: string }> | null = null;
  const queue = offlineQueue<Item, Report, { name: string }>({
    storageKey: 'test:queue',
    blank: { name: '' },
    batch,
    async send(items) {
      if (server.down) throw new TypeError('Failed to fetch');
      server.received.push(items);
      return items.filter((i) => i.id.startsWith('x')).map((i) => ({ id: i.id, why: 'refused' }));
    },
    onChange: (entry) => void (shown = entry),
  });
  return { queue, storage, server, memory, shown: () => shown };
}

describe('the shared offline queue (door and children’s station)', () => {
  beforeEach(() => vi.stubGlobal('navigator', { onLine: true }));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps actions per screen across a reload and sends them in order, in batches', async () => {
    const { queue, storage, server, memory, shown } = setup(2);
    queue.open(storage, 'church:1');
    queue.update({ name: 'Door A' });
    for (const id of ['a', 'b', 'c']) queue.add({ id });
    // another screen's entry is its own
    const other = setup(2);
    other.queue.open(storage, 'church:2');
    expect(other.queue.read().fila).toEqual([]);
    // a reload reads what the device held
    const again = setup(2);
    again.memory.set('test:queue', memory.get('test:queue')!);
    expect(again.queue.open(again.storage, 'church:1')).toMatchObject({
      name: 'Door A',
      fila: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
    });
    expect(await queue.flush()).toBe(true);
    expect(server.received).toEqual([[{ id: 'a' }, { id: 'b' }], [{ id: 'c' }]]);
    expect(shown()).toMatchObject({ fila: [], name: 'Door A' });
  });

  it('keeps a batch the server never answered, and reports its refusals newest first', async () => {
    const { queue, storage, server, shown } = setup(1);
    queue.open(storage, 'k');
    queue.add({ id: 'x1' });
    queue.add({ id: 'ok' });
    queue.add({ id: 'x2' });
    server.down = true;
    const failure = await queue.flush().catch((e: unknown) => e);
    expect(isOffline(failure)).toBe(true);
    expect(shown()!.fila).toHaveLength(3);
    server.down = false;
    expect(await queue.flush()).toBe(true);
    expect(shown()!.avisos).toEqual([
      { id: 'x2', why: 'refused' },
      { id: 'x1', why: 'refused' },
    ]);
    queue.report({ id: 'local', why: 'twice' });
    expect(shown()!.avisos[0]).toEqual({ id: 'local', why: 'twice' });
    queue.clearReports();
    expect(shown()!.avisos).toEqual([]);
  });

  it('sends nothing while the device says it is offline, and one flush at a time', async () => {
    const { queue, storage, server } = setup(5);
    queue.open(storage, 'k');
    queue.add({ id: 'a' });
    vi.stubGlobal('navigator', { onLine: false });
    expect(await queue.flush()).toBe(false);
    expect(server.received).toEqual([]);
    vi.stubGlobal('navigator', { onLine: true });
    const [one, two] = await Promise.all([queue.flush(), queue.flush()]);
    expect([one, two]).toEqual([true, false]);
    expect(server.received).toEqual([[{ id: 'a' }]]);
  });
});
