// Demo data of the member's area (issue 4): verified e-mails, an address, a child, custom
// fields, member cards and notifications for the demo accounts of churches.ts.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';

const NOTIFICATIONS: Record<string, { title: string; body: string; type: string; related: string | null }[]> = {
  graca: [
    { title: 'Culto ao vivo agora', body: 'O culto de domingo já começou. Assista ao vivo!', type: 'CULTO', related: null },
    { title: 'Inscrições abertas', body: 'As inscrições para o retiro de jovens estão abertas.', type: 'EVENTO', related: '1' },
    { title: 'Nova notícia', body: 'Confira as novidades da semana na nossa igreja.', type: 'NOTICIA', related: '1' },
    { title: 'Devocional do dia', body: 'Um novo devocional foi publicado para você.', type: 'DEVOCIONAL', related: '1' },
    { title: 'Aula da EBD', body: 'A nova lição da Escola Bíblica está disponível.', type: 'EBD', related: '1' },
    { title: 'Obrigado pela sua oferta', body: 'Recebemos sua contribuição. Deus abençoe!', type: 'DOACAO', related: null },
  ],
  grace: [
    { title: 'Live service now', body: 'Sunday service has started. Watch it live!', type: 'CULTO', related: null },
    { title: 'New devotional', body: 'A new devotional is waiting for you.', type: 'DEVOCIONAL', related: '1' },
  ],
  esperanza: [{ title: 'Nueva noticia', body: 'Mira las novedades de la semana.', type: 'NOTICIA', related: '1' }],
};

export async function seedAccounts(db: Database): Promise<void> {
  const churchRows = await db.select({ id: t.churches.id, code: t.churches.code }).from(t.churches);
  const churchId = Object.fromEntries(churchRows.map((c) => [c.code, c.id])) as Record<string, number>;
  const userRows = await db.select({ id: t.users.id, email: t.users.email }).from(t.users);
  const userId = Object.fromEntries(userRows.map((u) => [u.email, u.id])) as Record<string, number>;
  const member = userId['membro@graca.demo'];
  const leader = userId['lider@graca.demo'];
  const graca = churchId.graca;
  if (!graca || !member) return; // an empty database (SEED_DEMO without the churches part)

  await db.transaction(async (tx) => {
    const verified = ['membro@graca.demo', 'lider@graca.demo', 'member@grace.demo'];
    await tx.update(t.users).set({ emailVerified: true }).where(inArray(t.users.email, verified));
    await tx.insert(t.userAddresses).values({
      userId: member, country: 'BR', state: 'SP', city: 'São Paulo', neighborhood: 'Bela Vista',
      street: 'Avenida Paulista', number: '1000', complement: 'Apto 12', zipCode: '01310100',
    });
    await tx.update(t.users).set({ maritalDate: '2015-03-21', childrenCount: 1 }).where(eq(t.users.id, member));
    await tx.insert(t.userChildren).values({ churchId: graca, userId: member, firstName: 'Ana', lastName: 'Souza', birthDate: '2018-09-02', sex: 'F', comments: 'Alergia a amendoim' });
    const [sede] = await tx.select({ id: t.congregations.id }).from(t.congregations).where(and(eq(t.congregations.churchId, graca), eq(t.congregations.name, 'Sede')));
    if (sede) await tx.update(t.churchUsers).set({ congregationId: sede.id }).where(and(eq(t.churchUsers.churchId, graca), inArray(t.churchUsers.userId, [member, leader ?? member])));
    await tx.insert(t.customFields).values([
      { churchId: graca, name: 'Como conheceu a igreja?', kind: 'opcao', options: ['Amigos', 'Internet', 'Evento', 'Outro'], position: 1 },
      { churchId: graca, name: 'Dons e talentos', kind: 'texto', position: 2 },
    ]);
    await tx.insert(t.memberCards).values({ churchId: graca, userId: member, baptismDate: '2008-11-30', position: 'Membro', responsible: 'Pr. Carlos Almeida', validUntil: '2027-12-31' });
    if (leader) await tx.insert(t.memberCards).values({ churchId: graca, userId: leader, baptismDate: '1999-04-04', position: 'Líder de célula', responsible: 'Pr. Carlos Almeida', validUntil: '2027-12-31' });
    for (const [code, list] of Object.entries(NOTIFICATIONS)) {
      if (!churchId[code]) continue;
      await tx.insert(t.notifications).values(
        list.map((n, i) => ({
          churchId: churchId[code]!, title: n.title, body: n.body, typeCode: n.type, relatedId: n.related,
          createdAt: new Date(Date.now() - (i + 1) * 3_600_000), updatedAt: new Date(Date.now() - (i + 1) * 3_600_000),
        })),
      );
    }
  });
}
