// A group's leader keeps their own group up to date (docs/groups.md "What the leader does"): its
// details (name, description, day and time, address, open or full; the leader and whether it is
// active stay the staff's) and the record of a meeting already taken. Checked on the server for
// the leader of that group, and written like a staff write: audited in the church's activity log
// under the leader's name, the church's cached pages purged (server/staff/write.ts).
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { GroupRole, groupMeetingInput } from '../../contract/groups.ts';
import type { LeaderGroupInput } from '../../contract/groups-staff.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem } from '../http/errors.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { fullName, toMeeting } from './groups.serializers.ts';
import type { WriteDeps } from '../changes.ts';
import { answerRequest, checkedMeeting, leaderOfMeetings } from './groups.service.ts';

type GroupRow = typeof t.groups.$inferSelect;
type GroupMeetingData = z.output<typeof groupMeetingInput>;

/** The leader as the activity log names them. */
async function leaderActor(db: Database, userId: number, churchId: number): Promise<StaffActor> {
  const [user] = await db
    .select({ firstName: t.users.firstName, lastName: t.users.lastName })
    .from(t.users)
    .where(eq(t.users.id, userId));
  return { userId, name: user ? fullName(user) : '', churchId, roles: [] };
}

/** The leader saves the group's details; anyone else in the church gets a 403 with the reason. */
export async function updateGroupAsLeader(
  deps: StaffWriteDeps,
  group: GroupRow,
  churchId: number,
  role: GroupRole,
  userId: number,
  input: LeaderGroupInput,
) {
  if (role !== 'lider') throw new ApiProblem(403, 'groups.leaderOnlyEdit');
  const columns = {
    name: input.nome,
    description: input.descricao,
    weekday: input.diaSemana,
    time: input.horario,
    street: input.logradouro,
    number: input.numero,
    complement: input.complemento,
    neighborhood: input.bairro,
    city: input.cidade,
    state: input.estado,
    zipCode: input.cep,
    open: input.aberta,
  };
  const changed = Object.fromEntries(
    Object.entries(columns).filter(([key, value]) => group[key as keyof GroupRow] !== value),
  );
  await staffWrite(
    deps,
    await leaderActor(deps.db, userId, churchId),
    {
      action: 'groups.update',
      kind: 'celula',
      targetId: group.id,
      summary: input.nome,
      details: { porLider: true, alterados: Object.keys(changed) },
    },
    async (tx) => {
      await tx
        .update(t.groups)
        .set(columns)
        .where(and(eq(t.groups.id, group.id), eq(t.groups.churchId, churchId)));
    },
  );
  return { id: group.id };
}

/** The leader corrects a meeting already recorded: date, topic, study, who came, visitors, notes. */
export async function correctMeeting(
  deps: StaffWriteDeps,
  group: GroupRow,
  churchId: number,
  role: GroupRole,
  userId: number,
  meetingId: number,
  input: GroupMeetingData,
) {
  leaderOfMeetings(role);
  const { db } = deps;
  const [before] = await db
    .select()
    .from(t.groupMeetings)
    .where(
      and(
        eq(t.groupMeetings.id, meetingId),
        eq(t.groupMeetings.churchId, churchId),
        eq(t.groupMeetings.groupId, group.id),
      ),
    );
  if (!before) throw new ApiProblem(404, 'groups.meetingNotFound');
  const { date, present, study } = await checkedMeeting(db, group, churchId, input);
  const row = await staffWrite(
    deps,
    await leaderActor(db, userId, churchId),
    {
      action: 'groups.meeting.update',
      kind: 'celula_reuniao',
      targetId: meetingId,
      summary: `${group.name}: ${input.tema}`,
      details: {
        antes: {
          data: before.date.toISOString(),
          tema: before.theme,
          presentes: before.attendance,
        },
      },
    },
    async (tx) => {
      const [meeting] = await tx
        .update(t.groupMeetings)
        .set({
          date,
          theme: input.tema,
          studyId: study?.id ?? null,
          attendance: present.length + input.visitantes,
          notes: input.observacoes ?? null,
        })
        .where(and(eq(t.groupMeetings.id, meetingId), eq(t.groupMeetings.churchId, churchId)))
        .returning();
      await tx
        .delete(t.meetingAttendance)
        .where(
          and(
            eq(t.meetingAttendance.churchId, churchId),
            eq(t.meetingAttendance.meetingId, meetingId),
          ),
        );
      if (present.length)
        await tx
          .insert(t.meetingAttendance)
          .values(present.map((id) => ({ churchId, meetingId, userId: id })));
      return meeting!;
    },
  );
  return toMeeting(row, study);
}

/** The leader answers a request to join; an accepted member changes the counts on cached pages. */
export async function answerRequestAsLeader(
  deps: WriteDeps,
  group: GroupRow,
  churchId: number,
  role: GroupRole,
  requestId: number,
  accept: boolean,
) {
  const answered = await answerRequest(deps.db, group, churchId, role, requestId, accept);
  if (accept) deps.changes.churchChanged(churchId);
  return answered;
}
