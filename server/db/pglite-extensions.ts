// The PostgreSQL extensions the schema uses (migration 0017: the trigram index of content search).
// PostgreSQL ships them in contrib; PGlite loads them only when each instance is built with them,
// and a database whose index uses one cannot be read without it: every PGlite here opens through this.
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** A PGlite on `dataDir` (a folder, `memory://`, or in memory when absent) with the schema's extensions. */
export function openPglite(dataDir?: string): PGlite {
  return new PGlite(dataDir, { extensions: { pg_trgm, btree_gin } });
}
