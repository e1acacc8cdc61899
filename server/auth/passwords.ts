// Passwords with argon2id (docs/api-foundation.md "Sign-in"), and a constant-cost check for unknown accounts.
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string): Promise<string> => hash(password);

/** A hash of nothing in particular, verified when the account does not exist so timing reveals nothing. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verify(await (decoy ??= hash('decoy-password-never-matches')), password).catch(
      () => false,
    );
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
