// The gateway's script only on the pages that pay (docs/payments.md "Stripe", docs/security.md).
import { describe, expect, it } from 'vitest';
import { completePolicy, parsePolicy } from './security-headers.ts';

const astro = "script-src 'self' 'sha256-abc='; style-src 'self'";
const policyOf = (pathname: string) =>
  new Map(parsePolicy(completePolicy(astro, { pathname, https: true })));

describe('Stripe.js in the content security policy', () => {
  it('is allowed on the checkout, give and card pages', () => {
    for (const path of ['/give', '/checkout', '/play/checkout', '/user/addcard']) {
      const policy = policyOf(path);
      expect(policy.get('script-src'), path).toBe("'self' 'sha256-abc=' https://js.stripe.com");
      expect(policy.get('connect-src'), path).toContain('https://api.stripe.com');
    }
  });
  it('is not allowed anywhere else', () => {
    for (const path of ['/', '/news/1', '/give/thank-you', '/event/3', '/user', '/givex']) {
      const policy = policyOf(path);
      expect(policy.get('script-src'), path).not.toContain('stripe');
      expect(policy.get('connect-src'), path).not.toContain('stripe');
    }
  });
});
