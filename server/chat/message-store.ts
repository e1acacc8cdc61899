// Keeps chat messages without making the room wait for the database (docs/live.md: p95 ≤ 50 ms from
// send to receipt). A message gets its id from the table's own sequence — reserved ahead in a
// block when this process is the only chat node, so ids follow send order without a round trip —
// is sent to the room at once, and is written with the other messages of the same moment in one
// multi-row insert. Readers that need the table to be current (history on join, deletions)
// call `flush()` first.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { log } from '../log.ts';

export type NewChatRow = Omit<typeof t.chatMessages.$inferInsert, 'id' | 'createdAt' | 'active'> & {
  id: number;
  createdAt: Date;
};

export interface MessageStoreOptions {
  /**
   * Ids reserved ahead of need. Only for a process that is the only chat node: with several
   * nodes, ids reserved ahead by one would be older than ids the others hand out meanwhile, and
   * history (ordered by id) would mix up the order. 0 = reserve only for the messages waiting.
   */
  reserve: number;
  /** Largest insert; more waiting messages are written in several statements. */
  batch?: number;
}

const RETRY_MS = [50, 200, 1_000, 5_000];

export class MessageStore {
  private readonly db: Database;
  private readonly reserve: number;
  private readonly batch: number;
  private readonly pool: number[] = [];
  private readonly waiting: ((id: number) => void)[] = [];
  private readonly failed: ((error: unknown) => void)[] = [];
  private refilling = false;
  private readonly queue: NewChatRow[] = [];
  private writing: Promise<void> | null = null;
  private scheduled = false;
  private closed = false;

  constructor(db: Database, options: MessageStoreOptions) {
    this.db = db;
    this.reserve = Math.max(0, options.reserve);
    this.batch = options.batch ?? 500;
  }

  /** The next id from chat_mensagem's sequence: at once from the reserve, else after one query. */
  nextId(): number | Promise<number> {
    if (this.pool.length && !this.waiting.length) {
      const id = this.pool.shift()!;
      if (this.pool.length * 2 < this.reserve) void this.refill();
      return id;
    }
    return new Promise<number>((resolve, reject) => {
      this.waiting.push(resolve);
      this.failed.push(reject);
      void this.refill();
    });
  }

  private async refill(): Promise<void> {
    if (this.refilling) return;
    this.refilling = true;
    try {
      while (this.waiting.length || this.pool.length * 2 < this.reserve) {
        const count = this.waiting.length + Math.max(0, this.reserve - this.pool.length);
        const result = await this.db.execute(
          sql`select nextval(pg_get_serial_sequence('chat_mensagem', 'id'))::int as id from generate_series(1, ${count})`,
        );
        const rows = (
          (result as unknown as { rows?: { id: number }[] }).rows ??
          (result as unknown as { id: number }[])
        ).map((r) => Number(r.id));
        this.pool.push(...rows.sort((a, b) => a - b));
        while (this.waiting.length && this.pool.length) {
          this.failed.shift();
          this.waiting.shift()!(this.pool.shift()!);
        }
      }
    } catch (error) {
      // Those waiting are refused ("could not be sent now"); the next send tries again.
      for (const reject of this.failed.splice(0)) reject(error);
      this.waiting.length = 0;
    } finally {
      this.refilling = false;
    }
  }

  /** Queues a message (already sent to its room) to be written with the others of this moment. */
  save(row: NewChatRow): void {
    this.queue.push(row);
    if (this.scheduled || this.writing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  /** Resolves once every message queued so far is in the table (or given up after retries). */
  async flush(): Promise<void> {
    while (this.writing || this.queue.length) {
      if (this.writing) {
        await this.writing;
        continue;
      }
      this.writing = this.write(this.queue.splice(0, this.batch)).finally(() => {
        this.writing = null;
      });
    }
  }

  private async write(rows: NewChatRow[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.db
          .insert(t.chatMessages)
          .values(rows)
          .onConflictDoNothing({ target: t.chatMessages.id });
        return;
      } catch (error) {
        if (attempt >= RETRY_MS.length || this.closed) {
          log.error({ err: error, messages: rows.length }, 'chat messages could not be kept');
          return;
        }
        await new Promise((r) => setTimeout(r, RETRY_MS[attempt]));
      }
    }
  }

  /** Writes what is queued; used when the server stops. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }
}
