// The API's router: Hono's TrieRouter, with each method and path's match remembered. The API has
// ~1,500 routes, among them `/igreja/codigo/:code` beside `/igreja/:slug/…` (spec §7), which Hono's
// RegExpRouter refuses, so Hono's default picks the TrieRouter, which walks its tree on every
// request: ~6.5 µs a match, four per church home (docs/performance.md "Renders without the cache,
// an eleventh time"). A page's reads and an app's calls ask for the same few paths again and again.
import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import { memoByText } from '../../common/memo.ts';

/** Matches remembered at most (then forgotten all at once, as the set of paths in use is small). */
export const REMEMBERED_MATCHES = 2_000;

export class RememberedRoutes<T> implements Router<T> {
  name = 'RememberedRoutes';
  readonly #router = new TrieRouter<T>();
  #remembered = this.#remember();

  /** A fresh memo of "METHOD path" → the TrieRouter's result (the same object each time: Hono only reads it). */
  #remember() {
    return memoByText((key) => {
      const space = key!.indexOf(' ');
      return this.#router.match(key!.slice(0, space), key!.slice(space + 1));
    }, REMEMBERED_MATCHES);
  }

  add(method: string, path: string, handler: T): void {
    this.#router.add(method, path, handler);
    this.#remembered = this.#remember(); // a new route may change any match
  }

  match(method: string, path: string): Result<T> {
    return this.#remembered(`${method} ${path}`);
  }
}
