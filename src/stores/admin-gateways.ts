// The gateways page's state (docs/payments.md "Connecting a gateway"): the church's gateways and
// methods as the server answers them; a save hands back the API's per-field failure or reloads.
import { atom } from 'nanostores';
import type { GatewayAccountInput, GatewayAccounts, GatewayName } from '../../contract/gateways.ts';
import type { PixKeyInput } from '../../contract/pix-key-input.ts';
import {
  fetchGateways,
  removePixKey,
  saveGateway,
  saveMethodGateways,
  savePixKey,
} from '../lib/staff/gateways-api.ts';
import { attempt, loadInto, type Loadable } from './staff-store.ts';

export const $gateways = atom<Loadable<GatewayAccounts>>({ state: 'idle' });

export const loadGateways = (slug: string): Promise<void> =>
  loadInto($gateways, () => fetchGateways(slug));

/** Saves one gateway's mode and the credentials typed (blank ones keep what is stored). */
export const saveGatewayAccount = (slug: string, gateway: GatewayName, body: GatewayAccountInput) =>
  attempt(async () =>
    $gateways.set({ state: 'ready', data: await saveGateway(slug, gateway, body) }),
  );

/** Saves which gateway takes each method. */
export const saveMethods = (
  slug: string,
  metodos: { codigo: string; idGatewayPagamento: number }[],
) =>
  attempt(async () =>
    $gateways.set({ state: 'ready', data: await saveMethodGateways(slug, metodos) }),
  );

/** Saves the church's Pix key (checked by its type on the server), or removes it with null. */
export const saveChurchPixKey = (slug: string, body: PixKeyInput | null) =>
  attempt(async () =>
    $gateways.set({
      state: 'ready',
      data: body ? await savePixKey(slug, body) : await removePixKey(slug),
    }),
  );
