// A home banner's link (docs/security.md "Redirects"): an address of this site is judged as the
// redirects are (common/same-site-path.ts), so no hostile payload passes as "a path of this site".
import { describe, expect, it } from 'vitest';
import { HOSTILE_REDIRECTS } from '../tests/fixtures/redirect-payloads.ts';
import { bannerInput } from './church-staff.ts';

const linkOk = (link: string) => bannerInput.safeParse({ titulo: 'Banner', link }).success;

describe('banner link', () => {
  it('no hostile redirect payload passes as a path of this site: each one taken stays on the host', () => {
    const external = /^https?:\/\/[^\s]+$/i;
    const payloads = HOSTILE_REDIRECTS.filter((p) => !external.test(p.trim()));
    expect(payloads.length).toBeGreaterThan(30);
    for (const payload of payloads)
      if (linkOk(payload))
        expect(new URL(payload.trim(), 'https://graca.localhost').origin, payload).toBe(
          'https://graca.localhost',
        );
    // what passed before the shared judgement: read by the browser as //evil.example
    for (const payload of ['/\\evil.example', '/\\evil.example/news', '/\\/evil.example'])
      expect(linkOk(payload), payload).toBe(false);
  });

  it('takes paths of this site, external http(s) addresses and no link', () => {
    for (const link of [
      '/',
      '/event',
      '/news/12?x=1#top',
      'https://example.org/x',
      'http://a.b',
      '',
    ])
      expect(linkOk(link), link).toBe(true);
  });
});
