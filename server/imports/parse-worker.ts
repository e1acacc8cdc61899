// The reading thread of moving-in files (parse-thread.ts starts it; docs/performance.md "Hostile
// files"): it unpacks and parses one file under the caps of limits.ts and hands what it read over
// in pages as the main thread asks for them, so the main thread only ever copies a page.
import { parentPort, workerData } from 'node:worker_threads';
import { ImportLimitError, type ImportLimits } from './limits.ts';
import { decodeText } from './text.ts';
import type { Answer, Ask } from './parse-protocol.ts';

const limits = (workerData as { limits: ImportLimits }).limits;
/** What the main thread takes at once: this many items or about this many characters. */
const PAGE_ITEMS = 500;
const PAGE_CHARS = 512 * 1024;

/** The reader of the file's kind, loaded when first needed (a CSV never loads exceljs). */
async function open(
  ask: Extract<Ask, { type: 'open' }>,
): Promise<Iterator<unknown> | AsyncIterator<unknown>> {
  const bytes = Buffer.from(ask.bytes.buffer, ask.bytes.byteOffset, ask.bytes.byteLength);
  if (ask.op === 'rows') {
    const { readTableRows } = await import('./tables.ts');
    return readTableRows(bytes, limits)[Symbol.asyncIterator]();
  }
  if (ask.op === 'songs') return (await import('./song-files.ts')).readSongs(bytes, limits);
  if (ask.op === 'calendar') {
    const { calendarItems } = await import('./calendar.ts');
    return calendarItems(decodeText(bytes), new Date(ask.now ?? Date.now()), limits, ask.zone);
  }
  return (await import('./wxr.ts')).readWxr(decodeText(bytes), limits);
}

/** A rough size of what an item costs to copy over: the length of its strings. */
function weight(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + weight(v), 8);
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.values(value).reduce((n: number, v) => n + weight(v), 8);
  return 8;
}

let stream: Iterator<unknown> | AsyncIterator<unknown> | null = null;

async function answer(ask: Ask): Promise<Answer> {
  if (ask.type === 'html') {
    const { finishPostHtml } = await import('./wxr.ts');
    return { id: ask.id, ok: true, html: finishPostHtml(ask.html, ask.replace) };
  }
  if (ask.type === 'open') stream = await open(ask);
  if (!stream) return { id: ask.id, ok: true, items: [], done: true };
  const items: unknown[] = [];
  let chars = 0;
  while (items.length < PAGE_ITEMS && chars < PAGE_CHARS) {
    const next = await stream.next();
    if (next.done) {
      stream = null;
      return { id: ask.id, ok: true, items, done: true };
    }
    items.push(next.value);
    chars += weight(next.value);
  }
  return { id: ask.id, ok: true, items, done: false };
}

parentPort!.on('message', (ask: Ask) => {
  answer(ask).then(
    (reply) => parentPort!.postMessage(reply),
    (error: unknown) => {
      stream = null;
      parentPort!.postMessage({
        id: ask.id,
        ok: false,
        ...(error instanceof ImportLimitError && {
          limit: { key: error.key, values: error.values },
        }),
        message: String((error as Error)?.message ?? error).slice(0, 500),
      } satisfies Answer);
    },
  );
});
