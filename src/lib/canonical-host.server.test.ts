import { describe, expect, it } from 'vitest';
import { canonicalLocation } from './canonical-host.server.ts';

const at = (host: string, path = '/news/12?page=2', method = 'GET', https = false) => ({
  method,
  hostHeader: host,
  url: new URL(`http://${host}${path}`),
  https,
});

describe('canonical host redirect (docs/deploy.md "Own domains and HTTPS")', () => {
  it('redirects another name of the church to the primary, same path and query', () => {
    expect(
      canonicalLocation({ ...at('graca.localhost:4391'), primaryHost: 'igrejadagraca.test' }),
    ).toBe('http://igrejadagraca.test:4391/news/12?page=2');
    expect(
      canonicalLocation({
        ...at('www.graca.org', '/', 'HEAD', true),
        primaryHost: 'graca.org',
      }),
    ).toBe('https://graca.org/');
    expect(
      canonicalLocation({
        ...at('WWW.Graca.org.:443', '/x', 'GET', true),
        primaryHost: 'graca.org',
      }),
    ).toBe('https://graca.org/x');
  });

  it('keeps today’s behaviour without a primary, on the primary itself, and for writes', () => {
    expect(canonicalLocation({ ...at('graca.localhost:4391'), primaryHost: null })).toBeNull();
    expect(
      canonicalLocation({ ...at('Igrejadagraca.test:4391'), primaryHost: 'igrejadagraca.test' }),
    ).toBeNull();
    expect(
      canonicalLocation({
        ...at('graca.localhost:4391', '/access', 'POST'),
        primaryHost: 'igrejadagraca.test',
      }),
    ).toBeNull();
  });
});
