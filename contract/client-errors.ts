// Client error reports (spec §1 "error reporting"; docs/security.md "Client error reports"): what a
// page's script sends when an uncaught error or an unhandled rejection happens in the browser.
// Only the error and where it happened: no query strings, no form data, no storage.
import { z } from 'zod';

const text = (max: number) => z.string({ error: 'Invalid input.' }).max(max, 'Too large.');
const position = z
  .number({ error: 'Invalid input.' })
  .int('Invalid input.')
  .min(0, 'Invalid input.')
  .max(10_000_000, 'Too large.');

/** `POST /client-errors`: one error; answered 204, or 429 when an address sends too many. */
export const clientErrorReport = z.strictObject(
  {
    kind: z.enum(['error', 'rejection'], { error: 'Invalid input.' }),
    message: text(500).min(1, 'Required.'),
    /** The page's path, without its query string or fragment. */
    page: text(300).regex(/^\/[^?#\s]*$/, 'Invalid input.'),
    /** The script's address (same site or a CDN), without its query string. */
    source: text(500)
      .regex(/^(https?:\/\/[^\s?#]+|)$/, 'Invalid input.')
      .optional(),
    line: position.optional(),
    column: position.optional(),
    stack: text(4000).optional(),
  },
  { error: 'Invalid input.' },
);
export type ClientErrorReport = z.infer<typeof clientErrorReport>;

/** Reports one address may send per window before it is answered 429 (per API node). */
export const CLIENT_ERROR_LIMIT = { reports: 30, windowMs: 10 * 60_000 } as const;
