// Upgrades keep data (docs/deploy.md "Upgrades"): an archive made by an earlier release
// (fixtures/release-ee00ea2.tar.gz, built by scripts/make-upgrade-fixture.ts in that release's
// checkout: its first start's demo churches and an uploaded file) is restored by this code, which
// migrates it forward. Every table keeps every row, data a migration rewrites reads right, the file
// is there, and the API serves the churches and signs their members in.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApi } from '../app.ts';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import * as t from '../db/schema/index.ts';
import { createLocalFileStore } from '../files/local.ts';
import { apiClient } from '../test-kit.ts';
import { restoreBackup, type RestoreReport } from './restore.ts';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'release-ee00ea2.tar.gz');
const work = mkdtempSync(path.join(tmpdir(), 'church-upgrade-'));
let restored: DatabaseHandle | undefined;

afterAll(async () => {
  await restored?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('an earlier release’s database under this code', () => {
  let report: RestoreReport;

  it('restores and migrates forward to this code’s last migration', async () => {
    report = await restoreBackup(FIXTURE, { dataDir: work });
    expect(report.manifest.database.lastMigration?.tag).toBe('0044_account_fk_indexes');
    restored = await openDatabase(path.join(work, 'pglite'), { thread: false });
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { when: number }[] };
    const [last] = await rowsOf<{ created_at: string }>(
      restored.db.execute(
        sql`select created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      ),
    );
    expect(Number(last!.created_at)).toBe(journal.entries.at(-1)!.when);
  }, 120_000);

  it('keeps every row of every table the release had', async () => {
    const counted: [string, number][] = [];
    for (const table of report.manifest.database.tables) {
      const [row] = await rowsOf<{ n: number }>(
        restored!.db.execute(sql.raw(`select count(*)::int as n from "${table.name}"`)),
      );
      counted.push([table.name, row!.n]);
    }
    expect(counted).toEqual(report.manifest.database.tables.map((x) => [x.name, x.rows]));
    // the demo's churches, people, gifts and groups were there to keep
    const rows = Object.fromEntries(counted);
    expect(rows.igreja).toBeGreaterThan(1);
    expect(rows.usuario).toBeGreaterThan(10);
    expect(rows.pagamento).toBeGreaterThan(0);
  });

  it('reads data a migration rewrote: group weekdays in the one numbering (Sunday 0 became 7)', async () => {
    const groups = await restored!.db
      .select({ id: t.groups.id, weekday: t.groups.weekday })
      .from(t.groups)
      .orderBy(asc(t.groups.id));
    // in the fixture: group 1 met on Tuesdays (2), group 6 on Mondays (1), group 7 on Sundays (0)
    expect(groups.find((g) => g.id === 1)?.weekday).toBe(2);
    expect(groups.find((g) => g.id === 6)?.weekday).toBe(1);
    expect(groups.find((g) => g.id === 7)?.weekday).toBe(7);
  });

  it('keeps the uploaded file', () => {
    expect(report.files).toBe(1);
    expect(
      readFileSync(path.join(work, 'files', 'uploads', 'oracao', '1-fixture.txt'), 'utf8'),
    ).toBe('uploaded before the upgrade\n');
  });

  it('serves the churches and signs their members in with their old passwords', async () => {
    const api = apiClient(
      createApi({ db: restored!.db, files: createLocalFileStore(path.join(work, 'files')) }),
    );
    const church = await api.get('/igreja/codigo/graca');
    expect(church.status).toBe(200);
    expect(church.body.nome).toBeTruthy();
    const login = await api.call('POST', '/security/login_check', {
      body: { username: 'membro@graca.demo', password: 'Demo@1234' },
    });
    expect(login.status).toBe(200);
    const me = await api.get('/me', { token: login.body.token });
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain('membro@graca.demo');
  });
});
