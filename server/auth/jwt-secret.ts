// The key that signs access tokens (issue 16 item 1). Production needs JWT_SECRET set to 32+
// random bytes; a demo (no NODE_ENV=production) generates one once and keeps it in DATA_DIR, so
// no public value ever signs a token.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../../common/config.ts';

/** Values that were ever shipped as defaults or examples: whoever reads the repo knows them. */
export const PUBLIC_SECRETS = new Set(['development-secret-change-me-please-0123456789']);

export const SECRET_FILE = 'jwt-secret';
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

/** Why a secret must not sign tokens, or null when it is fine. */
export function secretProblem(secret: string): string | null {
  if (PUBLIC_SECRETS.has(secret)) return 'is the public development value from the repository';
  if ([...secret].length < MIN_CHARS) return `is shorter than ${MIN_CHARS} characters`;
  if (estimatedBits(secret) < MIN_BITS)
    return 'is not random enough (repeated or predictable characters)';
  if (hasRepeatedRun(secret, 8)) return 'is not random enough (a part of it repeats)';
  return null;
}

const HOW_TO = 'Set it to 32+ random bytes, e.g. JWT_SECRET=$(openssl rand -base64 48).';

/** Refuses a start whose token key would be public or weak; says what to do. */
export function checkJwtSecret(config: Pick<Config, 'JWT_SECRET' | 'NODE_ENV'>): void {
  if (config.JWT_SECRET) {
    const problem = secretProblem(config.JWT_SECRET);
    if (problem) throw new ConfigError(`Invalid settings:\n  JWT_SECRET: ${problem}. ${HOW_TO}`);
    return;
  }
  if (config.NODE_ENV === 'production') {
    throw new ConfigError(
      `Invalid settings:\n  JWT_SECRET: required when NODE_ENV=production (it signs every login token). ${HOW_TO}\n` +
        '  For a local demo leave NODE_ENV unset: `npm start` then generates a secret in DATA_DIR.',
    );
  }
}

let processSecret: string | undefined;

/**
 * The signing key: JWT_SECRET when set; under vitest (NODE_ENV=test) one random key per
 * process; otherwise DATA_DIR/jwt-secret, created with a random value on first use.
 */
export function jwtSecret(config: Pick<Config, 'JWT_SECRET' | 'NODE_ENV' | 'DATA_DIR'>): string {
  checkJwtSecret(config);
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.NODE_ENV === 'test') return (processSecret ??= randomBytes(48).toString('base64url'));
  const file = path.resolve(config.DATA_DIR, SECRET_FILE);
  try {
    return readStored(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': when two processes start at once, the second reads the first one's key.
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readStored(file);
}

function readStored(file: string): string {
  const value = readFileSync(file, 'utf8').trim();
  const problem = secretProblem(value);
  if (problem)
    throw new ConfigError(
      `Invalid settings:\n  JWT_SECRET: the key in ${file} ${problem}; delete the file to generate a new one.`,
    );
  return value;
}
