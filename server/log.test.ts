// Each request's log line is written directly, not through pino's object walk (docs/performance.md
// "The cached path"): it must be the very line pino writes with the logger's settings, and lines
// written in blocks must all reach stdout, in order, by the time the process exits.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { LOG_OPTIONS, requestLine, type RequestFields } from './log.ts';

/** What pino writes for `logger[level](fields, 'request')` with the same settings. */
function pinoLine(level: 'info' | 'error', fields: RequestFields): string {
  let written = '';
  const logger = pino({ ...LOG_OPTIONS, level: 'info' }, { write: (s: string) => (written += s) });
  const { aborted, ...rest } = fields;
  logger[level](aborted ? { ...rest, aborted } : rest, 'request');
  return written;
}

describe('request log lines', () => {
  it.each<[string, 'info' | 'error', RequestFields]>([
    [
      'a page',
      'info',
      { reqId: 'AbC_12-x', method: 'GET', route: '/news/[id]', status: 200, ms: 0.4 },
    ],
    ['a 500', 'error', { reqId: 'r', method: 'POST', route: '/api/v1/x/:id', status: 500, ms: 12 }],
    [
      'an aborted answer',
      'info',
      { reqId: 'r', method: 'GET', route: '/', status: 200, ms: 3.1, aborted: true },
    ],
    [
      'odd text',
      'info',
      { reqId: 'a"b\\c', method: 'PRÓPRIO', route: 'línea\n"x"\u0001', status: 404, ms: 0 },
    ],
    ['no method', 'info', { reqId: 'r', method: undefined, route: 'page', status: 400, ms: 1.5 }],
  ])('is the line pino writes, for %s', (_name, level, fields) => {
    const mine = requestLine(level, fields);
    const theirs = pinoLine(level, fields);
    // The same millisecond's time, else compare the rest.
    const noTime = (line: string) => line.replace(/"time":"[^"]+"/, '"time":"T"');
    expect(noTime(mine)).toBe(noTime(theirs));
    expect(JSON.parse(mine)).toMatchObject({ level, msg: 'request', reqId: fields.reqId });
  });

  it('reach stdout in full and in order, written in blocks, when the process exits', () => {
    const logModule = path.resolve(import.meta.dirname, 'log.ts');
    const script = `
      const { log, logRequest } = await import(${JSON.stringify(logModule)});
      for (let i = 0; i < 3000; i++)
        logRequest({ reqId: 'id-' + i, method: 'GET', route: '/news', status: i % 7 ? 200 : 503, ms: i });
      log.info({ done: true }, 'last line');
      process.exit(0); // no time for the flush timer: the exit writes what is left
    `;
    const node = path.resolve(import.meta.dirname, '../node_modules/.bin/node');
    const run = spawnSync(node, ['--input-type=module', '-e', script], {
      env: { ...process.env, LOG_LEVEL: 'info' },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.status).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(3001);
    expect(lines.slice(0, 3000).map((l) => l.reqId)).toEqual(
      Array.from({ length: 3000 }, (_, i) => `id-${i}`),
    );
    expect(lines[7]).toMatchObject({ level: 'error', status: 503 });
    expect(lines[3000]).toMatchObject({ level: 'info', msg: 'last line', done: true });
  });

  it('a quiet server writes its lines within the flush delay, without waiting for a full block', () => {
    const logModule = path.resolve(import.meta.dirname, 'log.ts');
    const script = `
      const { logRequest, LOG_FLUSH_MS } = await import(${JSON.stringify(logModule)});
      const { fstatSync } = await import('node:fs');
      logRequest({ reqId: 'alone', method: 'GET', route: '/', status: 200, ms: 1 });
      const before = fstatSync(1).size;
      setTimeout(() => {
        process.stderr.write(JSON.stringify({ before, after: fstatSync(1).size }));
        setInterval(() => {}, 1000); // stays alive: only the timer may have written the line
        setTimeout(() => process.kill(process.pid, 'SIGKILL'), 50);
      }, LOG_FLUSH_MS + 150);
    `;
    const node = path.resolve(import.meta.dirname, '../node_modules/.bin/node');
    const out = path.join(process.env.TMPDIR ?? '/tmp', `log-test-${process.pid}.out`);
    const run = spawnSync(
      '/bin/sh',
      ['-c', `"${node}" --input-type=module -e '${script.replace(/'/g, "'\\''")}' > "${out}"`],
      { env: { ...process.env, LOG_LEVEL: 'info' }, encoding: 'utf8' },
    );
    rmSync(out, { force: true });
    const sizes = JSON.parse(/\{[^}]*\}/.exec(run.stderr)![0]) as { before: number; after: number };
    expect(sizes.before).toBe(0); // kept, not written at once
    expect(sizes.after).toBeGreaterThan(0); // written by the timer
  });
});
