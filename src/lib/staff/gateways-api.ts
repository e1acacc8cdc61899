// The treasurer's gateway calls from the browser (docs/payments.md "Connecting a gateway"):
// every gateway with its mode and masked credentials, saving one, and the methods' gateways.
import type {
  GatewayAccountInput,
  GatewayAccounts,
  GatewayName,
} from '../../../contract/gateways.ts';
import type { PixKeyInput } from '../../../contract/pix-key-input.ts';
import { staffHttp } from './http.ts';

export const fetchGateways = (slug: string) =>
  staffHttp(slug).get('gateways').json<GatewayAccounts>();

export const saveGateway = (slug: string, gateway: GatewayName, body: GatewayAccountInput) =>
  staffHttp(slug).put(`gateways/${gateway}`, { json: body }).json<GatewayAccounts>();

export const saveMethodGateways = (
  slug: string,
  metodos: { codigo: string; idGatewayPagamento: number }[],
) => staffHttp(slug).put('gateways-metodos', { json: { metodos } }).json<GatewayAccounts>();

/** The church's Pix key: saved with its type, or removed (the church's e-mail stands in again). */
export const savePixKey = (slug: string, body: PixKeyInput) =>
  staffHttp(slug).put('gateways-chave-pix', { json: body }).json<GatewayAccounts>();

export const removePixKey = (slug: string) =>
  staffHttp(slug).delete('gateways-chave-pix').json<GatewayAccounts>();
