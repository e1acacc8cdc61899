// A group's next meeting (docs/notifications.md "A group's next meeting"): only the leader
// announces it; each member reads it in the app, and its push and e-mail are queued as `groups`
// with the words in every language; a past time is refused per field; each meeting goes once
// and a group at most 3 a week.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingNoticeSentSchema } from '../../contract/notification-meeting.ts';
import { notificationsResponseSchema } from '../../contract/user.ts';
import { createApi, type Api } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { LEADER_GROUP, MEMBER_GROUP } from '../db/seed/groups.ts';
import { openTestDatabase, testBackends } from '../db/test-database.ts';
import { apiClient, expectError, expectFieldError, loginAs } from '../test-kit.ts';
import { localIn } from './scheduled-notices.ts';

const DAY = 86_400_000;
const zone = 'America/Sao_Paulo'; // graca is in Brazil

describe.each(testBackends())('a group’s next meeting on %s', (backend) => {
  let database: DatabaseHandle;
  let api: Api;
  let group: number;
  let churchId: number;
  let otherGroup: number;
  const { call, get } = apiClient(() => api, { lang: 'pt-BR' });

  const idOf = async (name: string) =>
    (
      await database.db
        .select({ id: t.groups.id, churchId: t.groups.churchId })
        .from(t.groups)
        .where(eq(t.groups.name, name))
    )[0]!;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    api = createApi({ db: database.db });
    const row = await idOf(LEADER_GROUP);
    group = row.id;
    churchId = row.churchId;
    otherGroup = (await idOf(MEMBER_GROUP)).id;
  }, 240_000);
  afterAll(() => database.close());

  const at = (ms: number) => localIn(zone, new Date(Date.now() + ms));

  it('the leader tells the members; each reads it, push and e-mail go as group notices in every language', async () => {
    const leader = await loginAs(api, 'lider@graca.demo');
    const member = await loginAs(api, 'membro@graca.demo');
    // a member who does not lead the group is told why; a past time is refused per field
    expectError(
      await call('POST', `/celula/${otherGroup}/proximo-encontro`, {
        token: member.token,
        body: { data: at(DAY) },
      }),
      403,
      'notifications.meetingLeaderOnly',
    );
    const past = expectFieldError(
      await call('POST', `/celula/${group}/proximo-encontro`, {
        token: leader.token,
        body: { data: at(-DAY) },
      }),
      400,
      'data',
    );
    expect(past.errors?.data?.[0]).toBe(
      'Esse horário já passou. Escolha a data e a hora do próximo encontro.',
    );

    const when = at(2 * DAY);
    const res = await call('POST', `/celula/${group}/proximo-encontro`, {
      token: leader.token,
      body: { data: when, local: 'Casa da Juliana', observacao: 'Tragam um lanche.' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = meetingNoticeSentSchema.parse(res.body);
    expect(sent.destinatarios).toBe(2);
    expect(sent.message).toBe('Membros avisados do encontro: 2.');

    // Lucas, a member of the group, reads it in the app; it opens the group
    const lucas = await loginAs(api, 'lucas.oliveira@graca.demo');
    const inbox = notificationsResponseSchema.parse(
      (await get(`/igreja/${churchId}/notificacao/?page=1&limit=5`, { token: lucas.token })).body,
    ).notificacoes;
    expect(inbox[0]).toMatchObject({ titulo: `Próximo encontro: ${LEADER_GROUP}` });
    expect(inbox[0]!.corpo).toContain('Casa da Juliana');
    expect(inbox[0]!.corpo).toContain('Tragam um lanche.');

    // the e-mail send: kind groups, the two members, its words in each language
    const [mail] = await database.db
      .select()
      .from(t.emailSends)
      .where(and(eq(t.emailSends.churchId, churchId), eq(t.emailSends.subject, inbox[0]!.titulo)));
    expect(mail).toMatchObject({ kind: 'groups', link: `/groups/${group}` });
    expect(mail!.texts?.es?.subject).toBe(`Próximo encuentro: ${LEADER_GROUP}`);
    expect(mail!.texts?.en?.body).toContain('invites you to the next meeting');
    const recipients = await database.db
      .select()
      .from(t.emailRecipients)
      .where(and(eq(t.emailRecipients.churchId, churchId), eq(t.emailRecipients.sendId, mail!.id)));
    expect(recipients).toHaveLength(2);

    // the same meeting again: refused; two more meetings pass, a fourth in the week does not
    expectError(
      await call('POST', `/celula/${group}/proximo-encontro`, {
        token: leader.token,
        body: { data: when },
      }),
      409,
      'notifications.meetingAlready',
    );
    for (const days of [3, 4]) {
      const ok = await call('POST', `/celula/${group}/proximo-encontro`, {
        token: leader.token,
        body: { data: at(days * DAY) },
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    }
    expectError(
      await call('POST', `/celula/${group}/proximo-encontro`, {
        token: leader.token,
        body: { data: at(5 * DAY) },
      }),
      429,
      'notifications.meetingTooMany',
    );
  });
});
