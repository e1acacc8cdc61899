// The one table of file types by extension: the built site's files (server/http/static-files.ts),
// Play media, and what the `local` backend answers when no other type was stored.
const BY_EXTENSION: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  avif: 'image/avif',
  ico: 'image/x-icon',
  webmanifest: 'application/manifest+json',
  xml: 'application/xml; charset=utf-8',
  woff2: 'font/woff2',
  m2ts: 'video/mp2t',
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  json: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** The type of an extension (without the dot), or undefined when it is not one we serve. */
export const typeOfExtension = (ext: string): string | undefined => BY_EXTENSION[ext.toLowerCase()];

export function contentTypeOf(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return (dot > 0 && BY_EXTENSION[name.slice(dot + 1)]) || DEFAULT_CONTENT_TYPE;
}
