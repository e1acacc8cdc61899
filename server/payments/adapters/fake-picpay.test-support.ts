// A local HTTP server that answers as PicPay's e-commerce API does (POST /payments, GET
// /payments/{referenceId}/status, POST /payments/{referenceId}/cancellations, x-picpay-token).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePicPay {
  url: string;
  payments: Map<
    string,
    {
      referenceId: string;
      value: number;
      status: string;
      authorizationId: string | null;
      callbackUrl: string;
    }
  >;
  calls: { method: string; path: string }[];
  close(): Promise<void>;
}

export async function startFakePicPay(token: string): Promise<FakePicPay> {
  const fake: FakePicPay = {
    url: '',
    payments: new Map(),
    calls: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      fake.calls.push({ method: req.method ?? '', path });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers['x-picpay-token'] !== token) return send(401, { message: 'Token inválido' });
      if (req.method === 'POST' && path === '/payments') {
        const body = JSON.parse(raw);
        if (fake.payments.has(body.referenceId))
          return send(422, {
            message: 'Já existe um pagamento com esse referenceId',
            errors: [{ field: 'referenceId' }],
          });
        fake.payments.set(body.referenceId, {
          referenceId: body.referenceId,
          value: body.value,
          status: 'created',
          authorizationId: null,
          callbackUrl: body.callbackUrl,
        });
        return send(200, {
          referenceId: body.referenceId,
          paymentUrl: `https://app.picpay.com/checkout/${Buffer.from(body.referenceId).toString('base64url')}`,
          expiresAt: body.expiresAt,
          qrcode: {
            content: `https://app.picpay.com/checkout/${body.referenceId}`,
            base64: 'data:image/png;base64,AAAA',
          },
        });
      }
      let m = /^\/payments\/([^/]+)\/status$/.exec(path);
      if (req.method === 'GET' && m) {
        const p = fake.payments.get(decodeURIComponent(m[1]!));
        if (!p) return send(422, { message: 'Transação não encontrada' });
        return send(200, {
          referenceId: p.referenceId,
          status: p.status,
          ...(p.authorizationId ? { authorizationId: p.authorizationId } : {}),
        });
      }
      m = /^\/payments\/([^/]+)\/cancellations$/.exec(path);
      if (req.method === 'POST' && m) {
        const p = fake.payments.get(decodeURIComponent(m[1]!));
        if (!p) return send(422, { message: 'Transação não encontrada' });
        p.status = p.status === 'paid' || p.status === 'completed' ? 'refunded' : 'expired';
        return send(200, { referenceId: p.referenceId, cancellationId: `c-${p.referenceId}` });
      }
      return send(404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
