// node-postgres parses and plans every statement again unless it is given a name; drizzle names
// none. This pool names each read and write by its text (what postgres.js does by default), so
// each connection parses and plans it once and then only binds and executes (docs/performance.md "Prepared statements").
import pg from 'pg';
import { keepsPlan, PLAN_EACH_RUN } from './pglite-fast.ts';

/** Distinct texts named; past this, statements run unnamed (each connection keeps what it named). */
export const NAMED_STATEMENTS = 500;

type QueryConfig = { text?: unknown; name?: unknown };

export class PreparingPool extends pg.Pool {
  readonly #names = new Map<string, string>();
  readonly #keep: number;

  constructor(config: pg.PoolConfig, { keep = NAMED_STATEMENTS }: { keep?: number } = {}) {
    super(config);
    this.#keep = keep;
    // Every form of pg's query passes through; a config object (what drizzle sends) gets a name.
    const query = super.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((config: unknown, ...rest: unknown[]) =>
      query(this.#named(config), ...rest)) as pg.Pool['query'];
  }

  #named(config: unknown): unknown {
    if (!config || typeof config !== 'object') return config;
    const { text, name } = config as QueryConfig;
    if (typeof text !== 'string') return config;
    // Marked to be planned for its values: unnamed even when drizzle named it (prepared.ts).
    if (text.includes(PLAN_EACH_RUN)) return { ...config, name: undefined };
    if (name !== undefined || !keepsPlan(text)) return config;
    let known = this.#names.get(text);
    if (known === undefined) {
      if (this.#names.size >= this.#keep) return config;
      known = `s${this.#names.size + 1}`;
      this.#names.set(text, known);
    }
    return { ...config, name: known };
  }
}
