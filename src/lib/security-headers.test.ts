import { describe, expect, it } from 'vitest';
import {
  applySecurityHeaders,
  completePolicy,
  originsOf,
  parsePolicy,
  servedOverHttps,
} from './security-headers.ts';

const astro = "script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def='";

describe('security headers of HTML answers (docs/security.md "Headers of HTML answers")', () => {
  it("completes Astro's CSP and keeps its hashes", () => {
    const policy = new Map(parsePolicy(completePolicy(astro, { pathname: '/', https: false })));
    expect(policy.get('script-src')).toBe("'self' 'sha256-abc='");
    expect(policy.get('style-src')).toBe("'self' 'sha256-def='");
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'self'");
    expect(policy.get('frame-ancestors')).toBe("'self'");
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it('lets other sites frame /embed/* pages only', () => {
    const embed = new Headers({
      'content-security-policy': astro,
      'x-frame-options': 'SAMEORIGIN',
    });
    applySecurityHeaders(embed, { pathname: '/embed/player', https: false });
    expect(new Map(parsePolicy(embed.get('content-security-policy'))).get('frame-ancestors')).toBe(
      '*',
    );
    expect(embed.has('x-frame-options')).toBe(false);
    const page = new Headers({ 'content-security-policy': astro });
    applySecurityHeaders(page, { pathname: '/embedded-news', https: false });
    expect(new Map(parsePolicy(page.get('content-security-policy'))).get('frame-ancestors')).toBe(
      "'self'",
    );
    expect(page.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it("keeps each page's policy once, never one context's for another", () => {
    const contexts = [
      { pathname: '/', https: false },
      { pathname: '/news/3', https: true },
      { pathname: '/embed/player', https: false },
      { pathname: '/give/', https: true },
      { pathname: '/about', https: false, pixel: true },
      {
        pathname: '/',
        https: false,
        connectOrigins: ['https://viacep.com.br', 'https://api.example'],
      },
    ];
    const policies = [astro, "script-src 'self' 'sha256-xyz='", null];
    for (let round = 0; round < 2; round++)
      for (const policy of policies)
        for (const context of contexts) {
          const headers = new Headers(policy ? { 'content-security-policy': policy } : {});
          applySecurityHeaders(headers, context);
          expect(headers.get('content-security-policy')).toBe(completePolicy(policy, context));
        }
  });

  it('sends HSTS only over HTTPS, trusting X-Forwarded-Proto only from a trusted proxy', () => {
    const http = new Headers();
    applySecurityHeaders(http, { pathname: '/', https: false });
    expect(http.has('strict-transport-security')).toBe(false);
    const https = new Headers();
    applySecurityHeaders(https, { pathname: '/', https: true });
    expect(https.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    const url = new URL('http://graca.localhost/');
    expect(servedOverHttps(new URL('https://graca.example/'), null, 0)).toBe(true);
    expect(servedOverHttps(url, 'https', 0)).toBe(false); // nobody vouches for the header
    expect(servedOverHttps(url, 'https', 1)).toBe(true);
    expect(servedOverHttps(url, 'https, http', 1)).toBe(false); // the client wrote the first one
  });

  it('allows the configured external services to be called, nothing else', () => {
    const origins = originsOf([
      '/api/v1/postcode/br/',
      'https://viacep.com.br/ws/',
      undefined,
      'not a url',
    ]);
    expect(origins).toEqual(['https://viacep.com.br']);
    const policy = new Map(
      parsePolicy(completePolicy(astro, { pathname: '/', https: false, connectOrigins: origins })),
    );
    expect(policy.get('connect-src')).toBe("'self' https://viacep.com.br");
  });

  it('lets a church\'s pixel load and report, keeping Astro\'s hashes; no pixel, no host (docs/security.md "Analytics and consent")', () => {
    const withPixel = new Map(
      parsePolicy(completePolicy(astro, { pathname: '/', https: false, pixel: true })),
    );
    expect(withPixel.get('script-src')).toBe("'self' 'sha256-abc=' https://connect.facebook.net");
    expect(withPixel.get('connect-src')).toBe(
      "'self' https://connect.facebook.net https://www.facebook.com",
    );
    const without = completePolicy(astro, { pathname: '/', https: false });
    expect(without).not.toContain('facebook');
  });
});
