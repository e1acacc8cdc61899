// A local HTTP server that answers as Zoop's marketplace API does (Basic auth with the API key;
// POST /v1/marketplaces/{m}/transactions for credit, pix and boleto; GET …/transactions/{id};
// GET …/sellers/{s}/transactions?reference_id=; POST …/transactions/{id}/void; POST …/buyers;
// GET …/tokens/{id}). A card token ending in "decline" is refused with 402, as Zoop's test cards are.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildPixCode } from '../pix.ts';

export interface FakeZoopTransaction {
  id: string;
  amount: number;
  status: string;
  payment_type: string;
  reference_id: string;
  on_behalf_of: string;
  captured: boolean;
  voided: boolean;
  payment_method: Record<string, unknown> | null;
  customer?: string;
}

export interface FakeZoop {
  url: string;
  transactions: Map<string, FakeZoopTransaction>;
  tokens: Map<string, { used: boolean; last4: string; brand: string }>;
  calls: { method: string; path: string; body: any }[];
  /** Answer the next N create calls with 503 (Zoop down) after keeping the transaction or not. */
  failNext: { creates: number; keep: boolean };
  byReference(referenceId: string): FakeZoopTransaction | undefined;
  close(): Promise<void>;
}

export async function startFakeZoop(marketplaceId: string, apiKey: string): Promise<FakeZoop> {
  const fake: FakeZoop = {
    url: '',
    transactions: new Map(),
    tokens: new Map(),
    calls: [],
    failNext: { creates: 0, keep: false },
    byReference: (ref) => [...fake.transactions.values()].find((t) => t.reference_id === ref),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const auth = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;
  const prefix = `/v1/marketplaces/${marketplaceId}`;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname;
      const body = raw ? JSON.parse(raw) : null;
      fake.calls.push({ method: req.method ?? '', path, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const error = (status: number, message: string, extra: object = {}) =>
        send(status, { error: { status_code: status, message, ...extra } });
      if (req.headers.authorization !== auth) return error(401, 'Invalid API key');
      if (!path.startsWith(prefix)) return error(404, 'Marketplace not found');
      const rest = path.slice(prefix.length);

      if (req.method === 'POST' && rest === '/buyers')
        return send(201, { id: `buyer_${randomBytes(6).toString('hex')}`, ...body });

      let m = /^\/tokens\/([^/]+)$/.exec(rest);
      if (req.method === 'GET' && m) {
        const token = fake.tokens.get(m[1]!);
        if (!token) return error(404, 'Token not found');
        return send(200, {
          id: m[1],
          resource: 'token',
          type: 'card',
          used: token.used,
          card: {
            card_brand: token.brand,
            first4_digits: '4111',
            last4_digits: token.last4,
            expiration_month: '12',
            expiration_year: '2030',
            holder_name: 'Maria Membro',
          },
        });
      }

      if (req.method === 'POST' && rest === '/transactions') {
        const id = `tr_${randomBytes(8).toString('hex')}`;
        const tx: FakeZoopTransaction = {
          id,
          amount: body.amount,
          status: 'pending',
          payment_type: body.payment_type,
          reference_id: body.reference_id,
          on_behalf_of: body.on_behalf_of,
          captured: false,
          voided: false,
          payment_method: null,
          ...(body.customer ? { customer: body.customer } : {}),
        };
        if (body.payment_type === 'credit') {
          const token = fake.tokens.get(body.source?.card?.id);
          if (!token || token.used) return error(400, 'Card token not found or already used');
          token.used = true;
          if (body.source.card.id.endsWith('decline')) {
            tx.status = 'failed';
            fake.transactions.set(id, tx);
            return error(402, 'Transação não autorizada', {
              category: 'card_declined',
              transaction_id: id,
            });
          }
          tx.status = 'succeeded';
          tx.captured = true;
        } else if (body.payment_type === 'pix') {
          tx.payment_method = {
            id: `pix_${id}`,
            expiration_date: body.payment_method?.expiration_date,
            qr_code: {
              emv: buildPixCode({
                key: 'b1c2d3e4-0000-4000-8000-0123456789ab',
                merchantName: 'Zoop Seller',
                merchantCity: 'Sao Paulo',
                amountCents: body.amount,
                txid: id,
                singleUse: true,
              }),
            },
          };
        } else if (body.payment_type === 'boleto') {
          if (!body.customer) return error(400, 'customer is required');
          tx.payment_method = {
            id: `bol_${id}`,
            url: `https://api-boleto-production.s3.amazonaws.com/${id}.pdf`,
            barcode: '34191790010104351004791020150008291070026000',
            digitable_line: '34191.79001 01043.510047 91020.150008 2 91070026000',
            expiration_date: body.payment_method?.expiration_date,
          };
        } else return error(400, 'Invalid payment_type');
        if (fake.failNext.creates > 0) {
          fake.failNext.creates--;
          if (fake.failNext.keep) fake.transactions.set(id, tx);
          return error(503, 'Service unavailable');
        }
        fake.transactions.set(id, tx);
        return send(201, { resource: 'transaction', ...tx });
      }

      m = /^\/transactions\/([^/]+)$/.exec(rest);
      if (req.method === 'GET' && m) {
        const tx = fake.transactions.get(m[1]!);
        return tx ? send(200, { resource: 'transaction', ...tx }) : error(404, 'Not found');
      }

      m = /^\/sellers\/([^/]+)\/transactions$/.exec(rest);
      if (req.method === 'GET' && m) {
        const ref = url.searchParams.get('reference_id');
        const items = [...fake.transactions.values()].filter(
          (t) => t.on_behalf_of === m![1] && (!ref || t.reference_id === ref),
        );
        return send(200, { resource: 'list', items, has_more: false });
      }

      m = /^\/transactions\/([^/]+)\/void$/.exec(rest);
      if (req.method === 'POST' && m) {
        const tx = fake.transactions.get(m[1]!);
        if (!tx) return error(404, 'Not found');
        if (tx.status === 'canceled') return error(400, 'Transaction already voided');
        if (body?.on_behalf_of !== tx.on_behalf_of) return error(400, 'on_behalf_of mismatch');
        tx.status = 'canceled';
        tx.voided = true;
        return send(200, { resource: 'transaction', ...tx });
      }
      return error(404, 'Not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
