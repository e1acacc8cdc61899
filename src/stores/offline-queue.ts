// One offline queue for the screens that must keep working without a connection: the events door
// (docs/events.md "Check-in at the door") and the children's station (docs/kids.md "Offline").
// What the device did offline is kept in localStorage, one entry per screen, and sent in the order
// it was made when the connection returns; the server's refusals become reports the screen shows.
// Each action carries the device's own id where the server needs it, so a batch sent again after
// a lost answer is never counted twice (the server keys on it).
import { classifyFailure } from '../lib/account/http.ts';

export type QueueStorage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** What one screen keeps: its queue, its unread reports and its own settings (e.g. the door's name). */
export type QueueEntry<Item, Report, Meta extends object> = Meta & {
  fila: Item[];
  avisos: Report[];
};

export interface OfflineQueueOptions<Item, Report, Meta extends object> {
  /** The localStorage key (src/stores/storage-keys.ts) holding every screen's entry. */
  storageKey: string;
  /** A screen's settings before it saved any. */
  blank: Meta;
  /** Sends a batch in order and answers the refusals to report; throws when it did not reach the server. */
  send: (items: Item[]) => Promise<Report[]>;
  /** Items per request: the door sends 200 scans at once, the station one check-in at a time. */
  batch: number;
  /** Called after every change, so the screen's own state shows the queue and the reports. */
  onChange: (entry: QueueEntry<Item, Report, Meta>) => void;
}

/** Reports kept on the device; older ones drop off. */
const MAX_REPORTS = 50;

/** Whether a failure is the connection (no answer at all), not a refusal by the server. */
export function isOffline(error: unknown): boolean {
  const kind = classifyFailure(error);
  return kind === 'network' || kind === 'timeout' || !navigator.onLine;
}

/** A device-unique id for one queued action (the server takes a retry with it as the same action). */
export function clientId(): string {
  return globalThis.crypto.randomUUID();
}

export function offlineQueue<Item, Report, Meta extends object>(
  options: OfflineQueueOptions<Item, Report, Meta>,
) {
  type Entry = QueueEntry<Item, Report, Meta>;
  let storage: QueueStorage | null = null;
  let key = '';
  let flushing = false;

  function readAll(): Record<string, Entry> {
    try {
      return JSON.parse(storage?.getItem(options.storageKey) ?? '{}') as Record<string, Entry>;
    } catch {
      return {};
    }
  }
  function read(): Entry {
    return { ...options.blank, fila: [], avisos: [], ...readAll()[key] } as Entry;
  }
  function write(entry: Entry): void {
    const all = readAll();
    all[key] = entry;
    try {
      storage?.setItem(options.storageKey, JSON.stringify(all));
    } catch {
      // a full storage keeps the in-memory state; the screen still shows the action
    }
    options.onChange(entry);
  }

  return {
    /** Opens one screen's entry (e.g. `{church}:{event}`) and shows what the device still holds. */
    open(store: QueueStorage, entryKey: string): Entry {
      storage = store;
      key = entryKey;
      const entry = read();
      options.onChange(entry);
      return entry;
    },
    read,
    /** Changes the screen's own settings. */
    update(meta: Partial<Meta>): void {
      write({ ...read(), ...meta });
    },
    add(item: Item): void {
      const entry = read();
      write({ ...entry, fila: [...entry.fila, item] });
    },
    /** A report made on the device itself (e.g. a ticket scanned twice while offline). */
    report(report: Report): void {
      const entry = read();
      write({ ...entry, avisos: [report, ...entry.avisos].slice(0, MAX_REPORTS) });
    },
    clearReports(): void {
      write({ ...read(), avisos: [] });
    },
    /**
     * Sends the queue in order, batch by batch; true when it is empty afterwards. A batch leaves
     * the queue only once answered, so a failure on the way keeps it for the next try. Throws
     * what the screen must show (a failure that is not the connection, see isOffline).
     */
    async flush(): Promise<boolean> {
      if (flushing || !navigator.onLine) return false;
      flushing = true;
      try {
        for (;;) {
          const sent = read().fila.slice(0, options.batch);
          if (!sent.length) return true;
          const reports = await options.send(sent);
          const now = read();
          write({
            ...now,
            fila: now.fila.slice(sent.length),
            avisos: [...reports, ...now.avisos].slice(0, MAX_REPORTS),
          });
        }
      } finally {
        flushing = false;
      }
    },
  };
}
