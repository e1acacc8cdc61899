// The key that signs access tokens (docs/security.md "Token signing key"). Production needs JWT_SECRET set to 32+
// random bytes; a demo (no NODE_ENV=production) generates one once and keeps it in DATA_DIR, so
// no public value ever signs a token.
import { randomBytes } from 'node:crypto';
import { ConfigError, type Config } from '../../common/config.ts';
import { secretProblem, storedKey } from './stored-secret.ts';

export { PUBLIC_SECRETS, secretProblem } from './stored-secret.ts';

export const SECRET_FILE = 'jwt-secret';

const HOW_TO =
  'Make a good one with `openssl rand -hex 32` (32 random bytes) and set JWT_SECRET to it.';

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
  return storedKey(config.DATA_DIR, {
    setting: 'JWT_SECRET',
    file: SECRET_FILE,
    generate: () => randomBytes(48).toString('base64url'),
    read(value, file) {
      const problem = secretProblem(value);
      if (problem)
        throw new ConfigError(
          `Invalid settings:\n  JWT_SECRET: the key in ${file} ${problem}; delete the file to generate a new one.`,
        );
      return value;
    },
  });
}
