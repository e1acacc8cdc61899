// What an operator watches (docs/deploy.md "Metrics"): one prom-client registry per process, served
// as GET /metrics (server/http/node-handler.ts) only with METRICS_TOKEN or on METRICS_PORT.
// Labels are bounded: a route is its pattern (`/api/v1/igreja/:slug`, `/news/[id]`), never a raw URL.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A request's method as a label: anything unusual is OTHER, so labels stay bounded. */
export const methodLabel = (method = 'GET') => (METHODS.has(method) ? method : 'OTHER');

/** The buckets of http_request_duration_seconds. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One method of one route: its durations (buckets not cumulative) and its answers by status. */
interface RouteMethod {
  labels: { method: string; route: string };
  buckets: number[];
  sum: number;
  count: number;
  statuses: Map<number, number>;
}

/**
 * Requests answered and their durations, kept by route, method and status in plain maps: a request
 * costs three map look-ups and a few additions instead of prom-client's label hashing and checks
 * on every call (docs/performance.md "The cached path"). Scrapes read the same text as prom-client's
 * Counter and Histogram would give (server/metrics.test.ts compares them).
 */
const series = new Map<string, Map<string, RouteMethod>>();

function cellOf(method: string, route: string): RouteMethod {
  let methods = series.get(route);
  if (!methods) series.set(route, (methods = new Map()));
  let cell = methods.get(method);
  if (!cell)
    methods.set(
      method,
      (cell = {
        labels: { method, route },
        buckets: DURATION_BUCKETS.map(() => 0),
        sum: 0,
        count: 0,
        statuses: new Map(),
      }),
    );
  return cell;
}

/** One answered request: counted by method, route and status; its duration by method and route. */
export function recordRequest(method: string, route: string, status: number, seconds: number) {
  const cell = cellOf(method, route);
  cell.statuses.set(status, (cell.statuses.get(status) ?? 0) + 1);
  cell.sum += seconds;
  cell.count++;
  for (let i = 0; i < DURATION_BUCKETS.length; i++)
    if (seconds <= DURATION_BUCKETS[i]!) {
      cell.buckets[i]!++;
      break;
    }
}

type Labels = Record<string, string | number>;
type Value = { labels: Labels; sharedLabels?: Labels; value: number; metricName?: string };

/** A metric the registry reads like one of prom-client's (get / getForPromString / reset). */
function seriesMetric(
  name: string,
  help: string,
  type: 'counter' | 'histogram',
  values: () => Value[],
  reset: () => void = () => series.clear(),
) {
  const metric = {
    name,
    help,
    type,
    aggregator: 'sum' as const,
    getForPromString: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
    get: async () => ({
      name,
      help,
      type,
      aggregator: 'sum',
      values: values().map(({ labels, sharedLabels, ...rest }) => ({
        ...rest,
        labels: { ...labels, ...sharedLabels },
      })),
    }),
    reset,
  };
  registry.registerMetric(metric as never);
  return metric;
}

export const httpRequests = {
  ...seriesMetric(
    'http_requests_total',
    'HTTP requests answered, by method, route pattern and status.',
    'counter',
    () => {
      const out: Value[] = [];
      for (const methods of series.values())
        for (const cell of methods.values())
          for (const [status, value] of cell.statuses)
            out.push({ labels: { ...cell.labels, status }, value });
      return out;
    },
  ),
  /** As prom-client's Counter.inc (tests, tools); the server calls recordRequest. */
  inc({ method, route, status }: { method: string; route: string; status: number }) {
    const cell = cellOf(method, route);
    cell.statuses.set(status, (cell.statuses.get(status) ?? 0) + 1);
  },
};

export const httpDuration = seriesMetric(
  'http_request_duration_seconds',
  'Time from a request to the end of its answer, by method and route pattern.',
  'histogram',
  () => {
    const name = 'http_request_duration_seconds';
    const out: Value[] = [];
    for (const methods of series.values())
      for (const cell of methods.values()) {
        if (!cell.count) continue; // counted by httpRequests.inc alone
        let total = 0;
        DURATION_BUCKETS.forEach((le, i) => {
          total += cell.buckets[i]!;
          out.push({
            labels: { le },
            sharedLabels: cell.labels,
            value: total,
            metricName: `${name}_bucket`,
          });
        });
        out.push(
          {
            labels: { le: '+Inf' },
            sharedLabels: cell.labels,
            value: cell.count,
            metricName: `${name}_bucket`,
          },
          { labels: {}, sharedLabels: cell.labels, value: cell.sum, metricName: `${name}_sum` },
          { labels: {}, sharedLabels: cell.labels, value: cell.count, metricName: `${name}_count` },
        );
      }
    return out;
  },
);

export const serverErrors = new Counter({
  name: 'server_errors_total',
  help: 'Unhandled errors answered with a 500, by where they happened (api, web).',
  labelNames: ['source'] as const,
  registers: [registry],
});

/** Look-ups by result, counted in three numbers (a look-up per page request). */
const lookups = { hit: 0, stale: 0, miss: 0 };
const lookupsSeen: Array<keyof typeof lookups> = []; // first-seen order, as prom-client lists them

export const pageCacheLookups = {
  ...seriesMetric(
    'page_cache_lookups_total',
    'Page cache look-ups: hit (fresh copy), stale (stale copy while another request re-renders), miss (rendered).',
    'counter',
    () => lookupsSeen.map((result) => ({ labels: { result }, value: lookups[result] })),
    () => {
      lookups.hit = lookups.stale = lookups.miss = 0;
      lookupsSeen.length = 0;
    },
  ),
  inc({ result }: { result: keyof typeof lookups }) {
    if (!lookups[result]++) lookupsSeen.push(result);
  },
};

export const jobRuns = new Counter({
  name: 'job_runs_total',
  help: 'Background job runs by this process, by job and result (ok, failed).',
  labelNames: ['job', 'result'] as const,
  registers: [registry],
});

export const jobLag = new Gauge({
  name: 'job_lag_seconds',
  help: 'How late the last run of each job started after it was due.',
  labelNames: ['job'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'job_duration_seconds',
  help: 'How long each job run took.',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.25, 1, 5, 30, 120],
  registers: [registry],
});

export const taskRuns = new Counter({
  name: 'task_runs_total',
  help: 'Queued tasks (video conversions, imports, e-mails after a payment) run by this process, by kind and result (done, failed).',
  labelNames: ['kind', 'result'] as const,
  registers: [registry],
});

export const taskWait = new Histogram({
  name: 'task_wait_seconds',
  help: 'How long each task waited in the queue before this process claimed it, by kind.',
  labelNames: ['kind'] as const,
  buckets: [0.5, 1, 2.5, 5, 15, 60, 300, 1800],
  registers: [registry],
});

export const taskDuration = new Histogram({
  name: 'task_duration_seconds',
  help: 'How long each task ran, by kind.',
  labelNames: ['kind'] as const,
  buckets: [0.1, 0.5, 2.5, 10, 60, 300, 1800],
  registers: [registry],
});

export const chatMessages = new Counter({
  name: 'chat_messages_total',
  help: 'Chat messages sent through this node.',
  registers: [registry],
});

/** Things a gauge reads when scraped; each part of the server registers its own. */
const sources: {
  pageCache?: { size: number; bytes: number };
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  chatClients?: () => number;
  ready?: () => boolean;
} = {};

new Gauge({
  name: 'page_cache_entries',
  help: 'Pages kept by the page cache.',
  registers: [registry],
  collect() {
    this.set(sources.pageCache?.size ?? 0);
  },
});

new Gauge({
  name: 'page_cache_bytes',
  help: 'Bytes kept by the page cache, compressed copies included.',
  registers: [registry],
  collect() {
    this.set(sources.pageCache?.bytes ?? 0);
  },
});

new Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL pool connections: total, idle, and requests waiting for one (absent on PGlite).',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const pool = sources.pool;
    if (!pool) return;
    this.set({ state: 'total' }, pool.totalCount);
    this.set({ state: 'idle' }, pool.idleCount);
    this.set({ state: 'waiting' }, pool.waitingCount);
  },
});

new Gauge({
  name: 'chat_clients',
  help: 'Chat connections open on this node.',
  registers: [registry],
  collect() {
    this.set(sources.chatClients?.() ?? 0);
  },
});

new Gauge({
  name: 'node_ready',
  help: '1 while this node takes traffic (GET /readyz is 200), 0 while it drains.',
  registers: [registry],
  collect() {
    this.set(sources.ready?.() === false ? 0 : 1);
  },
});

/** The last finished backup this node knows of (server/backup/backup.job.ts): its time and destination. */
let lastBackup: { at: number; destination: string } | undefined;
export const recordBackup = (at: Date, destination: string) =>
  void (lastBackup = { at: at.getTime(), destination });

new Gauge({
  name: 'backup_last_success_age_seconds',
  help: 'Age of the newest backup archive, as last seen by this node (absent until it checked; docs/deploy.md "Backups").',
  labelNames: ['destination'] as const,
  registers: [registry],
  collect() {
    if (lastBackup)
      this.set({ destination: lastBackup.destination }, (Date.now() - lastBackup.at) / 1000);
  },
});

export const watchPageCache = (cache: { size: number; bytes: number }) =>
  void (sources.pageCache = cache);
export const watchPool = (pool: typeof sources.pool) => void (sources.pool = pool);
export const watchChatClients = (count: () => number) => void (sources.chatClients = count);
export const watchReadiness = (ready: () => boolean) => void (sources.ready = ready);

let defaults = false;
/** Process metrics (CPU, memory, event-loop lag, GC): once, by the server that serves /metrics. */
export function collectProcessMetrics(): void {
  if (defaults) return;
  defaults = true;
  collectDefaultMetrics({ register: registry });
}

/** The exposition text and its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
