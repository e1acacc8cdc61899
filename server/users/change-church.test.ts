// Changing church stops the money at the church left (docs/accounts.md "Changing church"): the
// confirmation lists each recurring gift and the Play plan with amounts and the staff roles that stay
// behind; after the move nothing is charged there, the plan no longer renews and an e-mail says so.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeChurchEffectsSchema } from '../../contract/user.ts';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { chargeTimeOf } from '../giving/donation.ts';
import { chargeDueGifts } from '../giving/recurring.ts';
import { readOutbox } from '../mail/outbox.ts';
import { apiClient, loginAs } from '../test-kit.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'change-church-'));
const GRACA = 1;
const GRACA_NORTE = 2;
const DAY = 86_400_000;

describe.each(testBackends())('change of church on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  const { call } = apiClient(() => api, { lang: 'pt-BR' });

  beforeAll(async () => {
    process.env.DATA_DIR = path.join(dataDir, backend);
    resetAccountSettings();
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
  }, 180_000);
  afterAll(() => database.close());

  it('lists what would stop (gift and plan with amounts), then stops it: no charge after the move', async () => {
    const maria = await loginAs(api, 'membro@graca.demo');
    // a Play plan that renews by itself at graca
    const [graceful] = await database.db
      .select()
      .from(t.playPlans)
      .where(eq(t.playPlans.churchId, GRACA))
      .limit(1);
    await database.db.insert(t.playSubscriptions).values({
      churchId: GRACA,
      userId: maria.id,
      planId: graceful!.id,
      status: 'ativo',
      code: `MOVE-${maria.id}`,
      paidUntil: new Date(Date.now() + 3 * DAY),
      renewAt: new Date(Date.now() + 3 * DAY),
    });
    const effects = await call('GET', `/usuario/troca-igreja/efeitos?igreja=${GRACA}`, {
      token: maria.token,
    });
    expect(effects.status).toBe(200);
    const before = changeChurchEffectsSchema.parse(effects.body);
    expect(before.moeda).toBe('BRL');
    expect(before.doacoesRecorrentes).toEqual([
      expect.objectContaining({ motivo: 'Dízimo', valor: 300, dias: 30 }),
    ]);
    expect(before.assinaturaPlay).toMatchObject({ plano: expect.any(String) });
    expect(before.assinaturaPlay!.valor).toBeGreaterThan(0);
    expect(before.papeis).toEqual([]);

    const moved = await call('POST', '/usuario/troca-igreja', {
      body: { igreja: GRACA, novaIgreja: GRACA_NORTE },
      token: maria.token,
    });
    expect(moved.status).toBe(200);

    const gifts = await database.db
      .select()
      .from(t.recurringGifts)
      .where(and(eq(t.recurringGifts.userId, maria.id), eq(t.recurringGifts.churchId, GRACA)));
    expect(gifts.map((g) => g.status)).toEqual(['cancelada']);
    // the day the gift was due, and a month later: the job charges nothing at the church left
    const mailer = { send: async () => {} };
    const settings = { PROVIDER_DOMAIN: 'localhost', PORT: 4321 };
    for (const days of [6, 36])
      await chargeDueGifts(database.db, new Date(Date.now() + days * DAY), { mailer, settings });
    const charged = await database.db
      .select()
      .from(t.payments)
      .where(eq(t.payments.recurringGiftId, gifts[0]!.id));
    expect(charged.filter((p) => p.createdAt.getTime() > Date.now() - 60_000)).toEqual([]);

    const [plan] = await database.db
      .select()
      .from(t.playSubscriptions)
      .where(
        and(eq(t.playSubscriptions.userId, maria.id), eq(t.playSubscriptions.churchId, GRACA)),
      );
    expect(plan!.cancelledAt).not.toBeNull();
    expect(plan!.renewAt).toBeNull();
    // nothing is left running there, and the member is told what stopped, with the amounts
    const [mail] = await readOutbox(process.env.DATA_DIR!, 'membro@graca.demo');
    expect(mail?.subject).toBe('O que paramos na Igreja da Graça');
    expect(mail?.text).toContain('Dízimo');
    expect(mail?.text).toMatch(/R\$\s300,00 a cada 30 dias/);
    expect(mail?.text).toContain(before.assinaturaPlay!.plano);
  });

  it('tells a staff member their roles stay behind; another church or no login is refused', async () => {
    const leader = await loginAs(api, 'lider@graca.demo');
    const effects = changeChurchEffectsSchema.parse(
      (await call('GET', `/usuario/troca-igreja/efeitos?igreja=${GRACA}`, { token: leader.token }))
        .body,
    );
    expect(effects.papeis).toContain('ROLE_ADMIN');
    expect(
      (
        await call('GET', `/usuario/troca-igreja/efeitos?igreja=${GRACA_NORTE}`, {
          token: leader.token,
        })
      ).status,
    ).toBe(403);
    expect((await call('GET', `/usuario/troca-igreja/efeitos?igreja=${GRACA}`)).status).toBe(401);
    expect(
      (await call('GET', '/usuario/troca-igreja/efeitos?igreja=x', { token: leader.token })).status,
    ).toBe(400);
  });

  it("dates a gift's next charge on the church's clock, not UTC's", async () => {
    // 06:00 of 10 January in Tokyo is 21:00 UTC on the 9th: the member counts the 10th
    const leader = await loginAs(api, 'lider@graca.demo');
    const [reason] = await database.db
      .select()
      .from(t.paymentReasons)
      .where(eq(t.paymentReasons.churchId, GRACA))
      .limit(1);
    await database.db
      .update(t.churches)
      .set({ timeZone: 'Asia/Tokyo' })
      .where(eq(t.churches.id, GRACA));
    try {
      const [gift] = await database.db
        .insert(t.recurringGifts)
        .values({
          churchId: GRACA,
          userId: leader.id,
          reasonId: reason!.id,
          amountCents: 5_000,
          nextOccurrence: '2027-01-10',
          nextChargeAt: chargeTimeOf('2027-01-10', 'Asia/Tokyo'),
        })
        .returning();
      const effects = changeChurchEffectsSchema.parse(
        (
          await call('GET', `/usuario/troca-igreja/efeitos?igreja=${GRACA}`, {
            token: leader.token,
          })
        ).body,
      );
      expect(effects.doacoesRecorrentes).toContainEqual(
        expect.objectContaining({ id: gift!.id, proximaData: '2027-01-10' }),
      );
    } finally {
      await database.db.update(t.churches).set({ timeZone: null }).where(eq(t.churches.id, GRACA));
    }
  });
});
