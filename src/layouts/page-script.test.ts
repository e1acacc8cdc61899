// A page's script carries only the parts the page uses (docs/performance.md "The page script"): no
// consent code without a pixel, the picker's "near me" only in an organisation; its file's name
// changes with its text and names nothing else.
import { describe, expect, it, vi } from 'vitest';

vi.mock('../scripts/shell.ts?inline-script', () => ({ default: '/*shell*/' }));
vi.mock('../scripts/header.ts?inline-script', () => ({ default: '/*shell+header*/' }));
vi.mock('../scripts/analytics.ts?inline-script', () => ({ default: '/*consent*/' }));
vi.mock('../scripts/church-near.ts?inline-script', () => ({ default: '/*near*/' }));
vi.mock('../scripts/play-offer.ts?inline-script', () => ({ default: '/*play*/' }));

const { pageScript, pageScriptNamed } = await import('./page-script.ts');
const text = (parts: Parameters<typeof pageScript>[0]) => pageScript(parts).text;
const none = { church: false, pixel: false, near: false, play: false };

describe('the page script', () => {
  it('is the shell alone without a church, and the header (with the shell) on a church page', () => {
    expect(text(none)).toBe('/*shell*/');
    expect(text({ ...none, church: true })).toBe('/*shell+header*/');
  });

  it('adds the consent code only with a pixel, "near me" only in an organisation, the offer only on Play', () => {
    expect(text({ ...none, church: true, pixel: true })).toBe('/*shell+header*/\n/*consent*/');
    expect(text({ ...none, church: true, near: true })).toBe('/*shell+header*/\n/*near*/');
    expect(text({ church: true, pixel: true, near: true, play: true })).toBe(
      '/*shell+header*/\n/*consent*/\n/*near*/\n/*play*/',
    );
    // Church-less pages have no header, so nothing of the church's.
    expect(text({ church: false, pixel: false, near: true, play: true })).toBe('/*shell*/');
  });

  it('is one file per combination, named by its parts and its text, served under that name only', () => {
    const a = pageScript({ ...none, church: true, near: true });
    expect(pageScript({ ...none, church: true, near: true })).toBe(a); // made once
    expect(a.name).toMatch(/^1010\.[\w-]{10}$/);
    expect(a.src).toBe(`/page-script/${a.name}.js`);
    expect(pageScript({ ...none, church: true }).name).not.toBe(a.name);
    expect(pageScriptNamed(a.name)).toBe(a.text);
    // an old build's hash, a made-up name, a path: nothing
    expect(pageScriptNamed('1010.AAAAAAAAAA')).toBeNull();
    expect(pageScriptNamed('x')).toBeNull();
    expect(pageScriptNamed('../../etc/passwd')).toBeNull();
    // another combination's bits with this text's hash: nothing
    expect(pageScriptNamed(`1100.${a.name.slice(5)}`)).toBeNull();
  });
});
