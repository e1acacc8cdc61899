// The browser's chunked video upload (docs/play.md "Uploading a video"): it skips the chunks the
// server already has, sends the rest through XMLHttpRequest with the session's headers, and its
// progress moves while a chunk is being sent (not only when a chunk ends), also after a retry.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp, setAuthorization } from '../account/http.ts';
import { uploadVideo } from './play-api.ts';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  size: number;
}

const CHUNK = 1000;
let sent: Sent[] = [];
/** Statuses the fake server answers chunk PUTs with, in turn (then 200). */
let chunkAnswers: number[] = [];

class FakeXhr {
  static sent: Sent[] = [];
  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  responseType = '';
  status = 0;
  statusText = '';
  response: Blob | null = null;
  private method = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(key: string, value: string) {
    this.headers[key.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  abort() {
    this.onabort?.();
  }
  send(body: Blob | null) {
    const size = body?.size ?? 0;
    sent.push({ method: this.method, url: this.url, headers: this.headers, size });
    // the bytes leave in quarters, each reported before the answer comes
    setTimeout(() => {
      for (const part of [0.25, 0.5, 0.75, 1]) this.upload.onprogress?.({ loaded: size * part });
      this.status = chunkAnswers.shift() ?? 200;
      const n = Number(/parte\/(\d+)$/.exec(this.url)?.[1]);
      this.response = new Blob([JSON.stringify({ recebida: n })]);
      this.onload?.();
    }, 1);
  }
}

describe('uploadVideo', () => {
  beforeEach(() => {
    sent = [];
    chunkAnswers = [];
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = FakeXhr;
    configureHttp({
      baseUrl: 'http://church.test/api/v1/',
      pathname: () => '/admin/play/5',
      navigate: () => {},
      lang: 'en',
      // the calls that are not chunks (start, finish) go through fetch as usual
      fetch: async (input) => {
        const request = input as Request;
        sent.push({
          method: request.method,
          url: request.url,
          headers: Object.fromEntries(request.headers),
          size: 0,
        });
        const body = request.url.endsWith('/envio')
          ? { id: 9, partes: 3, tamanhoParte: CHUNK, recebidas: [1], estado: 'enviando' }
          : { id: 77, kind: 'play.transcode', state: 'queued' };
        return new Response(JSON.stringify(body), {
          status: request.url.endsWith('/envio') ? 201 : 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    setAuthorization('session-token');
  });
  afterEach(() => {
    delete (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
    setAuthorization(null);
  });

  it('resumes, sends the missing chunks with the session, and reports progress within a chunk', async () => {
    const file = new File([new Uint8Array(2 * CHUNK + 500)], 'culto.mp4', { type: 'video/mp4' });
    const progress: number[] = [];
    const task = await uploadVideo('grace', 5, file, (done) => progress.push(done));
    expect(task).toMatchObject({ id: 77, state: 'queued' });

    const chunks = sent.filter((s) => s.url.includes('/parte/'));
    expect(
      chunks.map((c) => [c.method, c.url.replace('http://church.test/api/v1', ''), c.size]),
    ).toEqual([
      ['PUT', '/admin/grace/play/envio/9/parte/0', CHUNK],
      ['PUT', '/admin/grace/play/envio/9/parte/2', 500],
    ]);
    for (const chunk of chunks) {
      expect(chunk.headers.authorization).toBe('Bearer session-token');
      expect(chunk.headers['content-type']).toBe('application/octet-stream');
      expect(chunk.headers['accept-language']).toBe('en');
    }
    expect(sent.at(-1)!.url).toBe('http://church.test/api/v1/admin/grace/play/envio/9/concluir');
    // chunk 1 was already stored; chunk 0 moves the bar by quarters, then chunk 2
    expect(progress).toEqual([1000, 1250, 1500, 1750, 2000, 2000, 2125, 2250, 2375, 2500, 2500]);
  });

  it('starts a retried chunk’s progress again from the bytes stored before it', async () => {
    chunkAnswers = [503];
    const file = new File([new Uint8Array(2 * CHUNK + 500)], 'culto.mp4');
    const progress: number[] = [];
    await uploadVideo('grace', 5, file, (done) => progress.push(done));
    expect(sent.filter((s) => s.url.endsWith('/parte/0'))).toHaveLength(2);
    // first try of chunk 0 (refused), then the retry from 1000 again
    expect(progress.slice(0, 9)).toEqual([1000, 1250, 1500, 1750, 2000, 1250, 1500, 1750, 2000]);
    expect(progress.at(-1)).toBe(2500);
  });
});
