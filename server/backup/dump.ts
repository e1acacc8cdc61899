// The database part of a backup (docs/deploy.md "Backups"): every table of the schema, read in one
// REPEATABLE READ, READ ONLY transaction, so every row comes from the same moment while the site
// keeps serving, and written in PostgreSQL's COPY text format (one line a row) in parts of a few MB.
// The same layout from PGlite and from PostgreSQL, so either restores into either.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Database, type Tx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { TarWriter } from './tar.ts';
import { quoteIdent } from '../db/bulk-insert.ts';

export interface TableDump {
  name: string;
  columns: { name: string; type: string }[];
  rows: number;
  bytes: number;
  /** sha256 of the table's text, all parts in order. */
  sha256: string;
  /** Its parts in the archive, in order: `db/<table>/000001.tsv`… */
  parts: string[];
}

export interface MigrationMark {
  tag: string;
  /** The journal's `when`, also drizzle's `created_at` of the applied migration. */
  when: number;
}

export interface DatabaseDump {
  kind: 'pglite' | 'postgres';
  method: 'copy-text-in-one-repeatable-read-transaction';
  lastMigration: MigrationMark | null;
  /** In the order they restore in: a table after those its foreign keys point to. */
  tables: TableDump[];
  sequences: Record<string, { lastValue: string; isCalled: boolean }>;
}

export { quoteIdent };

/** The journal's migrations of this code, in order. */
export function journal(folder = migrationsFolder): MigrationMark[] {
  const file = path.join(folder, 'meta', '_journal.json');
  const { entries } = JSON.parse(readFileSync(file, 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return entries.map((e) => ({ tag: e.tag, when: e.when }));
}

/** A value as COPY's text format writes it. */
export function copyField(value: string | null): string {
  if (value === null) return '\\N';
  return value.replace(/[\\\n\r\t]/g, (ch) =>
    ch === '\\' ? '\\\\' : ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : '\\t',
  );
}

/** A COPY text line back into its values. */
export function parseCopyLine(line: string): (string | null)[] {
  return line.split('\t').map((field) => {
    if (field === '\\N') return null;
    return field.replace(/\\(.)/g, (_, ch: string) =>
      ch === 'n'
        ? '\n'
        : ch === 'r'
          ? '\r'
          : ch === 't'
            ? '\t'
            : ch === 'b'
              ? '\b'
              : ch === 'f'
                ? '\f'
                : ch === 'v'
                  ? '\v'
                  : ch,
    );
  });
}

type Run = <T>(text: string) => Promise<T[]>;

/** Tables of the public schema with their stored columns (generated ones are computed again). */
async function tablesOf(
  run: Run,
): Promise<{ name: string; columns: { name: string; type: string }[] }[]> {
  const rows = await run<{ table: string; column: string; type: string }>(
    `select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type"
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0
        and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const byTable = new Map<string, { name: string; type: string }[]>();
  for (const r of rows) {
    if (!byTable.has(r.table)) byTable.set(r.table, []);
    byTable.get(r.table)!.push({ name: r.column, type: r.type });
  }
  return [...byTable].map(([name, columns]) => ({ name, columns }));
}

/** Table names ordered so each comes after the tables its foreign keys point to. */
export async function restoreOrder(run: Run, names: string[]): Promise<string[]> {
  const edges = await run<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(e.child)?.add(e.parent);
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (seen.has(name) || path.has(name)) return; // a cycle keeps its tables' name order
    path.add(name);
    for (const parent of [...(parents.get(name) ?? [])].sort()) visit(parent, path);
    path.delete(name);
    seen.add(name);
    out.push(name);
  };
  for (const name of [...names].sort()) visit(name, new Set());
  return out;
}

async function primaryKey(run: Run, table: string): Promise<string[]> {
  const rows = await run<{ column: string }>(
    `select a.attname as "column"
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       join lateral unnest(i.indkey) with ordinality as k(attnum, ord) on true
       join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where i.indisprimary and n.nspname = 'public' and c.relname = '${table.replace(/'/g, "''")}'
      order by k.ord`,
  );
  return rows.map((r) => r.column);
}

async function lastMigration(run: Run): Promise<MigrationMark | null> {
  const [row] = await run<{ when: string }>(
    `select created_at::text as "when" from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!row) return null;
  const when = Number(row.when);
  return journal().find((m) => m.when === when) ?? { tag: 'unknown', when };
}

export interface DumpOptions {
  /** The size a part grows to before it is written (default 4 MB). */
  partBytes?: number;
  /** Rows per FETCH (default 1000). */
  batchRows?: number;
}

/**
 * Writes every table into `writer` from one snapshot. On PGlite (one connection) the transaction
 * also holds other statements back until it ends; on PostgreSQL nothing waits (MVCC).
 */
export async function dumpDatabase(
  db: Database,
  kind: DatabaseDump['kind'],
  writer: TarWriter,
  { partBytes = 4 * 1024 * 1024, batchRows = 1000 }: DumpOptions = {},
): Promise<DatabaseDump> {
  return db.transaction(async (tx: Tx) => {
    const run: Run = (text) => rowsOf(tx.execute(sql.raw(text)));
    await run('set transaction isolation level repeatable read, read only');
    // Values are written in a form that does not depend on the session's settings.
    for (const setting of [
      "set local timezone = 'UTC'",
      "set local datestyle = 'ISO, YMD'",
      "set local intervalstyle = 'postgres'",
      'set local extra_float_digits = 3',
      "set local bytea_output = 'hex'",
    ])
      await run(setting);
    const migration = await lastMigration(run);
    const tables = await tablesOf(run);
    const order = await restoreOrder(
      run,
      tables.map((t) => t.name),
    );
    const sequences: DatabaseDump['sequences'] = {};
    const seqs = await run<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'S' and n.nspname = 'public' order by 1`,
    );
    for (const { name } of seqs) {
      const [v] = await run<{ last: string; called: boolean | string }>(
        `select last_value::text as last, is_called as called from ${quoteIdent(name)}`,
      );
      sequences[name] = { lastValue: v!.last, isCalled: v!.called === true || v!.called === 't' };
    }
    const dumps: TableDump[] = [];
    for (const name of order) {
      const table = tables.find((t) => t.name === name)!;
      const pk = await primaryKey(run, name);
      const cols = table.columns.map((c, i) => `${quoteIdent(c.name)}::text as c${i}`).join(', ');
      const orderBy = pk.length ? ` order by ${pk.map(quoteIdent).join(', ')}` : '';
      await run(
        `declare backup_rows no scroll cursor for select ${cols} from ${quoteIdent(name)}${orderBy}`,
      );
      const hash = createHash('sha256');
      const parts: string[] = [];
      let rows = 0;
      let bytes = 0;
      let pending: string[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (!pending.length) return;
        const part = `db/${name}/${String(parts.length + 1).padStart(6, '0')}.tsv`;
        const buffer = Buffer.from(pending.join(''));
        hash.update(buffer);
        bytes += buffer.length;
        await writer.add(part, buffer);
        parts.push(part);
        pending = [];
        pendingBytes = 0;
      };
      for (;;) {
        const batch = await run<Record<string, string | null>>(
          `fetch forward ${batchRows} from backup_rows`,
        );
        for (const row of batch) {
          const line =
            table.columns.map((_, i) => copyField(row[`c${i}`] ?? null)).join('\t') + '\n';
          pending.push(line);
          pendingBytes += line.length;
          rows += 1;
        }
        if (pendingBytes >= partBytes) await flush();
        if (batch.length < batchRows) break;
      }
      await flush();
      await run('close backup_rows');
      dumps.push({ name, columns: table.columns, rows, bytes, sha256: hash.digest('hex'), parts });
    }
    return {
      kind,
      method: 'copy-text-in-one-repeatable-read-transaction',
      lastMigration: migration,
      tables: dumps,
      sequences,
    } satisfies DatabaseDump;
  });
}
