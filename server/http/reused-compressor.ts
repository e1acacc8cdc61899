// One compressor kept per setting and reset after each body, for the answers compressed on the main
// thread (page-cache.ts). Node's `zstdCompressSync` and `gzipSync` build a whole Transform stream,
// a 16 KB output buffer and a native context for every call: on a 17 KB page that was ~20 µs of a
// ~60 µs zstd compression (docs/performance.md "Renders without the cache, a twelfth time"). The
// native handle's synchronous write is what those functions call underneath; its output is the same
// bytes (reused-compressor.test.ts), and where the handle is not there the public function is used.
import { constants, createGzip, createZstdCompress, gzipSync, zstdCompressSync } from 'node:zlib';
import type { ZlibOptions, ZstdOptions } from 'node:zlib';

/** The part of Node's zlib handle (node_zlib.cc) this uses: a synchronous write and a reset. */
interface NativeHandle {
  writeSync(
    flush: number,
    input: Uint8Array,
    inOffset: number,
    inLength: number,
    output: Uint8Array,
    outOffset: number,
    outLength: number,
  ): void;
  /** For zlib: deflateReset, the same settings. */
  reset(): void;
}

interface Engine {
  handle: NativeHandle;
  /** [output bytes left, input bytes left] after a write, as the handle reports them. */
  state: Uint32Array;
  failed: Error | null;
}

type Kind = 'zstd' | 'gzip';

/**
 * A compressor for whole bodies, used synchronously one body at a time (the main thread's
 * compression); `compress(body)` gives a new Buffer the caller owns.
 */
export function reusedCompressor(kind: 'zstd', options: ZstdOptions): (body: Uint8Array) => Buffer;
export function reusedCompressor(kind: 'gzip', options: ZlibOptions): (body: Uint8Array) => Buffer;
export function reusedCompressor(
  kind: Kind,
  options: ZstdOptions | ZlibOptions,
): (body: Uint8Array) => Buffer {
  const once = (body: Uint8Array) =>
    kind === 'zstd' ? zstdCompressSync(body, options as ZstdOptions) : gzipSync(body, options);
  const finish = kind === 'zstd' ? constants.ZSTD_e_end : constants.Z_FINISH;
  let engine: Engine | null = null;
  let usable = true;
  let output = Buffer.allocUnsafeSlow(64 * 1024);

  function open(): Engine | null {
    const stream =
      kind === 'zstd'
        ? createZstdCompress(options as ZstdOptions)
        : createGzip(options as ZlibOptions);
    const { _handle: handle, _writeState: state } = stream as unknown as {
      _handle?: NativeHandle;
      _writeState?: Uint32Array;
    };
    if (typeof handle?.writeSync !== 'function' || typeof handle.reset !== 'function' || !state) {
      usable = false; // another Node: the public function from now on
      return null;
    }
    const opened: Engine = { handle, state, failed: null };
    // The handle reports an error through its stream (which destroys itself): this one is dropped.
    stream.on('error', (error: Error) => (opened.failed = error));
    return opened;
  }

  return (body) => {
    if (!usable) return once(body);
    engine ??= open();
    if (!engine) return once(body);
    // zstd's and zlib's bound on the compressed size, and some room for the frame
    const bound = body.length + (body.length >> 7) + 1024;
    if (output.length < bound) output = Buffer.allocUnsafeSlow(bound);
    const { handle, state } = engine;
    handle.writeSync(finish, body, 0, body.length, output, 0, output.length);
    const outLeft = state[0]!;
    const inLeft = state[1]!;
    if (engine.failed || inLeft !== 0 || outLeft === 0) {
      // not finished in one write (or the handle failed): this engine is dropped, the body compressed anew
      engine = null;
      return once(body);
    }
    // A zstd frame ended starts the next one with the same parameters (Node's reset of a zstd handle
    // makes a new context at the default level); zlib must be reset, which keeps its parameters.
    if (kind === 'gzip') handle.reset();
    const written = output.length - outLeft;
    const out = Buffer.allocUnsafe(written);
    output.copy(out, 0, 0, written);
    return out;
  };
}
