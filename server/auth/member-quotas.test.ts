// Member write quotas (docs/security.md "Member write quotas"): a script sending prayer requests,
// wall messages, profile saves, photos, children or group requests in a burst is stopped with a
// 429 (Retry-After) in the member's language, the totals a member keeps are capped (422), and
// another member is not affected. PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs, type ApiResponse, type LoggedIn } from '../test-kit.ts';
import {
  CHILDREN_PER_MEMBER,
  MEMBER_WRITE_RULES,
  PRAYERS_PER_MEMBER,
  type MemberWrite,
} from './member-quotas.ts';

describe.each(testBackends())('member write quotas on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let member: LoggedIn;
  let other: LoggedIn;
  let graca: number;
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const prayer = (who: LoggedIn, lang?: string) =>
    call('POST', '/oracao/', {
      token: who.token,
      lang,
      body: { idIgreja: graca, mensagem: 'Orem pela minha família.', flagPublicarMural: true },
    });
  /** The member already spent all but `left` writes of this kind this hour. */
  const spentAllBut = (who: LoggedIn, kind: MemberWrite, left: number) => {
    const values = {
      key: `member:${kind}:user:${who.id}`,
      failures: MEMBER_WRITE_RULES[kind].rule.maxFailures - left,
      windowStart: new Date(),
    };
    return database.db
      .insert(t.loginAttempts)
      .values(values)
      .onConflictDoUpdate({ target: t.loginAttempts.key, set: values });
  };
  const expectTooMany = (res: ApiResponse, message: RegExp) => {
    expect(res.status, JSON.stringify(res.body)).toBe(429);
    expect(res.body.message).toMatch(message);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    member = await loginAs(api, 'membro@graca.demo');
    other = await loginAs(api, 'lider@graca.demo');
    graca = (
      await database.db
        .select({ id: t.churches.id })
        .from(t.churches)
        .where(eq(t.churches.code, 'graca'))
    )[0]!.id;
  }, 180_000);
  beforeEach(async () => {
    await database.db.delete(t.loginAttempts);
  });
  afterAll(() => database?.close());

  it('prayer requests: 20 in an hour go through, the 21st waits; another member still sends', async () => {
    const max = MEMBER_WRITE_RULES.prayer.rule.maxFailures;
    expect(max).toBe(20);
    const statuses: number[] = [];
    for (let i = 0; i < max + 5; i++) statuses.push((await prayer(member)).status);
    expect(statuses.slice(0, max).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(max).every((s) => s === 429)).toBe(true);
    expectTooMany(
      await prayer(member, 'en'),
      /^Too many prayer requests sent in a short time\. Try again in \d+ min\.$/,
    );
    expectTooMany(await prayer(member), /^Muitos pedidos de oração enviados em pouco tempo/);
    expect((await prayer(other)).status).toBe(201);
  });

  it(`a member keeps at most ${PRAYERS_PER_MEMBER} prayer requests in a church`, async () => {
    const [{ id: userId }] = [member];
    const kept = await database.db
      .select({ id: t.prayers.id })
      .from(t.prayers)
      .where(eq(t.prayers.userId, userId));
    await database.db.insert(t.prayers).values(
      Array.from({ length: PRAYERS_PER_MEMBER - kept.length }, () => ({
        churchId: graca,
        userId,
        message: 'antigo',
      })),
    );
    const refused = await prayer(member, 'es');
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      `Llegaste al límite de ${PRAYERS_PER_MEMBER} pedidos de oración. Elimina algunos antiguos para enviar nuevos.`,
    );
    await database.db.delete(t.prayers).where(eq(t.prayers.userId, userId));
    expect((await prayer(member)).status).toBe(201);
  });

  it('messages on wall requests: 120 an hour', async () => {
    const sent = await prayer(other);
    const idOracao = sent.body.oracao.id as number;
    const say = (lang?: string) =>
      call('POST', '/oracao/mensagem/', {
        token: member.token,
        lang,
        body: { idOracao, mensagem: 'Orando por você.' },
      });
    await spentAllBut(member, 'prayerMessage', 1);
    expect((await say()).status).toBe(201);
    expectTooMany(
      await say('en'),
      /^Too many messages on prayer requests in a short time\. Try again in \d+ min\.$/,
    );
  });

  it('profile saves: 60 an hour; photos: 20 an hour', async () => {
    const save = (lang?: string) =>
      call('PUT', '/usuario', {
        token: member.token,
        lang,
        body: {
          igreja: graca,
          nome: 'Maria',
          sobrenome: 'Silva',
          telefone: '(11) 98765-4321',
          dataNascimento: '1990-05-01',
          sexo: 'F',
        },
      });
    await spentAllBut(member, 'profile', 1);
    const last = await save();
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expectTooMany(await save('es'), /^Demasiados cambios en el perfil en poco tiempo/);

    const photo = (lang?: string) =>
      call('POST', `/usuario/${member.id}/perfil/imagem`, {
        token: member.token,
        lang,
        body: new FormData(),
      });
    await spentAllBut(member, 'photo', 1);
    expect((await photo()).status).toBe(400); // counted, then refused for the missing file
    expectTooMany(await photo('en'), /^Too many photos sent in a short time/);
  });

  it(`children: ${CHILDREN_PER_MEMBER} in all, 60 changes an hour`, async () => {
    await database.db.delete(t.userChildren).where(eq(t.userChildren.userId, member.id));
    const add = (lang?: string) =>
      call('POST', `/usuario/${member.id}/crianca?igreja=${graca}`, {
        token: member.token,
        lang,
        body: { nome: 'Filho', dataNascimento: '2015-03-02' },
      });
    await database.db.insert(t.userChildren).values(
      Array.from({ length: CHILDREN_PER_MEMBER - 1 }, (_, i) => ({
        churchId: graca,
        userId: member.id,
        firstName: `Filho ${i}`,
        birthDate: '2010-01-01',
      })),
    );
    expect((await add()).status).toBe(201);
    const full = await add('en');
    expect(full.status).toBe(422);
    expect(full.body.message).toBe(
      `You can register at most ${CHILDREN_PER_MEMBER} children. Remove one to add another.`,
    );
    await database.db.delete(t.userChildren).where(eq(t.userChildren.userId, member.id));
    await spentAllBut(member, 'child', 1);
    expect((await add()).status).toBe(201);
    expectTooMany(await add(), /^Muitas alterações nos seus filhos em pouco tempo/);
  });

  it('requests to join groups (each mails the leader): 10 an hour', async () => {
    const [group] = await database.db
      .select({ id: t.groups.id })
      .from(t.groups)
      .where(eq(t.groups.churchId, graca))
      .limit(1);
    const ask = (lang?: string) =>
      call('POST', '/igreja/graca/solicitacao-celula/admissao', {
        token: member.token,
        lang,
        body: { idCelula: group!.id, mensagem: 'Quero participar.' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await ask()).status);
    expect(statuses.includes(429)).toBe(false);
    expectTooMany(
      await ask('en'),
      /^Too many requests to join groups in a short time\. Try again in \d+ min\.$/,
    );
  });
});
