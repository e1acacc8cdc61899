// The church's own Pix key (docs/payments.md "The church's Pix key"): what the treasurer entered,
// with its type (contract/pix-key.ts), used as the receiver of the Pix codes the product makes itself.
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PixKeyType } from '../../../contract/pix-key.ts';
import { churches } from './church.ts';

/** One Pix key per church; no row: the church's e-mail stands in (as before this table). */
export const churchPixKeys = pgTable(
  'igreja_chave_pix',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    /** cpf | cnpj | email | telefone | aleatoria */
    type: text('tipo').$type<PixKeyType>().notNull(),
    /** Normalised as the Pix system stores it (normalizePixKey). */
    key: text('chave').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('igreja_chave_pix_uq').on(t.churchId)],
);
