// Member write quotas on sermon notes (docs/security.md "Member write quotas"): a script saving 60
// notes of 99 KB in a burst is stopped after 30, with a 429 in the member's language, while a
// person typing keeps saving; the total a member may keep is capped. PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, loginAs } from '../test-kit.ts';
import { NOTE_CREATE_RULE, NOTES_PER_MEMBER } from './notes-quota.ts';

describe.each(testBackends())('sermon note quotas on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let member: { id: number; token: string };
  let graca: number;
  const { call } = apiClient(() => api, { lang: 'pt-BR' });
  const create = (texto: string, lang?: string) =>
    call('POST', `/nota-sermao/?igreja=${graca}`, {
      token: member.token,
      lang,
      body: { chave: randomUUID(), titulo: 'Culto', texto },
    });

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    member = await loginAs(api, 'membro@graca.demo');
    graca = (
      await database.db
        .select({ id: t.churches.id })
        .from(t.churches)
        .where(eq(t.churches.code, 'graca'))
    )[0]!.id;
  });
  beforeEach(async () => {
    await database.db.delete(t.loginAttempts);
    await database.db.delete(t.sermonNotes).where(eq(t.sermonNotes.userId, member.id));
  });
  afterAll(() => database?.close());

  it('60 notes of 99 KB in a burst: the script is stopped after 30, a person keeps editing', async () => {
    const big = 'x'.repeat(99_000);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await create(big)).status);
    expect(statuses.slice(0, NOTE_CREATE_RULE.maxFailures).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(NOTE_CREATE_RULE.maxFailures).every((s) => s === 429)).toBe(true);
    const refused = await create('mais uma', 'en');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /Too many notes saved in a short time\. Try again in \d+ min/,
    );
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const stored = await database.db
      .select()
      .from(t.sermonNotes)
      .where(eq(t.sermonNotes.userId, member.id));
    expect(stored).toHaveLength(NOTE_CREATE_RULE.maxFailures);
    // the person's saves of a note they are typing go on (the editor saves every 0.7 s at most)
    const note = stored[0]!;
    let versao = note.version;
    for (let i = 0; i < 40; i++) {
      const saved = await call('PUT', `/nota-sermao/${note.id}?igreja=${graca}`, {
        token: member.token,
        body: { titulo: 'Culto', texto: `linha ${i}`, versao },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      versao = saved.body.nota.versao;
    }
  });

  it(`a member keeps at most ${NOTES_PER_MEMBER} notes`, async () => {
    await database.db.insert(t.sermonNotes).values(
      Array.from({ length: NOTES_PER_MEMBER }, () => ({
        churchId: graca,
        userId: member.id,
        key: randomUUID(),
        title: 'n',
        text: '',
      })),
    );
    const over = await create('uma a mais', 'es');
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(
      `Llegaste al límite de ${NOTES_PER_MEMBER} notas. Elimina algunas para escribir nuevas.`,
    );
  });
});
