// Changes reach every node (docs/staff.md "Changes show on every node"): two real processes on one
// PostgreSQL (LISTEN/NOTIFY) and, separately, one Redis (pub/sub). A change announced by A is
// heard by B within a second, and A hears it once (at once, not again from its own echo).
// Runs when TEST_DATABASE_URL / TEST_REDIS_URL are set (.ci/run sets both when they answer).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createChangeFeed } from './changes.ts';
import { waitFor } from './jobs/worker-processes.test-support.ts';

const script = fileURLToPath(new URL('./changes-node.test-support.ts', import.meta.url));

/** A node process; what it printed so far. */
function runNode(env: Record<string, string>) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}
type Node = ReturnType<typeof runNode>;
const started: Node[] = [];

afterEach(async () => {
  for (const node of started.splice(0)) {
    node.child.stdin?.end();
    const timer = setTimeout(() => node.child.kill('SIGKILL'), 3_000);
    await node.exited;
    clearTimeout(timer);
  }
});

const heard = (node: Node, churchId: number) =>
  node
    .output()
    .split('\n')
    .filter((line) => line === JSON.stringify({ heard: churchId })).length;

async function startNode(env: Record<string, string>): Promise<Node> {
  const node = runNode(env);
  started.push(node);
  await waitFor(() => node.output().includes('"ready"'), 15_000);
  return node;
}

function twoNodes(transport: 'postgres' | 'redis', env: Record<string, string>) {
  it(`a change announced by one node reaches the other within a second (${transport})`, async () => {
    const channel = `changes_test_${randomBytes(4).toString('hex')}`;
    const [a, b] = await Promise.all([
      startNode({ ...env, CHANGE_CHANNEL: channel }),
      startNode({ ...env, CHANGE_CHANNEL: channel }),
    ]);
    expect(a.output()).toContain(`"ready":"${transport}"`);
    const sent = Date.now();
    a.child.stdin!.write('4242\n');
    await waitFor(() => heard(b, 4242) === 1, 1_000);
    expect(Date.now() - sent).toBeLessThan(1_000);
    // and back: B announces, A hears it
    b.child.stdin!.write('77\n');
    await waitFor(() => heard(a, 77) === 1, 1_000);
    // each node heard its own announcement once, not again from its echo
    await new Promise((r) => setTimeout(r, 300));
    expect(heard(a, 4242)).toBe(1);
    expect(heard(b, 77)).toBe(1);
    expect(heard(b, 4242)).toBe(1);
  }, 30_000);
}

describe.runIf(process.env.TEST_DATABASE_URL)('change feed on PostgreSQL', () => {
  twoNodes('postgres', { DATABASE_URL: process.env.TEST_DATABASE_URL! });

  it('a listener that lost its connection listens again and hears what was announced meanwhile', async () => {
    const channel = `changes_test_${randomBytes(4).toString('hex')}`;
    const base = { DATABASE_URL: process.env.TEST_DATABASE_URL!, channel, LOG_LEVEL: 'silent' };
    const a = createChangeFeed(base);
    const b = createChangeFeed(base);
    try {
      const got: number[] = [];
      b.onChurchChanged((id) => got.push(id));
      await Promise.all([a.ready, b.ready]);
      // end B's listening session from the server side, as a failover would
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const ended = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN "${channel}"%' and pid <> pg_backend_pid()`,
      );
      await admin.end();
      expect(ended.rowCount).toBe(2);
      await new Promise((r) => setTimeout(r, 1_500));
      a.churchChanged(9);
      await waitFor(() => got.includes(9), 2_000);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 20_000);
});

describe.runIf(process.env.TEST_REDIS_URL)('change feed on Redis', () => {
  twoNodes('redis', { REDIS_URL: process.env.TEST_REDIS_URL! });

  it('a setup on another database number of the same Redis hears none of its changes', async () => {
    const channel = `changes_test_${randomBytes(4).toString('hex')}`;
    const on = (database: number) => {
      const url = new URL(process.env.TEST_REDIS_URL!);
      url.pathname = `/${database}`;
      return createChangeFeed({ REDIS_URL: url.toString(), channel, LOG_LEVEL: 'silent' });
    };
    const [a, b, elsewhere] = [on(3), on(3), on(4)];
    try {
      const heardB: number[] = [];
      const heardElsewhere: number[] = [];
      b.onChurchChanged((id) => heardB.push(id));
      elsewhere.onChurchChanged((id) => heardElsewhere.push(id));
      await Promise.all([a.ready, b.ready, elsewhere.ready]);
      a.churchChanged(12);
      await waitFor(() => heardB.includes(12), 2_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heardElsewhere).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close(), elsewhere.close()]);
    }
  }, 20_000);
});

describe('change feed in one process (PGlite, nothing set)', () => {
  it('tells its listeners at once', () => {
    const feed = createChangeFeed();
    const got: number[] = [];
    feed.onChurchChanged((id) => got.push(id));
    feed.churchChanged(3);
    expect(feed.transport).toBe('local');
    expect(got).toEqual([3]);
  });
});
