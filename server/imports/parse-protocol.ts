// What the main thread and the reading thread of moving-in files say to each other (parse-thread.ts
// asks, parse-worker.ts answers): its own file, so the worker's code and the thread's caller do not
// import each other.
export type StreamOp = 'rows' | 'songs' | 'calendar' | 'wxr';

export type Ask =
  | { id: number; type: 'open'; op: StreamOp; bytes: Uint8Array; now?: number; zone?: string }
  | { id: number; type: 'next' }
  | { id: number; type: 'html'; html: string; replace: [string, string][] };

export type Answer =
  | { id: number; ok: true; items: unknown[]; done: boolean }
  | { id: number; ok: true; html: string }
  | {
      id: number;
      ok: false;
      limit?: { key: string; values: Record<string, string | number> };
      message: string;
    };
