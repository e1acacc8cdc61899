// Makes a small HLS video (test pattern + tone) with Debian's ffmpeg, for demos and tests that
// need a playable stream without the internet: the live demo (public/live-demo/, committed) and
// later the play area. `node scripts/make-hls.ts --out public/live-demo --name culto --seconds 8`
// Options: --out DIR, --name NAME (NAME.m3u8 + NAME-N.m2ts: MPEG-TS segments, not named .ts so
// the TypeScript checks leave them alone), --seconds N, --size WxH, --segment N.
// Needs `ffmpeg` on PATH (`apt-get install ffmpeg`); the committed demo files need nothing.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'public/live-demo' },
    name: { type: 'string', default: 'culto' },
    seconds: { type: 'string', default: '8' },
    size: { type: 'string', default: '320x180' },
    segment: { type: 'string', default: '4' },
  },
});

const out = path.resolve(values.out);
mkdirSync(out, { recursive: true });
const seconds = Number(values.seconds);
const args = [
  '-hide_banner',
  '-loglevel',
  'error',
  '-y',
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${values.size}:rate=24:duration=${seconds}`,
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
  '-filter:a',
  'volume=0.05',
  // baseline H.264 + AAC in MPEG-TS: what every HLS player and browser (through hls.js) plays
  '-c:v',
  'libx264',
  '-profile:v',
  'baseline',
  '-level',
  '3.0',
  '-pix_fmt',
  'yuv420p',
  '-b:v',
  '150k',
  '-g',
  '24',
  '-c:a',
  'aac',
  '-b:a',
  '32k',
  '-ac',
  '1',
  '-f',
  'hls',
  '-hls_time',
  values.segment,
  '-hls_playlist_type',
  'vod',
  '-hls_segment_filename',
  path.join(out, `${values.name}-%d.m2ts`),
  path.join(out, `${values.name}.m3u8`),
];
const run = spawnSync('ffmpeg', args, { stdio: 'inherit' });
if (run.error || run.status !== 0) {
  console.error(
    run.error
      ? `ffmpeg not found (${run.error.message}): apt-get install ffmpeg`
      : `ffmpeg failed (${run.status})`,
  );
  process.exit(1);
}
for (const file of readdirSync(out).filter((f) => f.startsWith(values.name)))
  console.log(`${path.join(values.out, file)}  ${statSync(path.join(out, file)).size} bytes`);
