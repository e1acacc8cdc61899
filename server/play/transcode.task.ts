// The task that turns an uploaded video into what members watch (docs/play.md "Uploading"): it
// assembles the upload's chunks from the file store into a temporary file, asks ffmpeg whether it
// holds a video track, makes HLS in 360p and 720p (and our own master playlist), a poster and the
// duration, stores them under `play/<content>/v<task>-…` and points the content at them. Names
// carry the task id, so the old video plays until the new one is ready, and a retry starts over.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, open, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import * as t from '../db/schema/index.ts';
import { defineTask } from '../jobs/tasks.ts';
import { MEDIA_PREFIX } from './media.ts';
import { chunkKey, uploadPrefix } from './video-file.ts';
import { contentTypeOf } from '../files/content-type.ts';

/** The ffmpeg binary of the @ffmpeg-installer package (found through the package, not a shell). */
export const FFMPEG = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/package.json')),
  'ffmpeg',
);

export const TRANSCODE_TASK = 'play.transcode';

/** The renditions members get; a viewer's player picks one by its bandwidth. */
const RENDITIONS = [
  { height: 360, videoKbps: 800 },
  { height: 720, videoKbps: 2800 },
] as const;
const AUDIO_KBPS = 128;

/** Runs ffmpeg with `args` (never through a shell); its stderr, and each `time=` seen on the way. */
export function ffmpeg(
  args: string[],
  onTime?: (seconds: number) => void,
  signal?: AbortSignal,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    // the signal (this server stopping) ends ffmpeg rather than leaving it running without us
    const child = spawn(FFMPEG, ['-hide_banner', '-nostdin', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      signal,
      killSignal: 'SIGKILL',
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-20_000);
      if (!onTime) return;
      const times = [...chunk.matchAll(/time=(\d+):(\d\d):(\d\d(?:\.\d+)?)/g)];
      const last = times.at(-1);
      if (last) onTime(Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]));
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

export interface Probe {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** ffmpeg's own reading of the file: duration, picture size and whether it has sound. */
export async function probeVideo(file: string, signal?: AbortSignal): Promise<Probe> {
  const { stderr } = await ffmpeg(['-i', file], undefined, signal);
  if (/Invalid data found when processing input|moov atom not found/.test(stderr))
    throw new Error(
      'ffmpeg could not read this file as a video (it may be damaged or not a video).',
    );
  const video = /Stream #\d+:\d+.*?: Video: .*?(\d{2,5})x(\d{2,5})/.exec(stderr);
  if (!video) throw new Error('ffmpeg found no video track in this file.');
  const duration = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(stderr);
  const durationSeconds = duration
    ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
    : 0;
  if (!(durationSeconds > 0)) throw new Error('ffmpeg could not tell how long this video is.');
  return {
    durationSeconds,
    width: Number(video[1]),
    height: Number(video[2]),
    hasAudio: /Stream #\d+:\d+.*?: Audio: /.test(stderr),
  };
}

/** The last lines of ffmpeg's complaint, for the person who uploaded the video. */
const ffmpegReason = (stderr: string) =>
  stderr
    .split(/\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('frame=') && !/^\[(libx264|aac) @/.test(l))
    .slice(-2)
    .join(' ')
    .slice(0, 300);

/** The HLS renditions of `input` in `dir` as `<prefix>0.m3u8`, `<prefix>0-000.ts`, … and our master playlist. */
export async function makeHls(
  input: string,
  dir: string,
  prefix: string,
  probe: Probe,
  onTime: (seconds: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const n = RENDITIONS.length;
  const split = `[0:v]split=${n}${RENDITIONS.map((_, i) => `[s${i}]`).join('')}`;
  const scales = RENDITIONS.map((r, i) => `[s${i}]scale=-2:${r.height}[v${i}]`);
  const args = ['-y', '-i', input, '-filter_complex', [split, ...scales].join(';')];
  RENDITIONS.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    if (probe.hasAudio) args.push('-map', '0:a:0');
    args.push(`-b:v:${i}`, `${r.videoKbps}k`);
  });
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '48',
    ...(probe.hasAudio ? ['-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2'] : []),
    '-f',
    'hls',
    '-hls_time',
    '6',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(dir, `${prefix}%v-%03d.ts`),
    '-var_stream_map',
    RENDITIONS.map((_, i) => (probe.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' '),
    path.join(dir, `${prefix}%v.m3u8`),
  );
  const { code, stderr } = await ffmpeg(args, onTime, signal);
  if (code !== 0) throw new Error(`ffmpeg could not convert this video: ${ffmpegReason(stderr)}`);
  // The master playlist is written here (this ffmpeg build crashes writing its own).
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  RENDITIONS.forEach((r, i) => {
    const width = Math.round((probe.width * r.height) / probe.height / 2) * 2;
    const bandwidth = (r.videoKbps + (probe.hasAudio ? AUDIO_KBPS : 0)) * 1000;
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${width}x${r.height}`);
    lines.push(`${prefix}${i}.m3u8`);
  });
  return `${lines.join('\n')}\n`;
}

/** Concatenates the upload's chunks from the file store into `file`. */
async function assemble(
  files: { get(key: string): Promise<{ bytes: Buffer } | null> },
  uploadId: number,
  chunks: number,
  file: string,
): Promise<void> {
  const handle = await open(file, 'w');
  try {
    for (let n = 0; n < chunks; n++) {
      const chunk = await files.get(chunkKey(uploadId, n));
      if (!chunk)
        throw new Error(`Part ${n + 1} of the upload is missing; upload the video again.`);
      await handle.write(chunk.bytes);
    }
  } finally {
    await handle.close();
  }
}

/** The poster's public path (served by play-staff.routes.ts's public poster call). */
export const posterPath = (contentId: number, file: string) =>
  `/api/v1/plano-assinatura-capa/${contentId}/${file}`;

export const transcodeTask = defineTask<{ uploadId: number; contentId: number }>({
  kind: TRANSCODE_TASK,
  async run(ctx, task, progress) {
    const { db, files } = ctx;
    const { uploadId, contentId } = task.payload;
    const [upload] = await db
      .select()
      .from(t.playUploads)
      .where(and(eq(t.playUploads.id, uploadId), eq(t.playUploads.churchId, task.churchId)));
    const [content] = await db
      .select()
      .from(t.playContents)
      .where(and(eq(t.playContents.id, contentId), eq(t.playContents.churchId, task.churchId)));
    if (!upload || !content) throw new Error('The video was deleted before it could be converted.');

    const dir = await mkdtemp(path.join(tmpdir(), 'play-transcode-'));
    try {
      const input = path.join(dir, 'input');
      await assemble(files, uploadId, upload.chunks, input);
      task.signal.throwIfAborted();
      const probe = await probeVideo(input, task.signal);
      const total = Math.max(1, Math.round(probe.durationSeconds));
      await progress(0, total);
      const out = path.join(dir, 'out');
      await mkdir(out);
      const prefix = `v${task.id}-`;
      let reported = 0;
      const master = await makeHls(
        input,
        out,
        prefix,
        probe,
        (s) => {
          const done = Math.min(total - 1, Math.floor(s));
          if (done > reported) {
            reported = done;
            void progress(done, total).catch(() => undefined);
          }
        },
        task.signal,
      );
      const at = Math.min(1, probe.durationSeconds / 2).toFixed(2);
      const poster = await ffmpeg(
        [
          ...['-y', '-ss', at, '-i', input, '-frames:v', '1', '-vf', 'scale=-2:720', '-q:v', '3'],
          path.join(out, `${prefix}poster.jpg`),
        ],
        undefined,
        task.signal,
      );
      const folder = `${MEDIA_PREFIX}${contentId}/`;
      for (const name of await readdir(out)) {
        await files.put(
          `${folder}${name}`,
          await readFile(path.join(out, name)),
          contentTypeOf(name),
        );
      }
      await files.put(
        `${folder}${prefix}index.m3u8`,
        Buffer.from(master),
        contentTypeOf('index.m3u8'),
      );
      const hasPoster = poster.code === 0;

      await db
        .update(t.playContents)
        .set({
          mediaPath: `${contentId}/${prefix}index.m3u8`,
          durationSeconds: Math.round(probe.durationSeconds),
          ...(content.image === null && hasPoster
            ? { image: posterPath(contentId, `${prefix}poster.jpg`) }
            : {}),
        })
        .where(eq(t.playContents.id, contentId));
      // the previous video's files go once nothing points at them; captions stay
      const [now] = await db
        .select({ image: t.playContents.image, captions: t.playContents.captionsPath })
        .from(t.playContents)
        .where(eq(t.playContents.id, contentId));
      for (const key of await files.list(folder)) {
        const name = key.slice(folder.length);
        const kept =
          name.startsWith(prefix) ||
          `${contentId}/${name}` === now?.captions ||
          now?.image === posterPath(contentId, name);
        if (!kept) await files.delete(key);
      }
      await files.deletePrefix(uploadPrefix(uploadId));
      ctx.changes?.churchChanged(task.churchId);
      await progress(total, total);
      return { durationSeconds: Math.round(probe.durationSeconds), renditions: RENDITIONS.length };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
});
