// Makes the Play demo videos (docs/play.md "Demo"): 8 short, distinct HLS
// videos per demo church (graca pt, grace en), each a colour of its own with its number, title and
// running clock drawn on it and a tone of its own, some with a WebVTT caption track. Open videos
// go to public/play-demo/ (plain static files); CLOSED videos go to media/play/, outside public/,
// served only through short-lived signed URLs (server/play/media.ts). The output is committed,
// so nothing is needed to run the demo; to make it again: `node scripts/make-play-media.ts`
// (needs Debian's ffmpeg: `apt-get install ffmpeg`, the same as scripts/make-hls.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PLAY_DEMO_VIDEOS } from '../server/play/media-demo.ts';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const SECONDS = 8;
let total = 0;

for (const v of PLAY_DEMO_VIDEOS) {
  const out = path.resolve(
    v.open ? 'public' : 'media',
    v.open ? `play-demo/${v.dir}` : `play/${v.dir}`,
  );
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const label = v.label.replace(/[\\':%]/g, (ch) => `\\${ch}`);
  const draw = [
    `drawtext=fontfile=${FONT}:text='${v.number}':fontsize=64:fontcolor=white:x=16:y=12`,
    `drawtext=fontfile=${FONT}:text='${label}':fontsize=14:fontcolor=white:x=16:y=(h-th)/2+24`,
    `drawtext=fontfile=${FONT}:text='%{pts\\:hms}':fontsize=14:fontcolor=white@0.9:x=16:y=h-th-12`,
    // a square that moves across, so a playing video is visibly moving
    `drawbox=x='mod(t*60,w)':y=h-40:w=16:h=16:color=white@0.8:t=fill`,
  ].join(',');
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${v.colour}:size=256x144:rate=24:duration=${SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${v.tone}:sample_rate=44100:duration=${SECONDS}`,
    '-vf',
    draw,
    '-filter:a',
    'volume=0.05',
    '-c:v',
    'libx264',
    '-profile:v',
    'baseline',
    '-level',
    '3.0',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    '60k',
    '-g',
    '24',
    '-c:a',
    'aac',
    '-b:a',
    '24k',
    '-ac',
    '1',
    '-f',
    'hls',
    '-hls_time',
    '4',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(out, 'seg-%d.m2ts'),
    path.join(out, 'index.m3u8'),
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
  if (v.captions) {
    const cues = v.captions
      .map((text, i) => `${i + 1}\n00:00:0${i * 2}.000 --> 00:00:0${i * 2 + 2}.000\n${text}\n`)
      .join('\n');
    writeFileSync(path.join(out, 'captions.vtt'), `WEBVTT\n\n${cues}`);
  }
  const size = readdirSync(out).reduce((sum, f) => sum + statSync(path.join(out, f)).size, 0);
  total += size;
  console.log(`${path.relative(process.cwd(), out)}  ${(size / 1024).toFixed(0)} KB`);
}
console.log(`${PLAY_DEMO_VIDEOS.length} videos, ${(total / 1024).toFixed(0)} KB`);
