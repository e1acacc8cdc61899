// A plan's QR at the venue (docs/volunteers.md "On the day"): a signed link for that plan and
// day; a volunteer scanning it while logged in is checked in to their rotas of that plan, on
// that day only. The signature covers the plan and its date, so a moved plan needs a new QR.
import { and, eq, ne } from 'drizzle-orm';
import { signer } from '../auth/signing.ts';
import { churchDayOf } from '../church/church-clock.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, notFound } from '../http/errors.ts';

const qr = signer('rota-checkin');

const signedText = (plan: { id: number; date: string }) => `${plan.id}:${plan.date}`;

/** The page the plan's QR opens: `/rota/presenca?t=<plan id>.<signature>`. */
export const checkInPath = (plan: { id: number; date: string }) =>
  `/rota/presenca?t=${plan.id}.${qr.sign(signedText(plan))}`;

export interface QrCheckIn {
  titulo: string;
  data: string;
  posicoes: string[];
}

/**
 * Checks the member in to their live rotas of the QR's plan, on its day on the church's clock
 * (docs/volunteers.md "Which clock"; 409 teams.notToday otherwise).
 */
export async function checkInByQr(
  db: Database,
  churchId: number,
  userId: number,
  token: string,
  now = new Date(),
): Promise<QrCheckIn> {
  const [idText, signature] = token.split('.') as [string, string];
  const [plan] = await db
    .select({ id: t.teamPlans.id, date: t.teamPlans.date, title: t.teamPlans.title })
    .from(t.teamPlans)
    .where(and(eq(t.teamPlans.id, Number(idText)), eq(t.teamPlans.churchId, churchId)));
  if (!plan || !qr.verify(signature, signedText(plan))) throw notFound('teams.badLink');
  if (plan.date !== (await churchDayOf(db, churchId, now)))
    throw new ApiProblem(409, 'teams.notToday');
  const rows = await db
    .update(t.assignments)
    .set({ checkedInAt: now, noShow: false, state: 'aceita' })
    .where(
      and(
        eq(t.assignments.planId, plan.id),
        eq(t.assignments.churchId, churchId),
        eq(t.assignments.userId, userId),
        ne(t.assignments.state, 'recusada'),
      ),
    )
    .returning({ positionId: t.assignments.planPositionId });
  if (!rows.length) throw new ApiProblem(409, 'teams.notOnPlan');
  const names = await db
    .select({ id: t.planPositions.id, name: t.teamPositions.name })
    .from(t.planPositions)
    .innerJoin(t.teamPositions, eq(t.teamPositions.id, t.planPositions.positionId))
    .where(and(eq(t.planPositions.planId, plan.id), eq(t.planPositions.churchId, churchId)));
  return {
    titulo: plan.title,
    data: plan.date,
    posicoes: rows.map((r) => names.find((n) => n.id === r.positionId)?.name ?? ''),
  };
}
