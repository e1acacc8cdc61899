// Wrong second-factor codes per account (docs/security.md "Two-factor sign-in"): whoever has the
// password gets 5 tries per quarter hour, then a wait that doubles up to a day; a million codes
// cannot be walked through.
import type { LimitRule } from './rate-limit.ts';

export const TWO_FACTOR_RULE: LimitRule = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxLockMs: 24 * 60 * 60_000,
};
export const twoFactorKey = (userId: number) => `twofactor:user:${userId}`;
