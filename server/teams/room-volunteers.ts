// Read-only views of the rotas for the children's rooms (docs/kids.md "Room volunteers"): the
// positions a room can be linked to, and the positions a person serves at a moment (a plan on
// that day and time where they are asked or have accepted; a declined assignment does not count).
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

export interface RotaPosition {
  id: number;
  equipe: string;
  nome: string;
}

/** Every position of the church's teams, by team and order. */
export async function rotaPositions(db: Database, churchId: number): Promise<RotaPosition[]> {
  return db
    .select({ id: t.teamPositions.id, equipe: t.teams.name, nome: t.teamPositions.name })
    .from(t.teamPositions)
    .innerJoin(t.teams, eq(t.teams.id, t.teamPositions.teamId))
    .where(eq(t.teamPositions.churchId, churchId))
    .orderBy(asc(t.teams.name), asc(t.teamPositions.position), asc(t.teamPositions.id));
}

/** Whether a position belongs to the church (a room links only its own church's positions). */
export async function isChurchPosition(
  db: Database,
  churchId: number,
  positionId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: t.teamPositions.id })
    .from(t.teamPositions)
    .where(and(eq(t.teamPositions.id, positionId), eq(t.teamPositions.churchId, churchId)));
  return Boolean(row);
}

/** The positions a person serves on a day, with the time of each plan (hh:mm). */
export async function servingPositions(
  db: Database,
  churchId: number,
  userId: number,
  day: string,
): Promise<{ positionId: number; time: string }[]> {
  return db
    .select({
      positionId: t.planPositions.positionId,
      time: sql<string>`to_char(${t.assignments.startTime}, 'HH24:MI')`,
    })
    .from(t.assignments)
    .innerJoin(t.planPositions, eq(t.planPositions.id, t.assignments.planPositionId))
    .where(
      and(
        eq(t.assignments.churchId, churchId),
        eq(t.assignments.userId, userId),
        eq(t.assignments.date, day),
        ne(t.assignments.state, 'recusada'),
      ),
    );
}
