// The server's own keys (docs/security.md "Token signing key", "Payment gateway credentials"):
// one strength judgement and one way to keep a generated key in DATA_DIR, shared by the token key
// (JWT_SECRET) and the gateway credentials' key (PAYMENT_KEY), so neither starts on a weak or
// public value and both demo key files are made and checked alike.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../../common/config.ts';
import { makePrivateDir, othersCanAccess } from '../utils/private-files.ts';

/** Values that were ever shipped as defaults or examples: whoever reads the repo knows them. */
export const PUBLIC_SECRETS = new Set([
  'development-secret-change-me-please-0123456789',
  'standalone-chat-secret-for-tests-only',
  'bench-secret-bench-secret-bench-secret-0123',
  'q3XbV9k2Lm0Zr8Tt1YpWfE5sHcN4uJ7aGdKo6iQvBxM',
  '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
]);

/** Trimmed, case-folded, only letters and digits: a near-copy of a public value reads the same. */
export function normalisedSecret(secret: string): string {
  return secret
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** A run this long shared with a public value is a copy of it (random keys share none). */
const SHARED_RUN = 16;

/** True when the key equals, contains or copies a long part of a value that was ever public. */
export function copiesPublicSecret(secret: string): boolean {
  const trimmed = secret.trim().toLowerCase();
  const key = normalisedSecret(secret);
  for (const known of PUBLIC_SECRETS) {
    const plain = known.toLowerCase();
    if (trimmed.includes(plain)) return true;
    const norm = normalisedSecret(known);
    if (key.includes(norm)) return true;
    for (let i = 0; i + SHARED_RUN <= norm.length; i++)
      if (key.includes(norm.slice(i, i + SHARED_RUN))) return true;
  }
  return false;
}

/** True when `n` characters in a row step by the same code point (abcdef, 012345, 987654). */
export function hasSequence(secret: string, n: number): boolean {
  let run = 1;
  for (let i = 2; i < secret.length; i++) {
    const step = secret.charCodeAt(i) - secret.charCodeAt(i - 1);
    const previous = secret.charCodeAt(i - 1) - secret.charCodeAt(i - 2);
    run = Math.abs(step) === 1 && step === previous ? run + 1 : 1;
    if (run + 1 >= n) return true;
  }
  return false;
}

const MIN_CHARS = 32;
/** 32 random bytes carry 256 bits; the estimate below is a lower bound, so 128 is the floor. */
const MIN_BITS = 128;

/** Shannon entropy of the string's own characters × its length: a rough lower bound on its randomness. */
export function estimatedBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const n = [...secret].length;
  let perChar = 0;
  for (const count of counts.values()) perChar -= (count / n) * Math.log2(count / n);
  return perChar * n;
}

/** True when some run of `n` characters appears twice: random bytes almost never do, phrases often do. */
export function hasRepeatedRun(secret: string, n: number): boolean {
  const seen = new Set<string>();
  for (let i = 0; i + n <= secret.length; i++) {
    const run = secret.slice(i, i + n);
    if (seen.has(run)) return true;
    seen.add(run);
  }
  return false;
}

/** Why a key's text must not be used, or null when it is fine (the same rules for every key). */
export function secretProblem(secret: string): string | null {
  if (copiesPublicSecret(secret))
    return 'is (or contains) a value published in the repository, which anyone can use';
  if ([...secret].length < MIN_CHARS) return `is shorter than ${MIN_CHARS} characters`;
  if (estimatedBits(secret) < MIN_BITS)
    return 'is not random enough (repeated or predictable characters)';
  if (hasRepeatedRun(secret, 8)) return 'is not random enough (a part of it repeats)';
  if (hasSequence(secret, 6)) return 'is not random enough (it counts up or down: abcdef, 123456)';
  return null;
}

export interface StoredKey<T> {
  /** The setting's name, for messages (`JWT_SECRET`). */
  setting: string;
  /** The file's name in DATA_DIR (`jwt-secret`). */
  file: string;
  /** A new random key's text, written once. */
  generate(): string;
  /** The key from the stored text, or a ConfigError saying what is wrong with it. */
  read(text: string, file: string): T;
}

/**
 * A demo's key kept in DATA_DIR: read when the file exists (refused when others may read it or
 * it fails `read`), otherwise written once with a random value (0600 in a 0700 folder).
 */
export function storedKey<T>(dataDir: string, spec: StoredKey<T>): T {
  const file = path.resolve(dataDir, spec.file);
  try {
    return readKeyFile(file, spec);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  makePrivateDir(path.dirname(file));
  try {
    // 'wx': when two processes start at once, the second reads the first one's key.
    writeFileSync(file, `${spec.generate()}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKeyFile(file, spec);
}

function readKeyFile<T>(file: string, spec: StoredKey<T>): T {
  // Anyone who can read the key can forge logins or open credentials (docs/security.md "Files on disk").
  if (othersCanAccess(file))
    throw new ConfigError(
      `Invalid settings:\n  ${spec.setting}: the key file ${file} can be read or changed by other users of this machine. ` +
        `Run \`chmod 600 ${file}\` if nobody else could have read it, otherwise delete it to generate a new key.`,
    );
  return spec.read(readFileSync(file, 'utf8').trim(), file);
}
