// `node bench/import-people.ts` (docs/staff.md "Moving in", "Large files"): a spreadsheet of
// BENCH_PEOPLE (20,000) people made here, read as a dry run then imported through the task, on
// an in-memory PGlite (or DATABASE_URL); prints the time of each and the process's peak memory.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parseConfig } from '../common/config.ts';
import { createChangeFeed } from '../server/changes.ts';
import { openDatabase } from '../server/db/client.ts';
import * as t from '../server/db/schema/index.ts';
import { seedDemo } from '../server/db/seed/index.ts';
import { createLocalFileStore } from '../server/files/local.ts';
import { createImport, getImport, startImport } from '../server/imports/imports.service.ts';
import { importTask } from '../server/imports/import.task.ts';
import { drainTasks } from '../server/jobs/tasks.ts';
import { createMailer } from '../server/mail/outbox.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 20_000);
let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200);
const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-import-'));
const database = await openDatabase(process.env.DATABASE_URL ?? 'memory://');
await seedDemo(database.db);
const files = createLocalFileStore(path.join(dataDir, 'files'));
const [church] = await database.db.select().from(t.churches).where(eq(t.churches.slug, 'graca'));
const [admin] = await database.db
  .select()
  .from(t.users)
  .where(eq(t.users.email, 'lider@graca.demo'));
const actor = { userId: admin!.id, name: 'Bench', churchId: church!.id, roles: ['ROLE_ADMIN'] };

const book = new ExcelJS.Workbook();
const sheet = book.addWorksheet('Membros');
sheet.addRow(['Nome completo', 'E-mail', 'Celular', 'Data de nascimento', 'Nº membro']);
for (let i = 1; i <= PEOPLE; i++)
  sheet.addRow([
    `Pessoa Número ${i} da Conceição`,
    `bench.${i}@exemplo.com`,
    `(11) 9${String(i % 10000).padStart(4, '0')}-${String(i % 9999).padStart(4, '0')}`,
    `${1 + (i % 28)}/${1 + (i % 12)}/${1950 + (i % 60)}`,
    `B-${i}`,
  ]);
const bytes = Buffer.from(await book.xlsx.writeBuffer());
console.log(
  `spreadsheet: ${PEOPLE} rows, ${mb(bytes.length)}; rss before: ${mb(process.memoryUsage().rss)}`,
);

const deps = { db: database.db, changes: createChangeFeed(), files };
const taskContext = {
  db: database.db,
  now: () => new Date(),
  workerId: 'bench',
  settings: parseConfig(),
  mailer: createMailer({ dataDir }),
  files,
};
let start = performance.now();
const uploaded = await createImport(deps, actor, 'en', 'pessoas', { name: 'bench.xlsx', bytes });
const answered = performance.now() - start;
// the dry run is a task of its own (docs/staff.md "Moving in")
await drainTasks(taskContext, [importTask as never]);
const view = await getImport(deps, actor.churchId, 'en', uploaded.id);
console.log(
  `upload answered in ${(answered / 1000).toFixed(1)} s; dry run: ${((performance.now() - start) / 1000).toFixed(1)} s →`,
  view.previa?.criar,
  'to create',
);
start = performance.now();
await startImport(deps, actor, 'en', view.id);
await drainTasks(taskContext, [importTask as never]);
const [row] = await database.db.select().from(t.imports).where(eq(t.imports.id, view.id));
console.log(
  `import: ${((performance.now() - start) / 1000).toFixed(1)} s →`,
  (row!.result as { criar?: number } | null)?.criar,
  'created; peak rss:',
  mb(peak),
);
clearInterval(sample);
await database.close();
await rm(dataDir, { recursive: true, force: true });
