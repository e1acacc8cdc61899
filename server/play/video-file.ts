// What Play accepts as a video upload, by content (docs/play.md "Uploading"): the first bytes must
// be a known container's signature (checked on the first chunk, before anything is kept), and
// ffmpeg's own probe must then find a video track (transcode.task.ts). A name or a declared type
// proves nothing.

/** The container a file's first bytes announce, or null when it is none of the video ones. */
export function videoContainer(head: Uint8Array): string | null {
  const ascii = (from: number, to: number) =>
    String.fromCharCode(...head.subarray(from, Math.min(to, head.length)));
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (head.length < 12) return null;
  // ISO base media (MP4, MOV, M4V, 3GP): a box type at offset 4
  if (['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].includes(ascii(4, 8))) return 'mp4';
  if (starts(0x1a, 0x45, 0xdf, 0xa3)) return 'matroska'; // MKV, WebM
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return 'avi';
  if (starts(0x00, 0x00, 0x01, 0xba)) return 'mpeg'; // MPEG program stream
  if (head[0] === 0x47 && (head.length < 189 || head[188] === 0x47)) return 'mpegts';
  if (ascii(0, 3) === 'FLV') return 'flv';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (starts(0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11)) return 'asf'; // WMV
  return null;
}

/** Where the chunks of an upload wait in the file store until the task assembles them. */
export const uploadPrefix = (uploadId: number) => `play-upload/${uploadId}/`;
export const chunkKey = (uploadId: number, n: number) => `${uploadPrefix(uploadId)}${n}`;
