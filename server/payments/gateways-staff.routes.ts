// The treasurer's gateway calls under `/admin/{slug}/gateways…` (docs/payments.md "Connecting a
// gateway"), area `gateways` (ROLE_ADMIN, ROLE_ADMIN_FINANCE); every write goes through staffWrite.
import { Hono, type Context } from 'hono';
import {
  gatewayAccountInput,
  gatewayParams,
  methodGatewaysInput,
} from '../../contract/gateways.ts';
import { pixKeyInputSchema } from '../../contract/pix-key-input.ts';
import { validate } from '../http/validate.ts';
import type { StaffDeps } from '../staff/deps.ts';
import { staffArea, type StaffEnv } from '../staff/scope.ts';
import { listGatewayAccounts, saveGatewayAccount, setMethodGateways } from './gateway-accounts.ts';
import { savePixKey } from './pix-keys.ts';

export function gatewaysStaffRoutes(deps: StaffDeps) {
  const { db } = deps;
  const area = staffArea('gateways');
  const actor = (c: Context<StaffEnv>) => c.get('staff').actor;
  const church = (c: Context<StaffEnv>) => c.get('staff').church;

  return new Hono<StaffEnv>()
    .get('/gateways', area, async (c) => {
      c.header('cache-control', 'no-store');
      return c.json(await listGatewayAccounts(db, church(c)));
    })
    .put(
      '/gateways/:gateway',
      area,
      validate('param', gatewayParams),
      validate('json', gatewayAccountInput),
      async (c) => {
        await saveGatewayAccount(deps, actor(c), c.req.valid('param').gateway, c.req.valid('json'));
        c.header('cache-control', 'no-store');
        return c.json(await listGatewayAccounts(db, church(c)));
      },
    )
    .put('/gateways-metodos', area, validate('json', methodGatewaysInput), async (c) => {
      await setMethodGateways(deps, actor(c), c.req.valid('json').metodos);
      return c.json(await listGatewayAccounts(db, church(c)));
    })
    .put('/gateways-chave-pix', area, validate('json', pixKeyInputSchema), async (c) => {
      await savePixKey(deps, actor(c), c.req.valid('json'));
      c.header('cache-control', 'no-store');
      return c.json(await listGatewayAccounts(db, church(c)));
    })
    .delete('/gateways-chave-pix', area, async (c) => {
      await savePixKey(deps, actor(c), null);
      c.header('cache-control', 'no-store');
      return c.json(await listGatewayAccounts(db, church(c)));
    });
}
