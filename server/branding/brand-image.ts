// Square PNGs made from a church's logo (docs/content.md "Installable app and podcast cover"):
// the app icons of the web app manifest and the podcast cover feed apps require (a square PNG
// or JPEG of 1400–3000 px; the church's SVG logo is not accepted). Each is drawn once per
// source, colour and size with sharp, and kept in memory with its ETag.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { publicFilePath } from '../content/audio-length.ts';

/** What each image is: its side, and how much of it is left around the logo. */
export const BRAND_IMAGES = {
  'icon-192': { size: 192, padding: 0.08 },
  'icon-512': { size: 512, padding: 0.08 },
  // a maskable icon may be cut to a circle of 80 % of its side: the logo stays inside it
  'maskable-512': { size: 512, padding: 0.22 },
  'apple-touch-180': { size: 180, padding: 0.08 },
  'podcast-cover': { size: 1400, padding: 0.15 },
} as const;
export type BrandImageKind = keyof typeof BRAND_IMAGES;

/** A logo larger than this is not read (a staff upload is at most a few hundred KB). */
const MAX_SOURCE_BYTES = 8 * 1024 * 1024;
const MAX_PIXELS = 50_000_000;
const CACHE_ENTRIES = 64;

export interface BrandImageInput {
  kind: BrandImageKind;
  /** The logo's address as the church stores it (`/demo/…svg`, `/api/v1/imagem/igreja/…`), or null. */
  source: string | null;
  /** The background, `#rrggbb` (the church's app colour). */
  background: string;
  /** Drawn when there is no logo, or it cannot be read (the church's initials). */
  initials: string;
  /** Reads an address of the API (uploaded images live behind it, in whatever file store is configured). */
  fetchApi: (path: string) => Promise<Response>;
  /** The logo covers the whole square instead of sitting on the background (a podcast's own square art). */
  cover?: boolean;
}

export interface BrandImage {
  png: Buffer;
  etag: string;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** The bytes of a logo the product serves itself; a remote address is never fetched (null). */
async function readSource(
  source: string | null,
  fetchApi: BrandImageInput['fetchApi'],
): Promise<Buffer | null> {
  if (!source || !source.startsWith('/') || source.startsWith('//')) return null;
  try {
    if (source.startsWith('/api/v1/')) {
      const res = await fetchApi(source);
      if (!res.ok) return null;
      const bytes = Buffer.from(await res.arrayBuffer());
      return bytes.length <= MAX_SOURCE_BYTES ? bytes : null;
    }
    const file = publicFilePath(source);
    if (!file) return null;
    const bytes = await readFile(file);
    return bytes.length <= MAX_SOURCE_BYTES ? bytes : null;
  } catch {
    return null;
  }
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The church's initials in white on its colour: the icon of a church without a readable logo. */
function initialsSvg(side: number, initials: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 100 100">` +
      `<text x="50" y="64" font-family="DejaVu Sans,Arial,sans-serif" font-size="40" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(initials)}</text></svg>`,
  );
}

async function logoLayer(source: Buffer, side: number, cover: boolean): Promise<Buffer> {
  const meta = await sharp(source, { limitInputPixels: MAX_PIXELS }).metadata();
  // vector logos are drawn at the size asked for, not scaled up from their nominal size
  const density =
    meta.format === 'svg' && meta.width && meta.height
      ? Math.min(2400, Math.max(72, (72 * side) / Math.min(meta.width, meta.height)))
      : undefined;
  return sharp(source, { limitInputPixels: MAX_PIXELS, ...(density && { density }) })
    .resize(side, side, {
      fit: cover ? 'cover' : 'contain',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .png()
    .toBuffer();
}

async function draw(input: BrandImageInput): Promise<Buffer> {
  const { size, padding } = BRAND_IMAGES[input.kind];
  const background = HEX.test(input.background) ? input.background : '#1f4e79';
  const inner = input.cover ? size : Math.round(size * (1 - 2 * padding));
  const source = await readSource(input.source, input.fetchApi);
  let layer: Buffer | null = null;
  if (source) {
    try {
      layer = await logoLayer(source, inner, !!input.cover);
    } catch {
      layer = null; // an unreadable logo: the initials instead
    }
  }
  layer ??= await sharp(initialsSvg(inner, input.initials.slice(0, 3)))
    .png()
    .toBuffer();
  // RGB without transparency: feed apps and iOS refuse or blacken transparent art
  const composed = await sharp({ create: { width: size, height: size, channels: 3, background } })
    .composite([{ input: layer, gravity: 'centre' }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(composed.data, { raw: composed.info })
    .removeAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const cache = new Map<string, Promise<BrandImage>>();

/** The PNG for a church's logo, drawn once per source, colour and kind (an LRU of the last 64). */
export function brandImage(input: BrandImageInput): Promise<BrandImage> {
  const key = JSON.stringify([
    input.kind,
    input.source,
    input.background,
    input.initials,
    !!input.cover,
  ]);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit); // most recently used last
    return hit;
  }
  const made = draw(input).then((png) => ({
    png,
    etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 22)}"`,
  }));
  made.catch(() => cache.delete(key));
  cache.set(key, made);
  while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return made;
}

/** A short version tag of what an image is drawn from, so its address changes when the logo or colour does. */
export function brandVersion(source: string | null, background: string): string {
  return createHash('sha256')
    .update(`${source ?? ''}|${background}`)
    .digest('base64url')
    .slice(0, 10);
}

/** Up to two initials of a church's name ("Igreja da Graça" → "IG"). */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w));
  const picked = (words.length ? words : name.split(/\s+/)).slice(0, 2);
  return picked.map((w) => w[0]!.toUpperCase()).join('') || '?';
}
