// The treasurer's gateway calls from the browser (docs/payments.md "Connecting a gateway"):
// every gateway with its mode and masked credentials, saving one, and the methods' gateways.
import type {
  GatewayAccountInput,
  GatewayAccounts,
  GatewayName,
} from '../../../contract/gateways.ts';
import { staffHttp } from './http.ts';

export const fetchGateways = (slug: string) =>
  staffHttp(slug).get('gateways').json<GatewayAccounts>();

export const saveGateway = (slug: string, gateway: GatewayName, body: GatewayAccountInput) =>
  staffHttp(slug).put(`gateways/${gateway}`, { json: body }).json<GatewayAccounts>();

export const saveMethodGateways = (
  slug: string,
  metodos: { codigo: string; idGatewayPagamento: number }[],
) => staffHttp(slug).put('gateways-metodos', { json: { metodos } }).json<GatewayAccounts>();
