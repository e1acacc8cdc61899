// A page's plain read goes to the in-process API as a small object instead of a Request
// (contract/in-process.ts `inProcessGet`, docs/performance.md "In-process reads without a Request"):
// the API must see exactly what a Request would have shown it.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { inProcessGet, isInProcess, isPlainUrl } from '../../contract/in-process.ts';

const PREFIX = 'http://in-process/api/v1/';
const headers = new Headers({ Accept: 'application/json' });

describe('in-process GET requests', () => {
  it('a URL taken as plain is the URL a Request would give, over tricky and random paths', () => {
    const tricky = [
      'igreja/graca/agenda/',
      'igreja/graca/evento/?proximos=3',
      'noticia/?busca=s%C3%A3o%20paulo&page=2',
      'noticia/?busca=são paulo',
      "noticia/?busca=it's",
      'noticia/?busca=a b',
      'noticia/?busca=%zz',
      'a/./b',
      'a/../b',
      'a/%2e%2E/b',
      'a/%2e/b',
      'a/.b/..c',
      'a/..',
      'a\\b',
      'a#b',
      'a?b#c',
      'a|b',
      'a^b',
      'a{b}',
      'a`b',
      'a"b',
      'a<b>',
      'a/?x=./../y',
      '',
      '?',
      'a//b',
      'a;b=c/@:!$&()*+,~',
    ];
    const alphabet = 'abAZ09-._~!$&()*+,;=:@/?%#\\\'"<>|^{}` \u00e3\u{1f600}2eE.';
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
    const generated = Array.from({ length: 20000 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 12) }, () =>
        alphabet.charAt(Math.floor(random() * alphabet.length)),
      ).join(''),
    );
    let plain = 0;
    for (const path of [...tricky, ...generated]) {
      const url = PREFIX + path;
      if (!isPlainUrl(url)) continue;
      plain++;
      expect(new Request(url).url, path).toBe(url);
    }
    expect(plain).toBeGreaterThan(2000); // the generator reached plain URLs often enough to mean something
    expect(isPlainUrl(PREFIX + 'igreja/graca/evento/?proximos=3')).toBe(true);
    expect(isPlainUrl(PREFIX + 'a/%2e%2E/b')).toBe(false);
    expect(isPlainUrl(PREFIX + 'noticia/?busca=são')).toBe(false);
  });

  it('a URL that is not plain gets a real Request, with the URL it normalizes to', () => {
    const request = inProcessGet(`${PREFIX}noticia/?busca=são paulo`, headers);
    expect(request).toBeInstanceOf(Request);
    expect(request.url).toBe(`${PREFIX}noticia/?busca=s%C3%A3o%20paulo`);
    expect(isInProcess(request)).toBe(true);
  });

  it('a route reads the same path, parameters, query and headers from either', async () => {
    const app = new Hono({ strict: false }).basePath('/api/v1');
    app.get('/igreja/:slug/evento', (c) =>
      c.json({
        path: c.req.path,
        slug: c.req.param('slug'),
        query: c.req.query(),
        many: c.req.queries('tag'),
        accept: c.req.header('accept'),
        all: c.req.header(),
        method: c.req.method,
        url: c.req.url,
        inProcess: isInProcess(c.req.raw),
      }),
    );
    for (const path of [
      'igreja/graca/evento/?proximos=3',
      'igreja/gra%C3%A7a/evento?busca=a%20b+c&tag=1&tag=2&vazio=',
      'igreja/graca/evento',
    ]) {
      const light = inProcessGet(PREFIX + path, headers);
      expect(light).not.toBeInstanceOf(Request); // the plain ones take the small object
      const real = new Request(PREFIX + path, { headers });
      const fromLight: unknown = await (await app.fetch(light)).json();
      const fromReal = (await (await app.fetch(real)).json()) as Record<string, unknown>;
      expect(fromLight).toEqual({ ...fromReal, inProcess: true });
    }
  });
});
