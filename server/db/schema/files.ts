// The `postgres` file store (server/files/postgres.ts, docs/deploy.md "Files"): every uploaded or
// generated file as one row, so every node on the same database serves the same files.
import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's bytea as a Buffer (postgres.ts moves the bytes as base64 text, faster on PGlite). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const storedFiles = pgTable('arquivo', {
  /** The file's key (server/files/file-store.ts isFileKey), e.g. `uploads/oracao/3-…webp`. */
  key: text('chave').primaryKey(),
  contentType: text('tipo').notNull(),
  size: integer('tamanho').notNull(),
  bytes: bytea('dados').notNull(),
  createdAt: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
});
