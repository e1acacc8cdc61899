// A page's inline script carries only the parts the page uses (docs/performance.md "The inline
// script"): no consent code without a pixel, the picker's "near me" only in an organisation.
import { describe, expect, it, vi } from 'vitest';

vi.mock('../scripts/shell.ts?inline-script', () => ({ default: '/*shell*/' }));
vi.mock('../scripts/header.ts?inline-script', () => ({ default: '/*shell+header*/' }));
vi.mock('../scripts/analytics.ts?inline-script', () => ({ default: '/*consent*/' }));
vi.mock('../scripts/church-near.ts?inline-script', () => ({ default: '/*near*/' }));
vi.mock('../scripts/play-offer.ts?inline-script', () => ({ default: '/*play*/' }));

const { pageScript } = await import('./page-script.ts');
const none = { church: false, pixel: false, near: false, play: false };

describe('the page script', () => {
  it('is the shell alone without a church, and the header (with the shell) on a church page', () => {
    expect(pageScript(none)).toBe('/*shell*/');
    expect(pageScript({ ...none, church: true })).toBe('/*shell+header*/');
  });

  it('adds the consent code only with a pixel, "near me" only in an organisation, the offer only on Play', () => {
    expect(pageScript({ ...none, church: true, pixel: true })).toBe(
      '/*shell+header*/\n/*consent*/',
    );
    expect(pageScript({ ...none, church: true, near: true })).toBe('/*shell+header*/\n/*near*/');
    expect(pageScript({ church: true, pixel: true, near: true, play: true })).toBe(
      '/*shell+header*/\n/*consent*/\n/*near*/\n/*play*/',
    );
    // Church-less pages have no header, so nothing of the church's.
    expect(pageScript({ church: false, pixel: false, near: true, play: true })).toBe('/*shell*/');
  });

  it('gives the same text for the same parts, so its CSP hash is made once', () => {
    const a = pageScript({ ...none, church: true, near: true });
    expect(pageScript({ ...none, church: true, near: true })).toBe(a);
  });
});
