// Whether the process answers requests, and the one shared pace of background sends (./traffic.ts).
import { describe, expect, it } from 'vitest';
import { noteRequest, servingRequests, SERVING_MS, sharedPace } from './traffic.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('traffic', () => {
  it('counts as serving for SERVING_MS after a request, then not', () => {
    noteRequest(10_000);
    expect(servingRequests(10_000)).toBe(true);
    expect(servingRequests(10_000 + SERVING_MS - 1)).toBe(true);
    expect(servingRequests(10_000 + SERVING_MS)).toBe(false);
  });

  it('while busy, every sender of the process shares the slots and each slot rests after its message', async () => {
    const pace = sharedPace(2, 50, () => true);
    let inFlight = 0;
    let most = 0;
    const message = () =>
      pace(async () => {
        most = Math.max(most, ++inFlight);
        await sleep(5);
        inFlight--;
      });
    const started = performance.now();
    // two "jobs" of three messages each, all at once
    await Promise.all([...Array(6)].map(message));
    expect(most).toBe(2);
    // 6 messages in 2 slots: 3 turns of a message and its 50 ms rest
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('when nobody is being answered, messages go at once and nothing rests', async () => {
    const pace = sharedPace(1, 2_000, () => false);
    let inFlight = 0;
    let most = 0;
    const started = performance.now();
    await Promise.all(
      [...Array(4)].map(() =>
        pace(async () => {
          most = Math.max(most, ++inFlight);
          await sleep(5);
          inFlight--;
        }),
      ),
    );
    expect(most).toBe(4);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
