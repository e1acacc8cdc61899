// The request metrics are kept in plain maps (a few look-ups per request), not prom-client's
// Counter and Histogram; a scraper must read exactly what prom-client would have written.
import { Counter, Histogram, Registry } from 'prom-client';
import { beforeEach, describe, expect, it } from 'vitest';
import { pageCacheLookups, recordRequest, registry } from './metrics.ts';

/** prom-client's own metrics, fed the same requests. */
function reference() {
  const ref = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [ref],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [ref],
  });
  const lookups = new Counter({
    name: 'page_cache_lookups_total',
    help: 'Page cache look-ups: hit (fresh copy), stale (stale copy while another request re-renders), miss (rendered).',
    labelNames: ['result'] as const,
    registers: [ref],
  });
  return { ref, requests, duration, lookups };
}

const REQUESTS: Array<[string, string, number, number]> = [
  ['GET', '/news', 200, 0.0004],
  ['GET', '/news', 200, 0.002], // on a bucket's bound: counted in it, as prom-client does
  ['GET', '/news', 304, 0.0011],
  ['GET', '/news/[id]', 200, 0.031],
  ['POST', '/api/v1/igreja/:slug', 422, 0.2],
  ['GET', '/news', 200, 12], // past the last bucket: only +Inf
  ['HEAD', '/', 200, 0.0072],
  ['GET', 'route "with" a\\quote\nand a line', 500, 0.7], // escaped like prom-client
];

describe('request metrics', () => {
  beforeEach(() => registry.resetMetrics());

  it('expose the same text as prom-client for the same requests and look-ups', async () => {
    const { ref, requests, duration, lookups } = reference();
    for (const [method, route, status, seconds] of REQUESTS) {
      recordRequest(method, route, status, seconds);
      requests.inc({ method, route, status });
      duration.observe({ method, route }, seconds);
    }
    for (const result of ['miss', 'hit', 'hit', 'stale', 'hit'] as const) {
      pageCacheLookups.inc({ result });
      lookups.inc({ result });
    }
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'page_cache_lookups_total',
    ])
      expect(await registry.getSingleMetricAsString(name)).toBe(
        await ref.getSingleMetricAsString(name),
      );
    const json = await registry.getMetricsAsJSON();
    const mine = json.filter(
      (m) => m.name.startsWith('http_') || m.name.startsWith('page_cache_l'),
    );
    const theirs = await ref.getMetricsAsJSON();
    expect(mine.map((m) => [m.name, m.type, m.values.length])).toEqual(
      theirs.map((m) => [m.name, m.type, m.values.length]),
    );
  });

  it('start again from nothing when reset, and the whole exposition still reads', async () => {
    recordRequest('GET', '/news', 200, 0.001);
    pageCacheLookups.inc({ result: 'hit' });
    registry.resetMetrics();
    const text = await registry.metrics();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).not.toMatch(/^http_requests_total\{/m);
    expect(text).not.toMatch(/^page_cache_lookups_total\{/m);
  });
});
