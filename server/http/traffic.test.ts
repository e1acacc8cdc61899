import { describe, expect, it } from 'vitest';
import { noteRequest, servingRequests, SERVING_MS } from './traffic.ts';

describe('traffic', () => {
  it('counts as serving for SERVING_MS after a request, then not', () => {
    noteRequest(10_000);
    expect(servingRequests(10_000)).toBe(true);
    expect(servingRequests(10_000 + SERVING_MS - 1)).toBe(true);
    expect(servingRequests(10_000 + SERVING_MS)).toBe(false);
  });
});
