// The file store's sizes by owner (server/files/usage.ts, docs/deploy.md "Storage quotas"): one row
// per stored key that belongs to a church, whatever the backend keeps the bytes, so a church's
// total is one indexed sum before an upload is accepted.
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const fileUsage = pgTable(
  'uso_arquivo',
  {
    /** The file store key (server/files/file-store.ts), e.g. `play/12/720p/seg-3.ts`. */
    key: text('chave').primaryKey(),
    /** What the key's path names as its owner: `igreja`, `play`, `play-envio`, `importacao`, `louvor`. */
    owner: text('dono').notNull(),
    ownerId: integer('dono_id').notNull(),
    size: bigint('tamanho', { mode: 'number' }).notNull(),
    updatedAt: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('uso_arquivo_dono_idx').on(table.owner, table.ownerId)],
);
