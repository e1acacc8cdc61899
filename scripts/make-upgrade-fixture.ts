// Builds the upgrade test's fixture (docs/deploy.md "Upgrades"): run it in a checkout of an
// earlier release, `node scripts/make-upgrade-fixture.ts <out.tar.gz>`. It makes what a first start
// of that release makes (a migrated PGlite folder with the demo churches), adds a member's uploaded
// file, and writes that release's backup archive. server/backup/upgrade.test.ts restores it with
// the current code, which migrates it forward, and checks that nothing was lost.
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeBackup } from '../server/backup/backup.ts';
import { openDatabase } from '../server/db/client.ts';
import { seedDemo } from '../server/db/seed/index.ts';
import { createLocalFileStore } from '../server/files/local.ts';

const out = process.argv[2];
if (!out) throw new Error('usage: node scripts/make-upgrade-fixture.ts <out.tar.gz>');
const dataDir = mkdtempSync(path.join(tmpdir(), 'church-fixture-'));
const handle = await openDatabase(path.join(dataDir, 'pglite'), { thread: false });
try {
  await seedDemo(handle.db);
  // a file a member uploaded, so the archive carries the file store too
  const prayers = path.join(dataDir, 'files', 'uploads', 'oracao');
  await mkdir(prayers, { recursive: true });
  await writeFile(path.join(prayers, '1-fixture.txt'), 'uploaded before the upgrade\n');
  const manifest = await writeBackup(
    {
      db: handle.db,
      kind: 'pglite',
      files: createLocalFileStore(path.join(dataDir, 'files')),
      dataDir,
    },
    path.resolve(out),
  );
  console.log(
    `${out}: ${manifest.product.version}, migration ${manifest.database.lastMigration?.tag}, ${manifest.database.tables.length} tables`,
  );
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
