// Shapes shared by every v1 call. Every contract file imports this one first.
import { z } from 'zod';

// In the browser zod must not probe `new Function` for its fast path: the CSP forbids eval and the
// probe shows as a violation. It is read when a schema is built, so it is set before any is.
if (typeof window !== 'undefined') z.config({ jitless: true });

/** Every error of the API (docs/api-foundation.md "Error format"). `errors` holds per-field messages for invalid input. */
export const apiErrorSchema = z.object({
  status: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Ids are PostgreSQL `integer`s: a larger number would make the query fail (a 500), so it is bad input. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id from a path or query string. */
export const idParam = z.coerce
  .number({ error: 'Must be a number.' })
  .int({ error: 'Must be a whole number.' })
  .positive({ error: 'Must be a positive number.' })
  .max(MAX_ID, { error: 'Too large.' });

/** A page number or count from a query string; each rule has its own message (contract/messages/fields.ts translates them). */
export const pageNumber = (max: number, maxMessage: string) =>
  z.coerce
    .number({ error: 'Must be a number.' })
    .int({ error: 'Must be a whole number.' })
    .min(1, { error: 'Must be 1 or more.' })
    .max(max, { error: maxMessage });

/** A slug or code: lowercase letters, digits and dashes. */
export const slugParam = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Invalid slug.');
