// Fuzz of every write route of the v1 API (docs/security.md "Text PostgreSQL cannot store"): NUL bytes, lone surrogates and
// over-long strings in every field a route asks for, in its path and its query, as JSON and as a
// form. The routes come from the Hono app itself, so a route added later is fuzzed too; the
// fields come from each route's own 400 answer (what it says is required), learnt in rounds.
// Bar: no answer is a 500 or above.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../app.ts';
import { issueTokenPair } from '../auth/tokens.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { events, tickets, users } from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient } from '../test-kit.ts';
import { eq } from 'drizzle-orm';

const HOSTILE: Record<string, string> = {
  nul: 'a\u0000b',
  nulOnly: '\u0000',
  loneHigh: 'x\ud800',
  loneLow: '\udfffy',
  long: 'A'.repeat(100_000),
  longEmoji: '😀'.repeat(20_000),
  longDigits: '9'.repeat(5_000),
};
/** Values tried in turn for a field until the route accepts it (ids, emails, dates, methods, lists…). */
const CANDIDATES: unknown[] = [
  1,
  '1',
  'fuzz@graca.demo',
  'Fuzz@12345',
  '2000-01-01',
  true,
  'BR',
  'pix',
  [{}],
  {},
  'São Paulo',
  'M',
];
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A value for a path parameter by its name: the member's own id where the path is about them. */
function paramValue(route: string, name: string, userId: number): string {
  if (/^(userId)$/.test(name) || (name === 'id' && /\/(usuario|user)\/:id/.test(route)))
    return String(userId);
  if (name === 'acao') return 'pagar';
  if (name === 'type') return 'perfil';
  if (name === 'codigo') return 'EV-FUZZ0000';
  return '1';
}

/** Percent-encodes; a lone surrogate goes out as the invalid UTF-8 bytes a hostile client can send. */
const encode = (v: string) =>
  v.isWellFormed()
    ? encodeURIComponent(v)
    : encodeURIComponent(v.toWellFormed()).replace(/%EF%BF%BD/g, '%ED%A0%80');
const fill = (route: string, values: (name: string) => string) =>
  route.replace(/:([A-Za-z_]+)(\{[^}]*\})?/g, (_, name: string) => encode(values(name)));

/** `a.b.0.c` = value in a nested object. */
function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let node: Record<string, unknown> = target;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) node[key] = value;
    else
      node = (
        node[key] && typeof node[key] === 'object'
          ? node[key]
          : (node[key] = /^\d+$/.test(keys[i + 1]!) ? [] : {})
      ) as Record<string, unknown>;
  });
}

// One backend (PostgreSQL when configured): the refusals happen before the database, and the fuzz's
// ~20,000 requests were the slowest file of the suite when run on both (tests/README.md).
describe.each(testBackends().slice(-1))('write routes under hostile text on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  const { call } = apiClient(() => api);
  let userId = 0;
  let token = '';
  const failures: string[] = [];
  const covered: Record<string, { fields: string[]; requests: number }> = {};

  async function send(
    method: string,
    url: string,
    body: { json?: unknown; form?: Record<string, string> } = {},
  ) {
    // HTTP itself refuses NUL in a header, so the header key stays plain; the body's chaveIdempotencia carries the hostile one.
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      'accept-language': 'pt-BR',
      'idempotency-key': `fuzz-${Math.random()}`,
    };
    let payload: BodyInit | undefined;
    if (body.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body.form) {
      const form = new FormData();
      for (const [k, v] of Object.entries(body.form)) form.append(k, v);
      payload = form;
    }
    const res = await api.request(url, { method, headers, body: payload });
    const text = await res.text();
    if (res.status >= 500)
      failures.push(
        `${method} ${url.slice(0, 120)} ${JSON.stringify(body).slice(0, 160)} → ${res.status} ${text.slice(0, 200)}`,
      );
    let parsed: { errors?: Record<string, string[]> } | null = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, errors: parsed?.errors ?? {} };
  }

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    const [member] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'membro@graca.demo'));
    userId = member!.id;
  }, 240_000);
  afterAll(async () => {
    console.log(
      `[fuzz ${backend}] covered ${Object.keys(covered).length} write routes:\n${Object.entries(
        covered,
      )
        .map(
          ([r, v]) =>
            `  ${r}  fields: ${v.fields.join(', ') || '(none asked)'}  requests: ${v.requests}`,
        )
        .join('\n')}`,
    );
    await database?.close();
  });

  it(
    'every write route answers hostile text with a 4xx, never a 5xx',
    { timeout: 600_000 },
    async () => {
      const routes = [
        ...new Map(
          api.routes
            .filter((r) => WRITE.has(r.method) && !r.path.includes('*'))
            .map((r) => [`${r.method} ${r.path}`, r]),
        ).values(),
      ];
      expect(routes.length).toBeGreaterThan(20);
      for (const route of routes) {
        // A fresh session each route: an earlier route (delete account, change password) must not hide later ones.
        await database.db.update(users).set({ active: true }).where(eq(users.id, userId));
        token = (await issueTokenPair(database.db, { id: userId, email: 'membro@graca.demo' }))
          .token;
        const url = fill(route.path, (name) => paramValue(route.path, name, userId));
        let requests = 0;
        // Learn the fields and a value each accepts: ask, and for every field the route still
        // complains about try its next candidate, until it complains about nothing new (12 rounds at most).
        const fields = new Map<string, number>();
        const valueOf = (f: string) =>
          CANDIDATES[Math.min(fields.get(f) ?? 0, CANDIDATES.length - 1)];
        const plausible = () => {
          const json: Record<string, unknown> = {};
          for (const f of [...fields.keys()].sort(
            (a, b) => a.split('.').length - b.split('.').length,
          ))
            setPath(json, f, valueOf(f));
          return json;
        };
        const queryOf = () =>
          new URLSearchParams(
            [...fields.keys()].filter((f) => !f.includes('.')).map((f) => [f, String(valueOf(f))]),
          ).toString();
        for (let round = 0; round < 12; round++) {
          const query = queryOf();
          const { errors } = await send(route.method, `${url}${query ? `?${query}` : ''}`, {
            json: plausible(),
          });
          requests++;
          const named = Object.keys(errors).filter((f) => !f.startsWith('_'));
          let moved = false;
          for (const f of named) {
            if (!fields.has(f)) fields.set(f, 0);
            else if (fields.get(f)! < CANDIDATES.length - 1) fields.set(f, fields.get(f)! + 1);
            else continue;
            moved = true;
          }
          if (!moved) break;
        }
        // Attack each field alone (others plausible), then all at once, in body and query.
        const targets = [
          ...new Set([
            ...fields.keys(),
            'chaveIdempotencia',
            'nome',
            'email',
            'mensagem',
            'descricao',
            'texto',
          ]),
        ];
        for (const hostile of Object.values(HOSTILE)) {
          for (const field of targets) {
            const json = plausible();
            setPath(json, field, hostile);
            const query = queryOf();
            await send(route.method, `${url}${query ? `?${query}` : ''}`, { json });
            requests++;
          }
          const all: Record<string, unknown> = {};
          for (const f of targets) setPath(all, f, hostile);
          const flat = Object.fromEntries(
            targets.filter((f) => !f.includes('.')).map((f) => [f, hostile.slice(0, 2000)]),
          );
          await send(route.method, `${url}?${new URLSearchParams(flat)}`, { json: all });
          await send(route.method, url, {
            form: Object.fromEntries(targets.map((f) => [f, hostile])),
          });
          await send(route.method, url, { json: { [hostile.slice(0, 50)]: 'key' } });
          await send(route.method, url, { json: hostile });
          requests += 4;
          // Hostile path parameters (each one in turn).
          for (const param of route.path.match(/:([A-Za-z_]+)/g) ?? []) {
            const hostileUrl = fill(route.path, (n) =>
              `:${n}` === param ? hostile.slice(0, 3000) : paramValue(route.path, n, userId),
            );
            await send(route.method, hostileUrl, { json: {} });
            requests++;
          }
        }
        covered[`${route.method} ${route.path}`] = { fields: [...fields.keys()], requests };
      }
      expect(failures, failures.join('\n')).toEqual([]);
    },
  );

  it('names the field that holds a NUL byte or a lone surrogate, in the request language', async () => {
    token = (await issueTokenPair(database.db, { id: userId, email: 'membro@graca.demo' })).token;
    const res = await call<{ message: string; errors: Record<string, string[]> }>(
      'POST',
      '/oracao',
      {
        token,
        lang: 'en',
        body: { igreja: 1, nome: 'ok', mensagem: 'hi\u0000', extra: { deep: ['\ud800'] } },
      },
    );
    expect(res.status).toBe(400);
    const body = res.body;
    expect(body.errors).toEqual({
      mensagem: ['Invalid input.'],
      'extra.deep.0': ['Invalid input.'],
    });
    const pt = await call<{ errors: Record<string, string[]> }>('POST', '/security/login_check', {
      lang: 'pt-BR',
      body: { username: 'a@b.c', password: 'x\udc00' },
    });
    expect(pt.status).toBe(400);
    expect(pt.body.errors.password).toEqual(['Valor inválido.']);
  });

  it('the attack of the issue: NUL in ticket answers and in the idempotency key of POST /pagamento is a 400 naming them', async () => {
    token = (await issueTokenPair(database.db, { id: userId, email: 'membro@graca.demo' })).token;
    const [event] = await database.db
      .select()
      .from(events)
      .where(eq(events.title, 'Conferência Graça 2026'));
    const [ticket] = await database.db.select().from(tickets).where(eq(tickets.eventId, event!.id));
    const res = await call<{ errors: Record<string, string[]> }>('POST', '/pagamento', {
      token,
      lang: 'es',
      headers: { 'idempotency-key': 'fuzz-issue-16' },
      body: {
        evento: event!.id,
        metodoPagamento: 'pix',
        chaveIdempotencia: 'key\u0000key\u0000',
        ingressos: [
          {
            ingresso: ticket!.id,
            titulares: [{ nome: 'Maria\ud800', respostas: { camiseta: 'M\u0000' } }],
          },
        ],
      },
    });
    expect(res.status).toBe(400);
    const body = res.body;
    expect(Object.keys(body.errors).sort()).toEqual([
      'chaveIdempotencia',
      'ingressos.0.titulares.0.nome',
      'ingressos.0.titulares.0.respostas.camiseta',
    ]);
    expect(body.errors.chaveIdempotencia).toEqual(['Valor inválido.']);
  });
});
