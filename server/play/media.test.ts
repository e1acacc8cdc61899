// The signing pieces of closed Play media (media.ts): playlists sign only their own plain file
// names, the binding cookie is genuine and dated, and a media path cannot leave the media store.
import { describe, expect, it } from 'vitest';
import {
  bindingCookieUser,
  bindingCookieValue,
  contentFileKey,
  mediaKey,
  signPlaylist,
  validSignature,
} from './media.ts';

describe('closed media signing', () => {
  it('signs each segment and init map of a playlist, and drops URIs that leave its folder', () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXTINF:4,',
      'seg-0.m2ts',
      '#EXTINF:4,',
      'http://evil.test/x.m2ts',
      '#EXTINF:4,',
      '../other/seg-1.m2ts',
      '#EXT-X-ENDLIST',
    ].join('\n');
    const expires = Math.floor(Date.now() / 1000) + 60;
    const out = signPlaylist(playlist, 7, 3, expires).split('\n');
    expect(out[1]).toMatch(
      /^#EXT-X-MAP:URI="\/api\/v1\/plano-assinatura-midia\/7\/init\.mp4\?u=3&e=\d+&s=[\w-]+"$/,
    );
    expect(out[3]).toMatch(
      /^\/api\/v1\/plano-assinatura-midia\/7\/seg-0\.m2ts\?u=3&e=\d+&s=[\w-]+$/,
    );
    expect(out[5]).toBe('');
    expect(out[7]).toBe('');
    const s = new URL(out[3]!, 'http://x').searchParams.get('s')!;
    expect(validSignature(7, 3, 'seg-0.m2ts', expires, s)).toBe(true);
    expect(validSignature(7, 4, 'seg-0.m2ts', expires, s)).toBe(false);
    expect(validSignature(8, 3, 'seg-0.m2ts', expires, s)).toBe(false);
    expect(validSignature(7, 3, 'seg-1.m2ts', expires, s)).toBe(false);
    expect(validSignature(7, 3, 'seg-0.m2ts', expires + 1, s)).toBe(false);
    expect(validSignature(7, 3, 'seg-0.m2ts', expires, s, (expires + 1) * 1000)).toBe(false);
  });

  it('the binding cookie names its member until it expires, and not when tampered', () => {
    const value = bindingCookieValue(42);
    expect(bindingCookieUser(value)).toBe(42);
    expect(bindingCookieUser(value.replace(/^42\./, '43.'))).toBeNull();
    expect(bindingCookieUser(`${value}x`)).toBeNull();
    expect(bindingCookieUser(value, Date.now() + 13 * 3600_000)).toBeNull();
    expect(bindingCookieUser(undefined)).toBeNull();
  });

  it('a media path stays inside the store; a site path is not in it', () => {
    expect(mediaKey('graca/2/index.m3u8', 'seg-0.m2ts')).toBe('play/graca/2/seg-0.m2ts');
    expect(mediaKey('12/v3-index.m3u8', 'v3-720p-000.ts')).toBe('play/12/v3-720p-000.ts');
    expect(mediaKey('../../server/index.m3u8', 'index.m3u8')).toBeNull();
    expect(mediaKey('/play-demo/graca/1/index.m3u8', 'index.m3u8')).toBeNull();
    expect(mediaKey('', 'index.m3u8')).toBeNull();
    // captions uploaded later keep their own folder
    expect(
      contentFileKey(
        { mediaPath: '12/v3-index.m3u8', captionsPath: 'graca/2/captions.vtt' },
        'captions.vtt',
      ),
    ).toBe('play/graca/2/captions.vtt');
  });
});
