// Writes the demo content's illustrations (public/content/<set>-<n>.svg) and a short silent MP3
// for podcast episodes, so the demo serves its own media (no outside hosts).
// Run once after changing it: `node server/db/seed/content-images.ts`; the output is committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMAGE_VARIANTS } from './content.ts';

const out = fileURLToPath(new URL('../../../public/content/', import.meta.url));

/** Gradient pairs; variant n of every set uses palette n. */
const PALETTES: [string, string][] = [
  ['#1f4e79', '#f2a541'],
  ['#2d6a4f', '#95d5b2'],
  ['#7b2cbf', '#f72585'],
  ['#9d0208', '#f48c06'],
  ['#005f73', '#94d2bd'],
  ['#3a0ca3', '#4cc9f0'],
  ['#6a040f', '#e85d04'],
  ['#283618', '#dda15e'],
  ['#1d3557', '#e63946'],
  ['#264653', '#e9c46a'],
  ['#5f0f40', '#fb8b24'],
  ['#0b525b', '#b6ad90'],
];

/** White line icons drawn in a 240×240 box. */
const ICONS: Record<string, string> = {
  news: '<rect x="30" y="40" width="180" height="160" rx="14"/><path d="M60 80h120M60 115h120M60 150h70"/><rect x="145" y="135" width="35" height="35" rx="4"/>',
  devotional:
    '<path d="M120 70c-25-18-60-22-90-14v130c30-8 65-4 90 14 25-18 60-22 90-14V56c-30-8-65-4-90 14z"/><path d="M120 70v130"/><path d="M120 20v20M88 30l8 14M152 30l-8 14"/>',
  ministry:
    '<circle cx="120" cy="80" r="28"/><circle cx="55" cy="105" r="20"/><circle cx="185" cy="105" r="20"/><path d="M70 200c0-35 22-62 50-62s50 27 50 62M20 200c0-26 15-46 35-46M220 200c0-26-15-46-35-46"/>',
  project:
    '<path d="M120 200S40 150 40 95a40 40 0 0 1 80-10 40 40 0 0 1 80 10c0 55-80 105-80 105z"/><path d="M95 115h50M120 90v50"/>',
  ebd: '<rect x="40" y="150" width="160" height="34" rx="6"/><rect x="55" y="112" width="140" height="34" rx="6"/><rect x="48" y="74" width="150" height="34" rx="6"/><path d="M120 30l60 22-60 22-60-22z"/>',
  publication:
    '<path d="M60 30h85l45 45v135H60z"/><path d="M145 30v45h45M85 110h80M85 140h80M85 170h50"/>',
  study:
    '<circle cx="105" cy="105" r="55"/><path d="M145 145l55 55"/><path d="M80 105h50M105 80v50"/>',
  video: '<circle cx="120" cy="120" r="90"/><path d="M100 80l60 40-60 40z" fill="#fff"/>',
  podcast:
    '<rect x="90" y="30" width="60" height="110" rx="30"/><path d="M60 110a60 60 0 0 0 120 0M120 170v40M85 210h70"/>',
};

const SIZES: Record<string, [number, number]> = { video: [1280, 720], podcast: [600, 600] };

function svg(set: string, n: number): string {
  const [w, h] = SIZES[set] ?? [1200, 675];
  const [from, to] = PALETTES[n % PALETTES.length]!;
  const scale = Math.min(w, h) / 675;
  const box = 240 * scale;
  const x = (w - box) / 2;
  const y = (h - box) / 2;
  const r1 = Math.round(h * 0.55);
  const r2 = Math.round(h * 0.35);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `<circle cx="${Math.round(w * (0.15 + (n % 4) * 0.2))}" cy="${Math.round(h * 0.1)}" r="${r1}" fill="#fff" fill-opacity=".07"/>` +
    `<circle cx="${Math.round(w * (0.9 - (n % 3) * 0.15))}" cy="${Math.round(h * 0.95)}" r="${r2}" fill="#fff" fill-opacity=".09"/>` +
    `<path d="M0 ${Math.round(h * 0.8)}C${w * 0.3} ${h * 0.7} ${w * 0.6} ${h * 0.95} ${w} ${h * 0.78}V${h}H0z" fill="#000" fill-opacity=".08"/>` +
    `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(3)})" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" stroke-linejoin="round" stroke-opacity=".92">${ICONS[set]}</g>` +
    `</svg>\n`
  );
}

/** MPEG-1 Layer III, 32 kbit/s, 32 kHz, mono: 144-byte frames whose all-zero payload decodes to silence. */
function silentMp3(seconds: number): Buffer {
  const frames = Math.ceil((seconds * 32_000) / 1152);
  const frame = Buffer.alloc(144);
  frame.set([0xff, 0xfb, 0x18, 0xc4]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

mkdirSync(path.join(out, 'audio'), { recursive: true });
for (const set of Object.keys(ICONS)) {
  for (let n = 0; n < IMAGE_VARIANTS; n++)
    writeFileSync(path.join(out, `${set}-${n + 1}.svg`), svg(set, n));
}
writeFileSync(path.join(out, 'audio', 'silence.mp3'), silentMp3(5));
console.log(
  `wrote ${Object.keys(ICONS).length * IMAGE_VARIANTS} images and audio/silence.mp3 to ${out}`,
);
