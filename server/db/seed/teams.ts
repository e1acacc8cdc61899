// Volunteer teams (docs/volunteers.md): graca's worship team with its positions (the weekly
// template) and members — lider@graca.demo leads it; membro, editor and tesoureiro serve on it.
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';

/** The demo worship team's name (tests and the e2e tell it from the teams they make). */
export const DEMO_WORSHIP_TEAM = 'Ministério de louvor';

export async function seedTeams(db: Database): Promise<void> {
  const [graca] = await db.select().from(t.churches).where(eq(t.churches.slug, 'graca'));
  if (!graca) return;
  const people = await db
    .select({ id: t.users.id, email: t.users.email })
    .from(t.users)
    .where(
      inArray(t.users.email, [
        'lider@graca.demo',
        'membro@graca.demo',
        'editor@graca.demo',
        'tesoureiro@graca.demo',
      ]),
    );
  const id = (email: string) => people.find((p) => p.email === email)?.id;
  await db.transaction(async (tx) => {
    const [team] = await tx
      .insert(t.teams)
      .values({
        churchId: graca.id,
        name: DEMO_WORSHIP_TEAM,
        description: 'Vozes, instrumentos e som dos cultos de domingo.',
        kind: 'louvor',
      })
      .returning({ id: t.teams.id });
    await tx.insert(t.teamPositions).values(
      (
        [
          ['Vocal', 2],
          ['Violão', 1],
          ['Teclado', 1],
          ['Bateria', 1],
          ['Som', 1],
        ] as const
      ).map(([name, needed], position) => ({
        churchId: graca.id,
        teamId: team!.id,
        name,
        needed,
        position,
      })),
    );
    const members = [
      ['lider@graca.demo', true],
      ['membro@graca.demo', false],
      ['editor@graca.demo', false],
      ['tesoureiro@graca.demo', false],
    ] as const;
    for (const [email, leader] of members) {
      const userId = id(email);
      if (userId)
        await tx
          .insert(t.teamMembers)
          .values({ churchId: graca.id, teamId: team!.id, userId, leader });
    }
  });
}
