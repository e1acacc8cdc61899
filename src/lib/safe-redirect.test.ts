import { describe, expect, it } from 'vitest';
import { HOSTILE_REDIRECTS, SAFE_REDIRECTS } from '../../tests/fixtures/redirect-payloads.ts';
import { loginPath, redirectToParam, safeRedirect } from './safe-redirect.ts';

const site = 'http://graca.localhost:4321/access';

describe('safeRedirect (docs/security.md "Redirects")', () => {
  it.each(HOSTILE_REDIRECTS.map((p) => [JSON.stringify(p), p]))(
    '%s stays on the church host',
    (_, payload) => {
      const out = safeRedirect(payload);
      // Resolved as the browser resolves a Location or location.assign() against the page.
      const landed = new URL(out, site);
      expect(landed.origin).toBe('http://graca.localhost:4321');
      expect(out.startsWith('/') && !out.startsWith('//') && !out.startsWith('/\\')).toBe(true);
    },
  );

  it.each(SAFE_REDIRECTS)('%s is kept', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it('has at least 30 hostile payloads, and empty or missing targets go home or to the fallback', () => {
    expect(HOSTILE_REDIRECTS.length).toBeGreaterThanOrEqual(30);
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('')).toBe('/');
    expect(safeRedirect('//x', '/user')).toBe('/user');
    expect(safeRedirect(`/${'a'.repeat(5000)}`)).toBe('/');
  });

  it('reads redirectTo from a query string and builds an encoded login link', () => {
    expect(redirectToParam('?redirectTo=/%09/evil.example')).toBe('/');
    expect(redirectToParam('?redirectTo=%2Fuser%2Fdata%3Fx%3D1')).toBe('/user/data?x=1');
    expect(loginPath('/event/1/tickets?fillTicket=2')).toBe(
      '/access?redirectTo=%2Fevent%2F1%2Ftickets%3FfillTicket%3D2',
    );
    expect(loginPath('//evil.example')).toBe('/access?redirectTo=%2F');
  });
});
