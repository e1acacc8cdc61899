// Hashes for the few inline <script>/<style> blocks whose text is decided at request time,
// so the page's Content-Security-Policy can allow exactly them.
import { createHash } from 'node:crypto';

const hashes = new Map<string, `sha256-${string}`>();

export function cspHash(content: string): `sha256-${string}` {
  let hash = hashes.get(content);
  if (!hash) {
    hash = `sha256-${createHash('sha256').update(content).digest('base64')}`;
    if (hashes.size < 10_000) hashes.set(content, hash);
  }
  return hash;
}
