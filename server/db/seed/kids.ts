// Children's ministry demo (docs/kids.md): rooms for graca and grace, their sessions on the coming
// Sunday (today when it is Sunday) from the schedule, a kids-ministry volunteer and a family of two
// children, one with an allergy, so /admin/kids/station checks in at once.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';
import { demoPasswordHash } from './churches.ts';

export const KIDS_STAFF_EMAIL = 'kids@graca.demo';
export const KIDS_FAMILY_EMAIL = 'carla.mendes@graca.demo';
export const KIDS_FAMILY_PHONE = '11987651234';

const ROOMS: Record<string, [string, number, number, number, number][]> = {
  // name, min months, max months, capacity, children per adult
  graca: [
    ['Berçário', 0, 23, 8, 3],
    ['Maternal', 24, 47, 12, 5],
    ['Primários', 48, 95, 20, 8],
    ['Juniores', 96, 143, 20, 10],
  ],
  grace: [
    ['Nursery', 0, 23, 8, 3],
    ['Preschool', 24, 59, 12, 5],
    ['Elementary', 60, 143, 24, 10],
  ],
};

/** The coming Sunday (UTC day), today when it is Sunday. */
export function comingSunday(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + ((7 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
}

export async function seedKids(db: Database): Promise<void> {
  const passwordHash = await demoPasswordHash();
  await db.transaction(async (tx) => {
    const churches = await tx.select({ id: t.churches.id, code: t.churches.code }).from(t.churches);
    const sunday = comingSunday();
    for (const [code, rooms] of Object.entries(ROOMS)) {
      const church = churches.find((c) => c.code === code);
      if (!church) continue;
      const made = await tx
        .insert(t.kidsRooms)
        .values(
          rooms.map(([name, minMonths, maxMonths, capacity, ratio]) => ({
            churchId: church.id,
            name,
            minMonths,
            maxMonths,
            capacity,
            ratio,
          })),
        )
        .returning();
      const services = await tx
        .select()
        .from(t.weeklyServices)
        .where(and(eq(t.weeklyServices.churchId, church.id), eq(t.weeklyServices.weekday, 7)));
      const values = services.flatMap((s) =>
        made.map((r) => ({
          churchId: church.id,
          roomId: r.id,
          day: sunday,
          time: String(s.startTime).slice(0, 5),
          serviceId: s.id,
          title: s.title,
        })),
      );
      if (values.length) await tx.insert(t.kidsSessions).values(values);
    }

    const graca = churches.find((c) => c.code === 'graca');
    if (!graca) return;
    const account = async (
      email: string,
      firstName: string,
      lastName: string,
      roles: string[],
      phone: string | null,
    ) => {
      const [user] = await tx
        .insert(t.users)
        .values({ email, passwordHash, firstName, lastName, phone, emailVerified: true })
        .returning({ id: t.users.id });
      await tx.insert(t.churchUsers).values({
        churchId: graca.id,
        userId: user!.id,
        roles,
        memberNumber: String(1000 + user!.id),
      });
      return user!.id;
    };
    await account(KIDS_STAFF_EMAIL, 'Priscila', 'Almeida', ['ROLE_ADMIN_KIDS'], null);
    const parent = await account(KIDS_FAMILY_EMAIL, 'Carla', 'Mendes', [], KIDS_FAMILY_PHONE);
    await tx.insert(t.userChildren).values([
      {
        churchId: graca.id,
        userId: parent,
        firstName: 'Lucas',
        lastName: 'Mendes',
        birthDate: '2019-03-14',
        sex: 'M',
        comments: 'Alergia a leite',
      },
      {
        churchId: graca.id,
        userId: parent,
        firstName: 'Sofia',
        lastName: 'Mendes',
        birthDate: '2023-06-01',
        sex: 'F',
        comments: null,
      },
    ]);
  });
}
