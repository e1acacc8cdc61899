import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';
import { parseConfig } from '../../common/config.ts';

describe.each(testBackends())(
  'API answer headers on %s (docs/security.md "Headers of API answers")',
  (backend) => {
    let database: DatabaseHandle;
    let api: Api;
    const { get } = apiClient(() => api);

    beforeAll(async () => {
      database = await openTestDatabase(backend);
      api = createApi({ db: database.db, settings: { ...parseConfig(), TRUST_PROXY: 1 } });
    });
    afterAll(() => database?.close());

    it('every answer with personal data says private, no-store', async () => {
      const { id, token } = await loginAs(api, 'membro@graca.demo');
      const me = await get('/me', { token });
      expect(me.status).toBe(200);
      const church = (await get('/igreja/graca/pagamento-motivo')).status; // a public read
      expect(church).toBeLessThan(500);
      for (const path of [
        '/me',
        '/user/nota-sermao',
        '/user/oracao',
        `/usuario/${id}/doacao?igreja=1`,
        `/usuario/${id}/doacao/extrato?igreja=1&ano=2025`,
        `/usuario/${id}/doacao-recorrente?igreja=1`,
      ]) {
        const answer = await get(path, { token });
        expect(answer.headers.get('cache-control'), path).toBe('private, no-store');
      }
      // An anonymous receipt (name, CPF) names no cache policy: private by default.
      const receipt = await get('/pagamento/nope/recibo?chave=x');
      expect(receipt.headers.get('cache-control')).toBe('private, no-store');
    });

    it('sends HSTS only when the request came over HTTPS', async () => {
      const plain = await get('/me');
      expect(plain.headers.has('strict-transport-security')).toBe(false);
      const spoofed = await get('/me', { headers: { 'x-forwarded-proto': 'https, http' } });
      expect(spoofed.headers.has('strict-transport-security')).toBe(false);
      const proxied = await get('/me', { headers: { 'x-forwarded-proto': 'https' } });
      expect(proxied.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    });
  },
);
