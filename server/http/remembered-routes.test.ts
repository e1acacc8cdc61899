import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { createApi } from '../app.ts';
import { REMEMBERED_MATCHES, RememberedRoutes } from './remembered-routes.ts';

// The API's routes, each with its parameters filled in, and what both routers make of them.
const api = createApi({ db: {} as never });
const paths = [
  ...new Set(
    api.routes.map((r) =>
      r.path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => `${name}1`).replace(/\*$/, 'x'),
    ),
  ),
];

describe('the API router (RememberedRoutes)', () => {
  it('the API dispatches through it', () => {
    expect((api as unknown as { router: { name: string } }).router.name).toBe('RememberedRoutes');
  });

  it('matches every route of the API as the TrieRouter does, the first time and again', () => {
    const plain = new TrieRouter<unknown>();
    const remembered = new RememberedRoutes<unknown>();
    for (const r of api.routes) {
      plain.add(r.method, r.path, r.handler);
      remembered.add(r.method, r.path, r.handler);
    }
    expect(paths.length).toBeGreaterThan(300);
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'])
      for (const path of [...paths, '/api/v1/nothing-here', '/elsewhere']) {
        const expected = plain.match(method, path);
        const first = remembered.match(method, path);
        expect(first, `${method} ${path}`).toEqual(expected);
        expect(remembered.match(method, path)).toBe(first); // remembered: the same object
      }
  });

  it('forgets what it remembered when a route is added, and when it has remembered its fill', () => {
    const router = new RememberedRoutes<string>();
    router.add('GET', '/a/:id', 'a');
    const before = router.match('GET', '/b/1');
    expect(before[0]).toEqual([]);
    router.add('GET', '/b/:id', 'b');
    expect(router.match('GET', '/b/1')[0].map(([handler]) => handler)).toEqual(['b']);
    const first = router.match('GET', '/a/0');
    for (let i = 1; i <= REMEMBERED_MATCHES; i++) router.match('GET', `/a/${i}`);
    const again = router.match('GET', '/a/0');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
