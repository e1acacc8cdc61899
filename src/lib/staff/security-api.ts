// The church's sign-in rule for its staff from the browser (docs/staff.md "Church settings",
// docs/security.md "Two-factor sign-in"): GET/PUT /api/v1/admin/{slug}/igreja/seguranca.
import type { z } from 'zod';
import type { churchSecuritySchema } from '../../../contract/two-factor.ts';
import { staffHttp } from './http.ts';

export type ChurchSecurity = z.infer<typeof churchSecuritySchema>;

export const fetchChurchSecurity = (slug: string): Promise<ChurchSecurity> =>
  staffHttp(slug).get('igreja/seguranca').json<ChurchSecurity>();

export const saveChurchSecurity = (slug: string, body: ChurchSecurity): Promise<ChurchSecurity> =>
  staffHttp(slug).put('igreja/seguranca', { json: body }).json<ChurchSecurity>();
