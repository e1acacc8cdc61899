import { describe, expect, it } from 'vitest';
import { linkify, playerSource } from './player.ts';

describe('playerSource', () => {
  it("builds each service's embed address and refuses what is not one", () => {
    expect(playerSource({ service: 'youtube', code: 'M7lc1UVf-VE' })).toEqual({
      kind: 'frame',
      src: 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1&rel=0',
    });
    expect(playerSource({ service: 'vimeo', code: '76979871' }).kind).toBe('frame');
    expect(playerSource({ service: 'vimeo', code: 'abc' }).kind).toBe('none');
    expect(playerSource({ service: 'youtube', code: '"><script>' }).kind).toBe('none');
    expect(playerSource({ service: 'hls', url: '/live-demo/culto.m3u8' })).toEqual({
      kind: 'hls',
      src: '/live-demo/culto.m3u8',
    });
    expect(playerSource({ service: 'hls', url: 'javascript:alert(1)' }).kind).toBe('none');
    expect(playerSource({ service: 'hls', url: '//evil.example/x.m3u8' }).kind).toBe('none');
    expect(
      playerSource({ service: 'facebook', url: 'https://www.facebook.com/x/videos/1' }).kind,
    ).toBe('frame');
    expect(playerSource({ service: 'html', html: '<iframe src="https://x"></iframe>' }).kind).toBe(
      'html',
    );
  });
});

describe('linkify', () => {
  it('turns http(s) addresses into links and leaves everything else as text', () => {
    expect(linkify('veja https://igreja.example/a, e <b>oi</b>')).toEqual([
      { text: 'veja ' },
      { text: 'https://igreja.example/a', href: 'https://igreja.example/a' },
      { text: ', e <b>oi</b>' },
    ]);
    expect(linkify('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)' }]);
  });
});
