// The API's router: Hono's TrieRouter, with each method and path's match remembered. The API has
// ~1,500 routes, among them `/igreja/codigo/:code` beside `/igreja/:slug/…` (spec §7), which Hono's
// RegExpRouter refuses, so Hono's default picks the TrieRouter, which walks its tree on every
// request: ~6.5 µs a match, four per church home (docs/performance.md "Renders without the cache,
// an eleventh time"). A page's reads and an app's calls ask for the same few paths again and again.
import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** Matches remembered at most (then forgotten all at once, as the set of paths in use is small). */
export const REMEMBERED_MATCHES = 2_000;

export class RememberedRoutes<T> implements Router<T> {
  name = 'RememberedRoutes';
  readonly #router = new TrieRouter<T>();
  readonly #matches = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.#matches.clear();
    this.#router.add(method, path, handler);
  }

  /** The TrieRouter's result, the same object for the same method and path (Hono only reads it). */
  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.#matches.get(key);
    if (result === undefined) {
      result = this.#router.match(method, path);
      if (this.#matches.size >= REMEMBERED_MATCHES) this.#matches.clear();
      this.#matches.set(key, result);
    }
    return result;
  }
}
