// Who served how often (docs/volunteers.md "After"): per team, person and month, and its CSV.
import { churchDayOf } from '../church/church-clock.ts';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { MessageLang } from '../../contract/messages/lang.ts';
import { mayUse } from '../../contract/staff.ts';
import type { TeamsReport } from '../../contract/teams-staff.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { csvDocument } from '../http/csv.ts';
import type { StaffActor } from '../staff/audit.ts';

import { nameOf } from './teams-staff.service.ts';

/**
 * Who served how often in a month, per team and person (fairness): asked or accepted, served
 * (checked in, or accepted for a day gone by without a no-show), declined, no-shows.
 */
export async function report(
  db: Database,
  actor: StaffActor,
  month: string,
  now = new Date(),
): Promise<TeamsReport> {
  const admin = mayUse(actor.roles, 'teams');
  const day = await churchDayOf(db, actor.churchId, now);
  const first = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  // the month's last day: day 0 of the next month
  const last = `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
  const rows = await db
    .select({
      equipe: t.teams.name,
      teamId: t.teams.id,
      first: t.users.firstName,
      last: t.users.lastName,
      email: t.users.email,
      escalas: sql<number>`count(*) filter (where ${t.assignments.state} <> 'recusada')::int`,
      serviu: sql<number>`count(*) filter (where ${t.assignments.checkedInAt} is not null or (${t.assignments.state} = 'aceita' and not ${t.assignments.noShow} and ${t.assignments.date} < ${day}::date))::int`,
      recusou: sql<number>`count(*) filter (where ${t.assignments.state} = 'recusada')::int`,
      faltas: sql<number>`count(*) filter (where ${t.assignments.noShow})::int`,
    })
    .from(t.assignments)
    .innerJoin(t.teamPlans, eq(t.teamPlans.id, t.assignments.planId))
    .innerJoin(t.teams, eq(t.teams.id, t.teamPlans.teamId))
    .innerJoin(t.users, eq(t.users.id, t.assignments.userId))
    .where(
      and(
        eq(t.assignments.churchId, actor.churchId),
        gte(t.assignments.date, first),
        lte(t.assignments.date, last),
        admin
          ? undefined
          : sql`exists (select 1 from equipe_membro m where m.equipe_id = equipe.id and m.usuario_id = ${actor.userId} and m.flag_lider and m.estado = 'ativo')`,
      ),
    )
    .groupBy(
      t.teams.name,
      t.teams.id,
      t.users.id,
      t.users.firstName,
      t.users.lastName,
      t.users.email,
    )
    .orderBy(asc(t.teams.name), desc(sql`2`), asc(t.users.firstName));
  return {
    mes: month,
    linhas: rows
      .map((r) => ({
        equipe: r.equipe,
        pessoa: nameOf(r),
        escalas: Number(r.escalas),
        serviu: Number(r.serviu),
        recusou: Number(r.recusou),
        faltas: Number(r.faltas),
      }))
      .sort(
        (a, b) =>
          a.equipe.localeCompare(b.equipe) ||
          b.serviu - a.serviu ||
          a.pessoa.localeCompare(b.pessoa),
      ),
  };
}

const CSV_HEADER: Record<MessageLang, string[]> = {
  pt: ['Equipe', 'Pessoa', 'Escalas', 'Serviu', 'Recusou', 'Faltas'],
  en: ['Team', 'Person', 'Rotas', 'Served', 'Declined', 'No-shows'],
  es: ['Equipo', 'Persona', 'Turnos', 'Sirvió', 'Rechazó', 'Faltas'],
};

/** The month's report as the church's CSV (server/http/csv.ts rule). */
export function reportCsv(data: TeamsReport, lang: MessageLang): string {
  return csvDocument(
    lang,
    CSV_HEADER[lang],
    data.linhas.map((r) => [r.equipe, r.pessoa, r.escalas, r.serviu, r.recusou, r.faltas]),
  );
}
