// A local HTTP server that answers as Zoop's marketplace API does (Basic auth with the API key;
// POST /v1/marketplaces/{m}/transactions for credit, pix and boleto; GET …/transactions/{id};
// GET …/sellers/{s} and …/sellers/{s}/transactions?reference_id=; POST …/transactions/{id}/void;
// POST …/buyers and GET …/buyers/search?taxpayer_id=; POST …/cards/tokens from the card data;
// GET …/tokens/{id}; POST …/cards {token, customer}, a reusable card charged with `customer` and
// `source.usage` reusable; DELETE …/cards/{id} removes a kept card, DELETE …/buyers/{id} a buyer
// and its cards, 404 when there is none). A card token ending in "decline", or made from a number
// ending in 0002, is refused with 402, as Zoop's test cards are; a number ending in 0010 is
// refused at tokenisation (400).
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
  source?: Record<string, unknown>;
}

export interface FakeZoopToken {
  used: boolean;
  last4: string;
  brand: string;
  declines?: boolean;
}

export interface FakeZoopCard {
  id: string;
  customer: string;
  last4: string;
  brand: string;
  declines: boolean;
}

export interface FakeZoop {
  url: string;
  transactions: Map<string, FakeZoopTransaction>;
  tokens: Map<string, FakeZoopToken>;
  /** Cards associated with a buyer (reusable), by card id. */
  cards: Map<string, FakeZoopCard>;
  buyers: Map<string, Record<string, any>>;
  calls: { method: string; path: string; body: any }[];
  /** Answer the next N create calls with 503 (Zoop down) after keeping the transaction or not. */
  failNext: { creates: number; keep: boolean };
  /** Answer the next N create calls 201 with a body of another shape (no id, no status), keeping the transaction. */
  oddNext: number;
  /** Every call answers 503 while set (Zoop down). */
  down: boolean;
  /** Every card deleted (`DELETE …/cards/{id}`), in order. */
  deletedCards: { id: string; customer: string }[];
  /** Every buyer deleted (`DELETE …/buyers/{id}`), in order. */
  deletedBuyers: string[];
  byReference(referenceId: string): FakeZoopTransaction | undefined;
  close(): Promise<void>;
}

/** `sellerIds`: the sellers the marketplace has (GET …/sellers/{id}); none given, any seller. */
export async function startFakeZoop(
  marketplaceId: string,
  apiKey: string,
  sellerIds?: readonly string[],
): Promise<FakeZoop> {
  const fake: FakeZoop = {
    url: '',
    transactions: new Map(),
    tokens: new Map(),
    cards: new Map(),
    buyers: new Map(),
    calls: [],
    failNext: { creates: 0, keep: false },
    oddNext: 0,
    down: false,
    deletedCards: [],
    deletedBuyers: [],
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
      if (fake.down) return error(503, 'Service unavailable');
      if (req.headers.authorization !== auth) return error(401, 'Invalid API key');
      if (!path.startsWith(prefix)) return error(404, 'Marketplace not found');
      const rest = path.slice(prefix.length);

      if (req.method === 'POST' && rest === '/buyers') {
        const buyer = { ...body, id: `buyer_${randomBytes(6).toString('hex')}`, resource: 'buyer' };
        fake.buyers.set(buyer.id, buyer);
        return send(201, buyer);
      }

      if (req.method === 'GET' && rest === '/buyers/search') {
        const taxpayer = url.searchParams.get('taxpayer_id');
        const found = [...fake.buyers.values()].find((b) => taxpayer && b.taxpayer_id === taxpayer);
        return found ? send(200, found) : error(404, 'Buyer not found');
      }

      const b = /^\/buyers\/([^/]+)$/.exec(rest);
      if (req.method === 'DELETE' && b && b[1] !== 'search') {
        const buyer = fake.buyers.get(b[1]!);
        if (!buyer) return error(404, 'Buyer not found');
        fake.buyers.delete(buyer.id);
        for (const card of [...fake.cards.values()])
          if (card.customer === buyer.id) fake.cards.delete(card.id);
        fake.deletedBuyers.push(buyer.id);
        return send(200, { id: buyer.id, resource: 'buyer', deleted: true });
      }

      if (req.method === 'POST' && rest === '/cards/tokens') {
        const number = String(body?.card_number ?? '');
        if (
          !/^\d{13,19}$/.test(number) ||
          !/^\d{3,4}$/.test(String(body?.security_code ?? '')) ||
          !body?.holder_name ||
          !/^\d{1,2}$/.test(String(body?.expiration_month ?? '')) ||
          !/^\d{4}$/.test(String(body?.expiration_year ?? '')) ||
          number.endsWith('0010')
        )
          return error(400, 'Invalid card data', { category: 'invalid_parameter' });
        const id = `tok_${randomBytes(10).toString('hex')}`;
        const brand = number.startsWith('5') ? 'MasterCard' : 'Visa';
        fake.tokens.set(id, {
          used: false,
          last4: number.slice(-4),
          brand,
          declines: number.endsWith('0002'),
        });
        return send(201, {
          id,
          resource: 'token',
          type: 'card',
          used: false,
          card: {
            id: `card_${id}`,
            card_brand: brand,
            first4_digits: number.slice(0, 4),
            last4_digits: number.slice(-4),
            expiration_month: String(body.expiration_month),
            expiration_year: String(body.expiration_year),
            holder_name: body.holder_name,
          },
        });
      }

      if (req.method === 'POST' && rest === '/cards') {
        const token = fake.tokens.get(body?.token);
        if (!token || token.used) return error(400, 'Token not found or already used');
        if (!fake.buyers.has(body?.customer)) return error(404, 'Buyer not found');
        token.used = true;
        const card: FakeZoopCard = {
          id: `card_${randomBytes(8).toString('hex')}`,
          customer: body.customer,
          last4: token.last4,
          brand: token.brand,
          declines: token.declines === true || String(body.token).endsWith('decline'),
        };
        fake.cards.set(card.id, card);
        return send(201, {
          id: card.id,
          resource: 'card',
          customer: card.customer,
          card_brand: card.brand,
          last4_digits: card.last4,
          is_active: true,
        });
      }

      let m = /^\/cards\/([^/]+)$/.exec(rest);
      if (req.method === 'DELETE' && m && m[1] !== 'tokens') {
        const card = fake.cards.get(m[1]!);
        if (!card) return error(404, 'Card not found');
        fake.cards.delete(card.id);
        fake.deletedCards.push({ id: card.id, customer: card.customer });
        return send(200, { id: card.id, resource: 'card', deleted: true });
      }

      m = /^\/tokens\/([^/]+)$/.exec(rest);
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
          ...(body.source ? { source: body.source } : {}),
        };
        if (body.payment_type === 'credit' && body.source?.usage === 'reusable') {
          // a buyer's kept card: charged again and again, only with its buyer
          const card = fake.cards.get(body.source?.card?.id);
          if (!card || card.customer !== body.customer)
            return error(400, 'Card not found for this customer');
          if (card.declines) {
            tx.status = 'failed';
            fake.transactions.set(id, tx);
            return error(402, 'Transação não autorizada', {
              category: 'card_declined',
              transaction_id: id,
            });
          }
          tx.status = 'succeeded';
          tx.captured = true;
        } else if (body.payment_type === 'credit') {
          const token = fake.tokens.get(body.source?.card?.id);
          if (!token || token.used) return error(400, 'Card token not found or already used');
          token.used = true;
          if (body.source.card.id.endsWith('decline') || token.declines) {
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
        if (fake.oddNext > 0) {
          fake.oddNext--;
          return send(201, { resource: 'transaction', transaction: { id } });
        }
        return send(201, { resource: 'transaction', ...tx });
      }

      m = /^\/transactions\/([^/]+)$/.exec(rest);
      if (req.method === 'GET' && m) {
        const tx = fake.transactions.get(m[1]!);
        return tx ? send(200, { resource: 'transaction', ...tx }) : error(404, 'Not found');
      }

      m = /^\/sellers\/([^/]+)$/.exec(rest);
      if (req.method === 'GET' && m) {
        if (sellerIds && !sellerIds.includes(m[1]!)) return error(404, 'Seller not found');
        return send(200, { id: m[1], resource: 'seller', status: 'active' });
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
