// A local HTTP server that answers as CardConnect's CardPointe Gateway and CardSecure do (Basic
// auth; POST /cardsecure/api/v1/ccn/tokenize; PUT /cardconnect/rest/auth, /refund, /void;
// GET /cardconnect/rest/inquire/{retref}/{merchid} and /inquireByOrderid/{orderid}/{merchid}/1).
// A card number starting 4000000000000002 is declined (respstat C); a refund before settlement is
// refused (respstat C, "Txn not settled") as CardConnect does, so a void is needed then.
import { createHash, randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAuth {
  retref: string;
  orderid: string;
  amount: string;
  account: string;
  expiry: string;
  respstat: 'A' | 'C';
  setlstat: string;
  settled: boolean;
}

export interface FakeCardConnect {
  url: string;
  /** token → the number CardSecure was given (only the fake keeps it, to decide approvals). */
  tokens: Map<string, string>;
  auths: Map<string, FakeAuth>;
  calls: { method: string; path: string; body: any }[];
  /** Keep the next auth but answer 503 (an answer lost on the way back). */
  loseNextAnswer: boolean;
  byOrder(orderid: string): FakeAuth | undefined;
  close(): Promise<void>;
}

export async function startFakeCardConnect(
  merchantId: string,
  username: string,
  password: string,
): Promise<FakeCardConnect> {
  const fake: FakeCardConnect = {
    url: '',
    tokens: new Map(),
    auths: new Map(),
    calls: [],
    loseNextAnswer: false,
    byOrder: (orderid) => [...fake.auths.values()].find((a) => a.orderid === orderid),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const auth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const body = raw ? JSON.parse(raw) : null;
      fake.calls.push({ method: req.method ?? '', path, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method === 'POST' && path === '/cardsecure/api/v1/ccn/tokenize') {
        const account = String(body?.account ?? '');
        if (!/^\d{13,19}$/.test(account))
          return send(200, { errorcode: 7, message: 'Invalid account' });
        // CardSecure: the same number always gives the same token, first digit 9, last four kept
        const digest = createHash('sha256').update(account).digest('hex').replace(/\D/g, '');
        const token = `9${digest.slice(0, account.length - 5)}${account.slice(-4)}`;
        fake.tokens.set(token, account);
        return send(200, { errorcode: 0, token, message: '' });
      }
      if (req.headers.authorization !== auth) return send(401, { message: 'Unauthorized' });
      if (!path.startsWith('/cardconnect/rest/')) return send(404, {});
      const rest = path.slice('/cardconnect/rest/'.length);
      if (req.method === 'PUT' && body?.merchid !== merchantId)
        return send(200, { respstat: 'C', resptext: 'Invalid merchant' });

      if (req.method === 'PUT' && rest === 'auth') {
        const number = fake.tokens.get(body.account);
        const retref = String(randomInt(100_000_000_000, 999_999_999_999));
        const approved = !!number && !number.startsWith('4000000000000002');
        const a: FakeAuth = {
          retref,
          orderid: body.orderid,
          amount: body.amount,
          account: body.account,
          expiry: body.expiry,
          respstat: approved ? 'A' : 'C',
          setlstat: approved ? 'Queued for Capture' : 'Declined',
          settled: false,
        };
        fake.auths.set(retref, a);
        if (fake.loseNextAnswer) {
          fake.loseNextAnswer = false;
          return send(503, { message: 'Service unavailable' });
        }
        return send(200, {
          respstat: a.respstat,
          retref,
          account: `${body.account.slice(0, 1)}XXXXXXXXXXX${body.account.slice(-4)}`,
          amount: body.amount,
          orderid: body.orderid,
          resptext: approved ? 'Approval' : 'Do not honor',
          respcode: approved ? '000' : '05',
          respproc: 'RPCT',
          merchid: merchantId,
        });
      }
      if (req.method === 'PUT' && (rest === 'refund' || rest === 'void')) {
        const a = fake.auths.get(body.retref);
        if (!a || a.respstat !== 'A')
          return send(200, { respstat: 'C', resptext: 'Txn not found' });
        if (rest === 'refund' && !a.settled)
          return send(200, { respstat: 'C', resptext: 'Txn not settled', retref: body.retref });
        if (rest === 'void' && a.settled)
          return send(200, { respstat: 'C', resptext: 'Txn settled', retref: body.retref });
        a.setlstat = rest === 'void' ? 'Voided' : 'Refunded';
        return send(200, {
          respstat: 'A',
          retref: rest === 'void' ? body.retref : String(randomInt(1e11, 9e11)),
          resptext: 'Approval',
          amount: body.amount ?? a.amount,
        });
      }
      let m = /^inquire\/([^/]+)\/([^/]+)$/.exec(rest);
      if (req.method === 'GET' && m) {
        const a = fake.auths.get(m[1]!);
        if (!a) return send(200, { respstat: 'C', resptext: 'Txn not found' });
        return send(200, { ...a, merchid: merchantId });
      }
      m = /^inquireByOrderid\/([^/]+)\/([^/]+)\/1$/.exec(rest);
      if (req.method === 'GET' && m) {
        const found = [...fake.auths.values()].filter((a) => a.orderid === m![1]);
        return send(200, found.length ? found : { respstat: 'C', resptext: 'Txn not found' });
      }
      return send(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
