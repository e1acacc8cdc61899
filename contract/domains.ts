// The public calls of churches' own domains (docs/deploy.md "Own domains and HTTPS"): the proxy's
// question before it asks for a certificate, and the church's primary host the site redirects to.
import { z } from 'zod';

/** GET /tls/allowed?domain= (Caddy's `on_demand_tls { ask … }` sends the name as `domain`). */
export const tlsAllowedQuery = z.object({
  domain: z
    .string({ error: 'Required.' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'Required.' })
    .max(253, { error: 'Invalid host name.' })
    .regex(/^[a-z0-9.-]+$/, { error: 'Invalid host name.' })
    .transform((v) => v.replace(/\.$/, '')),
});

/** GET /igreja/{slug}/host-principal: where the church's other names redirect; null: nowhere. */
export const primaryHostSchema = z.object({ principal: z.string().nullable() });
export type PrimaryHost = z.infer<typeof primaryHostSchema>;
