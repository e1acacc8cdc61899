// The account's two-factor calls (docs/security.md "Two-factor sign-in"): status, enrol, confirm
// with a first code (ten recovery codes answered once), turn off with a code. The login's second
// step is in auth.routes.ts. Mounted by auth.routes.ts.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { twoFactorCodeBody } from '../../contract/two-factor.ts';
import { idParam } from '../../contract/common.ts';
import type { Database } from '../db/client.ts';
import { validate } from '../http/validate.ts';
import { refuseIfWaiting, callerAddress } from './accounts.ts';
import { requireUser } from './authenticate.ts';
import { findChurch } from './church-link.ts';
import { addressKey, ADDRESS_RULE, recordFailure, lockedFor, clearFailures } from './rate-limit.ts';
import { accountSettings } from './settings.ts';
import { TWO_FACTOR_RULE, twoFactorKey } from './two-factor-limits.ts';
import {
  confirmEnrolment,
  disableTwoFactor,
  startEnrolment,
  twoFactorStatus,
} from './two-factor.service.ts';
import { ApiProblem } from '../http/errors.ts';

const enrolQuery = z.object({ igreja: idParam.optional() });

export function twoFactorRoutes(db: Database) {
  /** Wrong codes here count like the login's (a stolen session cannot guess its way to turning it off). */
  const guarded = async <T>(c: Context, userId: number, run: () => Promise<T>) => {
    const key = twoFactorKey(userId);
    refuseIfWaiting(c, await lockedFor(db, key));
    try {
      const result = await run();
      await clearFailures(db, key);
      return result;
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 422) {
        await recordFailure(db, key, TWO_FACTOR_RULE);
        await recordFailure(db, addressKey(callerAddress(c)), ADDRESS_RULE);
      }
      throw error;
    }
  };
  return new Hono({ strict: false })
    .get('/user/dois-fatores', async (c) => {
      const me = await requireUser(db, c);
      return c.json(await twoFactorStatus(db, me.userId));
    })
    .post('/user/dois-fatores', validate('query', enrolQuery), async (c) => {
      const me = await requireUser(db, c);
      const { igreja } = c.req.valid('query');
      const church = igreja ? await findChurch(db, igreja) : null;
      const issuer = church?.name ?? accountSettings().PROVIDER_DOMAIN;
      return c.json(await startEnrolment(db, { id: me.userId, email: me.email }, issuer));
    })
    .post('/user/dois-fatores/confirmar', validate('json', twoFactorCodeBody), async (c) => {
      const me = await requireUser(db, c);
      const { codigo } = c.req.valid('json');
      const codes = await guarded(c, me.userId, () => confirmEnrolment(db, me.userId, codigo));
      return c.json({ codigosRecuperacao: codes });
    })
    .post('/user/dois-fatores/desativar', validate('json', twoFactorCodeBody), async (c) => {
      const me = await requireUser(db, c);
      const { codigo } = c.req.valid('json');
      await guarded(c, me.userId, () => disableTwoFactor(db, me.userId, codigo));
      return c.json(await twoFactorStatus(db, me.userId));
    });
}
