import { stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { audioBytes, PUBLIC_DIR, publicFileBytes } from './audio-length.ts';

describe('an enclosure’s byte length, found when the audio is written', () => {
  it('a file of the site is measured on disk; nothing outside the public folder is', async () => {
    const size = (await stat(path.join(PUBLIC_DIR, 'content/audio/silence.mp3'))).size;
    expect(size).toBeGreaterThan(1000);
    expect(await audioBytes('/content/audio/silence.mp3')).toBe(size);
    expect(await publicFileBytes('/content/audio/silence.mp3?x=1')).toBe(size);
    expect(await audioBytes('/content/audio/missing.mp3')).toBeNull();
    expect(await audioBytes('/../package.json')).toBeNull();
    expect(await audioBytes('/%2e%2e/package.json')).toBeNull();
    expect(await audioBytes('/content')).toBeNull(); // a folder
  });

  it('a remote https file is asked once with HEAD; unknown stays null', async () => {
    const asked: string[] = [];
    const head = (length: string | null, status = 200) =>
      (async (url: string | URL | Request, init?: RequestInit) => {
        asked.push(`${init?.method} ${String(url)}`);
        return new Response(null, {
          status,
          headers: length === null ? {} : { 'content-length': length },
        });
      }) as typeof fetch;
    expect(await audioBytes('https://cdn.example.org/ep.mp3', head('31337'))).toBe(31337);
    expect(asked).toEqual(['HEAD https://cdn.example.org/ep.mp3']);
    expect(await audioBytes('https://cdn.example.org/ep.mp3', head(null))).toBeNull();
    expect(await audioBytes('https://cdn.example.org/ep.mp3', head('10', 404))).toBeNull();
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    expect(await audioBytes('https://cdn.example.org/ep.mp3', failing)).toBeNull();
    expect(await audioBytes('http://cdn.example.org/ep.mp3', head('5'))).toBeNull();
  });
});
