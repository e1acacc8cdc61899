// `node bench/profile-summary.ts <file.cpuprofile> [top] [--by=function|file|package]`: what a V8 CPU
// profile (`node --cpu-prof server.ts`, bench/render.ts's RENDER_PROFILE) spent its time on, as self
// time summed per function (or per file, or per package), largest first, with the share of the
// whole profile and of the non-idle part; `--inclusive` sums each function's total time instead
// (itself and what it called), to see what a request handler costs as a whole
// (docs/performance.md "How to profile"); a heap profile (bench/render.ts RENDER_HEAP_PROFILE) is
// summed as bytes allocated; `--skip=<s>` leaves out the first seconds (a server's start).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
/** A sampling heap profile (bench/render.ts RENDER_HEAP_PROFILE): bytes allocated per call tree node. */
interface HeapNode {
  callFrame: ProfileNode['callFrame'];
  selfSize: number;
  children: HeapNode[];
}
interface HeapProfile {
  head: HeapNode;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, ...flags] = process.argv.slice(2);
if (!file) {
  console.error(
    'usage: node bench/profile-summary.ts <file.cpuprofile> [top=40] [--by=function|file|package]',
  );
  process.exit(2);
}
const top = Number(topArg ?? 40) || 40;
const inclusive = flags.includes('--inclusive');
const by = (flags.find((f) => f.startsWith('--by='))?.slice(5) ?? 'function') as
  'function' | 'file' | 'package';

const skipUs = Number(flags.find((f) => f.startsWith('--skip='))?.slice(7) ?? 0) * 1e6;
const parsed = JSON.parse(readFileSync(file, 'utf8')) as Profile | HeapProfile;
if ('head' in parsed) {
  summarizeHeap(parsed);
  process.exit(0);
}
const profile = parsed;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** A readable place: the package (node_modules/<pkg>) or the path inside the repository. */
function shortUrl(url: string): string {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
  const here = url.indexOf('/work/');
  return here >= 0 ? url.slice(url.indexOf('/', here + 6) + 1) : url.replace(/^file:\/\//, '');
}

function packageOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const s = shortUrl(url);
  return s.split('/').slice(0, 2).join('/');
}

function keyOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  if (by === 'package') return packageOf(url);
  if (by === 'file') return shortUrl(url);
  return `${functionName || '(anonymous)'}  ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''}`;
}

const self = new Map<string, number>();
let total = 0;
let idle = 0;
let at = 0; // µs since the profile's start
for (let i = 0; i < profile.samples.length; i++) {
  const node = nodes.get(profile.samples[i]!)!;
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt;
  if (at < skipUs) continue;
  total += dt;
  if (node.callFrame.functionName === '(idle)') idle += dt;
  if (!inclusive) {
    const key = keyOf(node);
    self.set(key, (self.get(key) ?? 0) + dt);
    continue;
  }
  const seen = new Set<string>(); // a recursive function counts once per sample
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    const key = keyOf(nodes.get(id)!);
    if (seen.has(key)) continue;
    seen.add(key);
    self.set(key, (self.get(key) ?? 0) + dt);
  }
}

const busy = total - idle;
console.log(
  `${file}: ${(total / 1e6).toFixed(2)} s sampled, ${(busy / 1e6).toFixed(2)} s busy (${((busy / total) * 100).toFixed(1)} %), ${profile.samples.length} samples`,
);
console.log(`${inclusive ? 'total ms' : ' self ms'}   % all  % busy  ${by}`);
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(
    `${(us / 1000).toFixed(1).padStart(8)} ${((us / total) * 100).toFixed(1).padStart(7)} ${((us / busy) * 100).toFixed(1).padStart(7)}  ${key}`,
  );

/** Bytes allocated per function (or file, package), itself or with what it called (`--inclusive`). */
function summarizeHeap({ head }: HeapProfile): void {
  const bytes = new Map<string, number>();
  let all = 0;
  const walk = (node: HeapNode, above: Set<string>): number => {
    const key = keyOf(node as unknown as ProfileNode);
    let size = node.selfSize;
    all += node.selfSize;
    const here = new Set(above).add(key);
    for (const child of node.children) size += walk(child, here);
    const counted = inclusive ? (above.has(key) ? 0 : size) : node.selfSize;
    bytes.set(key, (bytes.get(key) ?? 0) + counted);
    return size;
  };
  walk(head, new Set());
  console.log(`${file}: ${(all / 1e6).toFixed(1)} MB allocated (sampled)`);
  console.log(`${inclusive ? 'total MB' : ' self MB'}   % all  ${by}`);
  for (const [key, b] of [...bytes].sort((x, y) => y[1] - x[1]).slice(0, top))
    console.log(
      `${(b / 1e6).toFixed(1).padStart(8)} ${((b / all) * 100).toFixed(1).padStart(7)}  ${key}`,
    );
}
