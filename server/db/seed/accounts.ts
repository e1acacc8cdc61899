// Demo data of the member's area (docs/accounts.md): verified e-mails, an address, a child, custom
// fields and member cards for the demo accounts of churches.ts (notifications: notifications.ts).
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';

export async function seedAccounts(db: Database): Promise<void> {
  const churchRows = await db.select({ id: t.churches.id, code: t.churches.code }).from(t.churches);
  const churchId = Object.fromEntries(churchRows.map((c) => [c.code, c.id])) as Record<
    string,
    number
  >;
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
      userId: member,
      country: 'BR',
      state: 'SP',
      city: 'São Paulo',
      neighborhood: 'Bela Vista',
      street: 'Avenida Paulista',
      number: '1000',
      complement: 'Apto 12',
      zipCode: '01310100',
    });
    await tx
      .update(t.users)
      .set({ maritalDate: '2015-03-21', childrenCount: 1 })
      .where(eq(t.users.id, member));
    await tx.insert(t.userChildren).values({
      churchId: graca,
      userId: member,
      firstName: 'Ana',
      lastName: 'Souza',
      birthDate: '2018-09-02',
      sex: 'F',
      comments: 'Alergia a amendoim',
    });
    const [sede] = await tx
      .select({ id: t.congregations.id })
      .from(t.congregations)
      .where(and(eq(t.congregations.churchId, graca), eq(t.congregations.name, 'Sede')));
    if (sede)
      await tx
        .update(t.churchUsers)
        .set({ congregationId: sede.id })
        .where(
          and(
            eq(t.churchUsers.churchId, graca),
            inArray(t.churchUsers.userId, [member, leader ?? member]),
          ),
        );
    await tx.insert(t.customFields).values([
      {
        churchId: graca,
        name: 'Como conheceu a igreja?',
        kind: 'opcao',
        options: ['Amigos', 'Internet', 'Evento', 'Outro'],
        position: 1,
      },
      { churchId: graca, name: 'Dons e talentos', kind: 'texto', position: 2 },
    ]);
    await tx.insert(t.memberCards).values({
      churchId: graca,
      userId: member,
      baptismDate: '2008-11-30',
      position: 'Membro',
      responsible: 'Pr. Carlos Almeida',
      validUntil: '2027-12-31',
    });
    if (leader)
      await tx.insert(t.memberCards).values({
        churchId: graca,
        userId: leader,
        baptismDate: '1999-04-04',
        position: 'Líder de célula',
        responsible: 'Pr. Carlos Almeida',
        validUntil: '2027-12-31',
      });
  });
}
