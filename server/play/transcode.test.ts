// ffmpeg under the task's stop signal (docs/deploy.md "Draining"): a server that stops ends the
// conversion it runs instead of leaving ffmpeg working for nobody; the task goes back to the queue.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FFMPEG, ffmpeg } from './transcode.task.ts';

/** The ffmpeg processes running now, by pid. */
const running = () =>
  execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(FFMPEG) && line.includes('stop-signal-test'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));

describe('ffmpeg with a stop signal', () => {
  it('ends ffmpeg at once when the signal aborts', async () => {
    const stop = new AbortController();
    let seconds = 0;
    const work = ffmpeg(
      // two minutes of picture to nowhere, at its real pace; the metadata marks this test's process
      ['-re', '-f', 'lavfi', '-i', 'testsrc=rate=30', '-t', '120'].concat([
        '-metadata',
        'title=stop-signal-test',
        '-f',
        'null',
        '-',
      ]),
      (s) => (seconds = s),
      stop.signal,
    ).catch((error: unknown) => error);
    for (let waited = 0; !running().length && waited < 5_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running()).toHaveLength(1);
    const started = Date.now();
    stop.abort(new Error('This server is stopping.'));
    const error = await work;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(2_000);
    for (let waited = 0; running().length && waited < 2_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running()).toEqual([]);
    expect(seconds).toBeLessThan(120);
  });
});
