// A podcast enclosure's byte length (docs/content.md "Podcast feed"): feeds must state it, and
// a feed is rendered on every read, so it is found once when an episode's audio is written:
// a file of the site (`/content/…`) is measured on disk, a remote https file is asked with one
// HEAD request (3 s at most). Unknown stays null and the feed falls back to length 0.
import { stat } from 'node:fs/promises';
import path from 'node:path';

/** The site's public files (what `/…` addresses on the church host serve, before the build copies them). */
export const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../public');

const HEAD_TIMEOUT_MS = 3000;

/** The file behind a site address (`/content/audio/x.mp3`), or null when it would leave the public folder. */
export function publicFilePath(urlPath: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(urlPath, 'http://site.invalid').pathname);
  } catch {
    return null;
  }
  const file = path.resolve(PUBLIC_DIR, `.${pathname}`);
  return file.startsWith(PUBLIC_DIR + path.sep) ? file : null;
}

/** Size in bytes of a file the site serves at `urlPath`, or null (missing, or outside the public folder). */
export async function publicFileBytes(urlPath: string): Promise<number | null> {
  const file = publicFilePath(urlPath);
  if (!file) return null;
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

/** The byte length of an episode's audio, or null when it cannot be known now. */
export async function audioBytes(
  audio: string,
  fetchImpl: typeof fetch = fetch,
): Promise<number | null> {
  if (audio.startsWith('/') && !audio.startsWith('//')) return publicFileBytes(audio);
  if (!audio.startsWith('https://')) return null;
  try {
    const res = await fetchImpl(audio, {
      method: 'HEAD',
      signal: AbortSignal.timeout(HEAD_TIMEOUT_MS),
    });
    const length = Number(res.headers.get('content-length'));
    return res.ok && Number.isSafeInteger(length) && length > 0 ? length : null;
  } catch {
    return null;
  }
}
