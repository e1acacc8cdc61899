// The standalone chat node's stdin probe (./node-probe.ts): one answer per request line, however
// the lines arrive. Before, a chunk holding two requests (a busy node reads them together) got no
// answer at all, and the chat bench waited for it forever (docs/live.md "Benchmark").
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { answerProbes, type NodeProbeAnswer } from './node-probe.ts';

const counts = () => ({ clients: 7, redisPending: 2, redisPendingPeak: 5 });

async function answersTo(chunks: string[]): Promise<NodeProbeAnswer[]> {
  const input = new PassThrough();
  const answers: NodeProbeAnswer[] = [];
  const stop = answerProbes(input, (line) => answers.push(JSON.parse(line)), counts);
  for (const chunk of chunks) input.write(chunk);
  await new Promise((r) => setTimeout(r, 20));
  stop();
  return answers;
}

describe('the chat node’s probe', () => {
  it('answers every request of a chunk that holds several', async () => {
    const answers = await answersTo(['memory 1\nmemory 2\nmemory\n']);
    expect(answers.map((a) => a.seq)).toEqual([1, 2, undefined]);
  });

  it('answers a request split over two chunks once it is whole', async () => {
    const answers = await answersTo(['mem', 'ory 3', '\n']);
    expect(answers.map((a) => a.seq)).toEqual([3]);
  });

  it('gives memory, clients, Redis publishes waiting, event-loop delay and CPU; ignores other lines', async () => {
    const [answer, more] = await answersTo(['hello\nmemory 4\n']);
    expect(more).toBeUndefined();
    expect(answer).toMatchObject({ seq: 4, clients: 7, redisPending: 2, redisPendingPeak: 5 });
    expect(answer!.rss).toBeGreaterThan(0);
    expect(answer!.loopDelayMs.max).toBeGreaterThanOrEqual(0);
    expect(answer!.cpuMs.user).toBeGreaterThan(0);
  });
});
