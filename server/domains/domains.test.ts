// A church's own host names need a DNS proof (docs/deploy.md "Own domains and HTTPS",
// docs/security.md "Host names need proof"), checked against a DNS server this file starts.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../common/config.ts';
import { churchSettingsSchema, type StaffHostname } from '../../contract/church-staff.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectError, loginAll } from '../test-kit.ts';
import { startTestDns, type TestDns } from './dns-server.test-support.ts';
import { recheckHostnames } from './domains.service.ts';

const ACCOUNTS = {
  admin: 'lider@graca.demo',
  editor: 'editor@graca.demo',
  member: 'membro@graca.demo',
  graceAdmin: 'admin@grace.demo',
} as const;
type Who = keyof typeof ACCOUNTS;

let dns: TestDns;
const saved = {
  DNS_SERVERS: process.env.DNS_SERVERS,
  PROVIDER_DOMAIN: process.env.PROVIDER_DOMAIN,
};
beforeAll(async () => {
  dns = await startTestDns();
  process.env.DNS_SERVERS = dns.server;
  process.env.PROVIDER_DOMAIN = 'localhost';
  resetAccountSettings();
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  resetAccountSettings();
  await dns.close();
});

describe.each(testBackends())('own host names on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let graca: number;
  let grace: number;
  const tokens = {} as Record<Who, string>;
  const purged: number[] = [];
  const db = () => database.db;
  const client = apiClient(() => api, { lang: 'en' });
  const call = client.call;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const changes = createChangeFeed();
    changes.onChurchChanged((id) => purged.push(id));
    api = createApi({ db: database.db, changes });
    const idOf = async (slug: string) =>
      (
        await db().select({ id: t.churches.id }).from(t.churches).where(eq(t.churches.slug, slug))
      )[0]!.id;
    [graca, grace] = [await idOf('graca'), await idOf('grace')];
    await loginAll(api, ACCOUNTS, { tokens });
  });
  afterAll(() => database?.close());
  beforeEach(() => {
    purged.length = 0;
    dns.records.clear();
    dns.failing = false;
  });

  const add = (who: Who, hostname: string, lang = 'en') =>
    call('POST', `/admin/${who === 'graceAdmin' ? 'grace' : 'graca'}/igreja/hostname`, {
      token: tokens[who],
      body: { hostname },
      lang,
    });
  const check = (who: Who, id: number, lang = 'en') =>
    call(
      'POST',
      `/admin/${who === 'graceAdmin' ? 'grace' : 'graca'}/igreja/hostname/${id}/verificar`,
      {
        token: tokens[who],
        lang,
      },
    );
  const hostOf = (body: unknown, hostname: string): StaffHostname => {
    const found = churchSettingsSchema.parse(body).hostnames.find((h) => h.hostname === hostname);
    expect(found, `${hostname} in ${JSON.stringify(body)}`).toBeTruthy();
    return found!;
  };
  const servedBy = async (hostname: string) =>
    (
      (await call('GET', `/igreja?hostname=${hostname}`)).body as {
        clientes: { codigo: string }[];
      }
    ).clientes.map((c) => c.codigo);
  const tlsStatus = async (domain: string) =>
    (await call('GET', `/tls/allowed?domain=${encodeURIComponent(domain)}`)).status;
  const provenByTxt = (h: StaffHostname) =>
    dns.records.set(h.registroTxt.nome, { txt: ['v=spf1 -all', h.registroTxt.valor] });
  const audits = (action: string) =>
    db()
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.churchId, graca), eq(t.auditLog.action, action)));

  it('a new name stays pending and serves nothing until a TXT proof is found', async () => {
    const added = await add('admin', 'WWW.Graca-Own.org.');
    expect(added.status).toBe(201);
    const host = hostOf(added.body, 'www.graca-own.org');
    expect(host).toMatchObject({
      estado: 'pendente',
      registroTxt: { nome: '_church-verify.www.graca-own.org' },
      alvoCname: 'graca.localhost',
      verificadoEm: null,
    });
    expect(host.registroTxt.valor).toMatch(/^church-verify=[0-9a-f]{32}$/);
    expect(purged).toEqual([]); // nothing is served, no page changed
    expect(await servedBy('www.graca-own.org')).toEqual([]);
    expect(await tlsStatus('www.graca-own.org')).toBe(404);

    // no record yet: 422 on the field, naming both records, in the caller's language
    for (const lang of ['en', 'pt', 'es']) {
      const refused = await check('admin', host.id, lang);
      const values = { record: '_church-verify.www.graca-own.org', target: 'graca.localhost' };
      expectError(refused, 422, 'staff.site.hostnameNotProven', lang, values);
      expect(refused.body.errors?.hostname).toHaveLength(1);
    }
    // a TXT with another token proves nothing
    dns.records.set(host.registroTxt.nome, {
      txt: ['church-verify=0123456789abcdef0123456789abcdef'],
    });
    expect((await check('admin', host.id)).status).toBe(422);
    // the DNS cannot be asked: 503, nothing changes
    dns.failing = true;
    expectError(await check('admin', host.id), 503, 'staff.site.hostnameDnsDown');
    dns.failing = false;
    // only the church's admin may check
    expect((await check('editor', host.id)).status).toBe(403);
    expect((await check('graceAdmin', host.id)).status).toBe(404); // not grace's name

    provenByTxt(host);
    const proven = await check('admin', host.id);
    expect(proven.status).toBe(200);
    expect(hostOf(proven.body, 'www.graca-own.org')).toMatchObject({
      estado: 'verificado',
      metodo: 'txt',
      falhas: 0,
    });
    expect(purged).toEqual([graca]);
    expect(await servedBy('www.graca-own.org')).toEqual(['graca']);
    expect(await tlsStatus('www.graca-own.org')).toBe(200);
    expect((await audits('church.hostVerify')).map((a) => a.summary)).toEqual([
      'www.graca-own.org',
    ]);
  });

  it('a CNAME to the church’s own provider address proves a name; one to another church’s does not', async () => {
    const added = await add('graceAdmin', 'blog.grace-own.org');
    const host = hostOf(added.body, 'blog.grace-own.org');
    expect(host.alvoCname).toBe('grace.localhost');
    dns.records.set('blog.grace-own.org', { cname: 'graca.localhost' });
    expect((await check('graceAdmin', host.id)).status).toBe(422);
    dns.records.set('blog.grace-own.org', { cname: 'GRACE.localhost.' });
    const proven = await check('graceAdmin', host.id);
    expect(proven.status).toBe(200);
    expect(hostOf(proven.body, 'blog.grace-own.org')).toMatchObject({
      estado: 'verificado',
      metodo: 'cname',
    });
    expect(await servedBy('blog.grace-own.org')).toEqual(['grace']);
  });

  it('names under the provider domain are refused with a field message in pt/en/es', async () => {
    const before = await db().$count(t.churchHostnames);
    for (const [hostname, lang] of [
      ['novo.localhost', 'en'],
      ['graca.localhost', 'pt'],
      ['www.grace.LOCALHOST', 'es'],
    ] as const) {
      const refused = await add('admin', hostname, lang);
      const error = expectError(refused, 422, 'staff.site.hostnameProvider', lang, {
        domain: 'localhost',
      });
      expect(error.errors?.hostname).toEqual([error.message]);
    }
    expect(await db().$count(t.churchHostnames)).toBe(before);
  });

  it('a name another church has proven is refused; one it holds pending does not block', async () => {
    expectError(await add('graceAdmin', 'igrejadagraca.test'), 409, 'staff.site.hostnameTaken');
    const pt = await add('graceAdmin', 'igrejadagraca.test', 'pt');
    expectError(pt, 409, 'staff.site.hostnameTaken', 'pt');
    expect(pt.body.errors?.hostname).toEqual([
      'Outra igreja já comprovou este nome de host e o usa.',
    ]);
    expectError(await add('admin', 'igrejadagraca.test'), 409, 'staff.site.hostnameOwn');

    // both churches hold the same name pending; graca proves it first and wins
    const theirs = hostOf(
      (await add('graceAdmin', 'shared.example.net')).body,
      'shared.example.net',
    );
    const ours = hostOf((await add('admin', 'shared.example.net')).body, 'shared.example.net');
    expect(ours.registroTxt.valor).not.toBe(theirs.registroTxt.valor);
    provenByTxt(theirs); // grace's token does not prove it for graca
    expect((await check('admin', ours.id)).status).toBe(422);
    provenByTxt(ours);
    expect((await check('admin', ours.id)).status).toBe(200);
    expect(await servedBy('shared.example.net')).toEqual(['graca']);
    // the loser's pending row is dropped
    const graceRows = await db()
      .select()
      .from(t.churchHostnames)
      .where(
        and(
          eq(t.churchHostnames.churchId, grace),
          eq(t.churchHostnames.hostname, 'shared.example.net'),
        ),
      );
    expect(graceRows).toEqual([]);
    expectError(await add('graceAdmin', 'shared.example.net'), 409, 'staff.site.hostnameTaken');
  });

  it('the daily re-check sends a name whose proof went away back to pending after 3 checks', async () => {
    // only this test's name (and the demo's) are verified, so every count below is its own
    await db()
      .delete(t.churchHostnames)
      .where(sql`${t.churchHostnames.method} is distinct from 'operador'`);
    const host = hostOf((await add('admin', 'gone.example.com')).body, 'gone.example.com');
    provenByTxt(host);
    expect((await check('admin', host.id)).status).toBe(200);
    const settings = parseConfig({ PROVIDER_DOMAIN: 'localhost', DNS_SERVERS: dns.server });
    const day = (n: number) => new Date(Date.UTC(2026, 5, n, 3));
    const recheck = (n: number) =>
      recheckHostnames({
        db: db(),
        now: () => day(n),
        settings,
        changes: { churchChanged: (id) => purged.push(id), onChurchChanged: () => {} },
      });
    const state = async () =>
      hostOf(
        (await call('GET', '/admin/graca/igreja', { token: tokens.admin })).body,
        'gone.example.com',
      );

    // with the proof: nothing to count
    const first = await recheck(1);
    expect(first.demoted).toEqual([]);
    expect(first.missing).toBe(0);
    dns.records.delete(host.registroTxt.nome);
    purged.length = 0;
    await recheck(2);
    expect(await state()).toMatchObject({
      estado: 'verificado',
      falhas: 1,
      falhandoDesde: day(2).toISOString(),
    });
    // a DNS that cannot be asked counts for nothing
    dns.failing = true;
    expect((await recheck(3)).unknown).toBeGreaterThan(0);
    dns.failing = false;
    await recheck(4);
    expect(await state()).toMatchObject({ estado: 'verificado', falhas: 2 });
    expect(await servedBy('gone.example.com')).toEqual(['graca']);
    expect(purged).toEqual([]);
    const third = await recheck(5);
    expect(third.demoted).toEqual(['gone.example.com']);
    expect(await state()).toMatchObject({
      estado: 'pendente',
      falhas: 3,
      falhandoDesde: day(2).toISOString(),
      checadoEm: day(5).toISOString(),
    });
    expect(purged).toEqual([graca]);
    expect(await servedBy('gone.example.com')).toEqual([]);
    expect(await tlsStatus('gone.example.com')).toBe(404);
    // the provider's own name is never re-checked: the demo's igrejadagraca.test stays
    expect(await servedBy('igrejadagraca.test')).toEqual(['graca']);
    // the proof back: "check now" serves it again, failures cleared
    provenByTxt(host);
    const back = await check('admin', host.id);
    expect(hostOf(back.body, 'gone.example.com')).toMatchObject({
      estado: 'verificado',
      falhas: 0,
      falhandoDesde: null,
    });
    // a proof found again on a re-check clears the count
    dns.records.delete(host.registroTxt.nome);
    await recheck(6);
    provenByTxt(host);
    await recheck(7);
    expect(await state()).toMatchObject({ estado: 'verificado', falhas: 0, falhandoDesde: null });
  });

  it('tls/allowed answers 200 only for verified names of active churches and the provider’s own names', async () => {
    expect(await tlsStatus('localhost')).toBe(200);
    expect(await tlsStatus('graca.localhost')).toBe(200);
    expect(await tlsStatus('GRACE.localhost.')).toBe(200);
    expect(await tlsStatus('igrejadagraca.test')).toBe(200);
    expect(await tlsStatus('fechada.localhost')).toBe(404); // inactive church
    expect(await tlsStatus('nowhere.localhost')).toBe(404);
    expect(await tlsStatus('www.graca.localhost')).toBe(404);
    expect(await tlsStatus('example.org')).toBe(404);
    const pending = hostOf((await add('admin', 'pending.example.org')).body, 'pending.example.org');
    expect(pending.estado).toBe('pendente');
    expect(await tlsStatus('pending.example.org')).toBe(404);
    const missing = await call('GET', '/tls/allowed');
    expect(missing.status).toBe(400);
    expect((await call('GET', '/tls/allowed?domain=a%20b')).status).toBe(400);
  });

  it('the primary host: a verified name or the provider address; a pending one is refused', async () => {
    const put = (hostname: string | null, who: Who = 'admin', lang = 'en') =>
      call('PUT', '/admin/graca/igreja/host-principal', {
        token: tokens[who],
        body: { hostname },
        lang,
      });
    const primary = async (slug = 'graca') =>
      (await call('GET', `/igreja/${slug}/host-principal`)).body.principal as string | null;
    expect(await primary()).toBeNull(); // the default: no redirect

    const host = hostOf((await add('admin', 'www.primary.example')).body, 'www.primary.example');
    for (const lang of ['en', 'pt', 'es'])
      expectError(
        await put('www.primary.example', 'admin', lang),
        422,
        'staff.site.primaryNotServed',
        lang,
      );
    expectError(await put('grace.localhost'), 422, 'staff.site.primaryNotServed');
    expectError(await put('blog.grace-own.org'), 422, 'staff.site.primaryNotServed'); // grace's
    expect((await put('igrejadagraca.test', 'editor')).status).toBe(403);
    expect(await primary()).toBeNull();

    purged.length = 0;
    const set = await put('igrejadagraca.test');
    expect(set.status).toBe(200);
    expect(churchSettingsSchema.parse(set.body).hostPrincipal).toBe('igrejadagraca.test');
    expect(purged).toEqual([graca]);
    expect(await primary()).toBe('igrejadagraca.test');
    expect(await primary('grace')).toBeNull();
    expect((await put('GRACA.localhost')).status).toBe(200);
    expect(await primary()).toBe('graca.localhost');

    provenByTxt(host);
    await check('admin', host.id);
    expect((await put('www.primary.example')).status).toBe(200);
    expect(await primary()).toBe('www.primary.example');
    // removed, it is the primary no more
    expect(
      (await call('DELETE', `/admin/graca/igreja/hostname/${host.id}`, { token: tokens.admin }))
        .status,
    ).toBe(200);
    expect(await primary()).toBeNull();
    expect((await put(null)).status).toBe(200);
    expect((await audits('church.hostPrimary')).length).toBe(4);
  });
});
