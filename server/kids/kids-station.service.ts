// The station (docs/kids.md "Checking in"): finding a family, adding a visitor's, and checking
// children in with one code per family — unique per church and day, held by the database
// (kids_codigo_igreja_data_uq, a new random code drawn on a clash); a child once per session.
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  type KidsCheckinInput,
  type KidsChild,
  type KidsFamily,
  type KidsLabels,
  type KidsSession,
  type KidsVisitorInput,
} from '../../contract/kids.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { folded, searchPattern } from '../db/search.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { type StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { newCode, ageInMonths, fullName, schoolYear } from './kids-rules.ts';
import { sessionsWhere } from './kids-rooms.service.ts';
import { labelsOf } from './kids-roster.service.ts';

interface ChildRow {
  tipo: 'm' | 'v';
  id: number;
  firstName: string;
  lastName: string | null;
  birthDate: string;
  comments: string | null;
}

/**
 * The room of the slot the child fits: by school year for a room set by years, else by age in
 * months; the narrowest first (a school year counts as 12 months).
 */
export function fitting(sessions: KidsSession[], months: number, year: number): KidsSession | null {
  const width = (s: KidsSession) =>
    s.anoEscolarMin !== null
      ? (s.anoEscolarMax! - s.anoEscolarMin + 1) * 12
      : s.idadeMaxMeses - s.idadeMinMeses;
  const fits = sessions
    .filter((s) =>
      s.anoEscolarMin !== null
        ? year >= s.anoEscolarMin && year <= s.anoEscolarMax!
        : months >= s.idadeMinMeses && months <= s.idadeMaxMeses,
    )
    .sort((a, b) => width(a) - width(b));
  return fits[0] ?? null;
}

async function slotSessions(db: Database | Tx, churchId: number, day: string, time: string) {
  return sessionsWhere(
    db,
    and(
      eq(t.kidsSessions.churchId, churchId),
      eq(t.kidsSessions.day, day),
      eq(t.kidsSessions.time, time),
      eq(t.kidsRooms.active, true),
    ),
  );
}

/** The member-card QR's text (server/users/members.service.ts): `{church}:{number}:{card id}`. */
const CARD_QR = /^([a-z0-9-]+):(\d+):(\d{1,10})$/i;

/** Families shown by one search; the station's offline list takes every family, up to this. */
const SEARCH_LIMIT = 10;
const CACHE_LIMIT = 3000;

/** `busca` null: every family with children (the station's list for working offline). */
export async function findFamilies(
  db: Database,
  churchId: number,
  q: { busca: string | null; data: string; horario: string },
): Promise<{ familias: KidsFamily[] }> {
  const all = q.busca === null;
  const limit = all ? CACHE_LIMIT : SEARCH_LIMIT;
  const term = (q.busca ?? '').trim();
  const digits = term.replace(/\D/g, '');
  const phoneLike = /^[+\d\s().-]+$/.test(term) && digits.length >= 4;
  const card = CARD_QR.exec(term);

  // members with children in this church: by the card's QR, phone digits, or a parent's or child's name
  let memberWhere: SQL | undefined;
  if (all) {
    memberWhere = undefined;
  } else if (card) {
    memberWhere = sql`${t.users.id} in (select ${t.memberCards.userId} from ${t.memberCards} where ${t.memberCards.id} = ${Number(card[3])} and ${t.memberCards.churchId} = ${churchId} and ${t.memberCards.active})`;
  } else if (phoneLike) {
    memberWhere = sql`regexp_replace(coalesce(${t.users.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}`;
  } else {
    const pattern = searchPattern(term);
    memberWhere = or(
      sql`${t.users.searchText} like ${pattern}`,
      sql`exists (select 1 from ${t.userChildren} c where c.usuario_id = ${t.users.id} and c.igreja_id = ${churchId} and ${folded(sql`c.nome || ' ' || coalesce(c.sobrenome, '')`)} like ${pattern})`,
    )!;
  }
  const members = await db
    .select({
      id: t.users.id,
      first: t.users.firstName,
      last: t.users.lastName,
      phone: t.users.phone,
    })
    .from(t.users)
    .innerJoin(
      t.churchUsers,
      and(eq(t.churchUsers.userId, t.users.id), eq(t.churchUsers.churchId, churchId)),
    )
    .where(
      and(
        memberWhere,
        sql`exists (select 1 from ${t.userChildren} c where c.usuario_id = ${t.users.id} and c.igreja_id = ${churchId})`,
      ),
    )
    .orderBy(asc(t.users.firstName), asc(t.users.id))
    .limit(limit);

  let visitors: (typeof t.kidsVisitorFamilies.$inferSelect)[] = [];
  if (!card) {
    const visitorWhere = all
      ? undefined
      : phoneLike
        ? sql`regexp_replace(${t.kidsVisitorFamilies.phone}, '\\D', '', 'g') like ${`%${digits}%`}`
        : or(
            sql`${folded(t.kidsVisitorFamilies.guardianName)} like ${searchPattern(term)}`,
            sql`exists (select 1 from ${t.kidsVisitorChildren} c where c.familia_id = ${t.kidsVisitorFamilies.id} and ${folded(sql`c.nome || ' ' || coalesce(c.sobrenome, '')`)} like ${searchPattern(term)})`,
          );
    visitors = await db
      .select()
      .from(t.kidsVisitorFamilies)
      .where(and(eq(t.kidsVisitorFamilies.churchId, churchId), visitorWhere))
      .orderBy(desc(t.kidsVisitorFamilies.id))
      .limit(limit);
  }

  const [memberKids, visitorKids, sessions] = await Promise.all([
    members.length
      ? db
          .select()
          .from(t.userChildren)
          .where(
            and(
              eq(t.userChildren.churchId, churchId),
              inArray(
                t.userChildren.userId,
                members.map((m) => m.id),
              ),
            ),
          )
          .orderBy(asc(t.userChildren.birthDate))
      : [],
    visitors.length
      ? db
          .select()
          .from(t.kidsVisitorChildren)
          .where(
            inArray(
              t.kidsVisitorChildren.familyId,
              visitors.map((v) => v.id),
            ),
          )
          .orderBy(asc(t.kidsVisitorChildren.birthDate))
      : [],
    slotSessions(db, churchId, q.data, q.horario),
  ]);
  const sessionIds = sessions.map((s) => s.id);
  const inSlot = sessionIds.length
    ? await db
        .select({
          id: t.kidsCheckins.id,
          childId: t.kidsCheckins.childId,
          visitorChildId: t.kidsCheckins.visitorChildId,
          code: t.kidsCodes.code,
          codeId: t.kidsCodes.id,
          arriving: t.kidsCheckins.arriving,
        })
        .from(t.kidsCheckins)
        .innerJoin(t.kidsCodes, eq(t.kidsCodes.id, t.kidsCheckins.codeId))
        .where(inArray(t.kidsCheckins.sessionId, sessionIds))
    : [];
  const child = (c: ChildRow): KidsChild => {
    const months = ageInMonths(c.birthDate, q.data);
    const year = schoolYear(c.birthDate, q.data);
    const already = inSlot.find((r) =>
      c.tipo === 'm' ? r.childId === c.id : r.visitorChildId === c.id,
    );
    return {
      tipo: c.tipo,
      id: c.id,
      nome: fullName(c.firstName, c.lastName),
      idadeMeses: months,
      anoEscolar: year,
      observacoes: c.comments,
      sessaoSugerida: fitting(sessions, months, year)?.id ?? null,
      checkinId: already?.id ?? null,
      codigo: already?.code ?? null,
      codigoId: already?.codeId ?? null,
      chegando: already?.arriving ?? false,
    };
  };
  return {
    familias: [
      ...members.map((m) => ({
        chave: `m:${m.id}`,
        responsavel: fullName(m.first, m.last),
        telefone: m.phone,
        visitante: false,
        criancas: memberKids
          .filter((c) => c.userId === m.id)
          .map((c) => child({ tipo: 'm', ...c })),
      })),
      ...visitors.map((v) => ({
        chave: `v:${v.id}`,
        responsavel: v.guardianName,
        telefone: v.phone,
        visitante: true,
        criancas: visitorKids
          .filter((c) => c.familyId === v.id)
          .map((c) => child({ tipo: 'v', ...c })),
      })),
    ],
  };
}

/** A visitor family and their children, added at the station (the team follows them up). */
export async function addVisitorFamily(
  deps: StaffWriteDeps,
  actor: StaffActor,
  b: KidsVisitorInput,
): Promise<{ chave: string }> {
  return staffWrite(
    deps,
    actor,
    (r: { chave: string }) => ({
      action: 'kids.add',
      kind: 'kids_familia_visitante',
      targetId: r.chave.slice(2),
      summary: b.responsavel,
    }),
    async (tx) => {
      const [family] = await tx
        .insert(t.kidsVisitorFamilies)
        .values({ churchId: actor.churchId, guardianName: b.responsavel, phone: b.telefone })
        .returning();
      await tx.insert(t.kidsVisitorChildren).values(
        b.criancas.map((c) => ({
          churchId: actor.churchId,
          familyId: family!.id,
          firstName: c.nome,
          lastName: c.sobrenome,
          birthDate: c.dataNascimento,
          comments: c.observacoes,
        })),
      );
      return { chave: `v:${family!.id}` };
    },
    { purge: false },
  );
}

// ---- the station: checking in ----

/** Thrown inside a code claim when another family holds the code that day: draw again. */
const MAX_CODE_TRIES = 30;

async function claimCode(
  tx: Tx,
  actor: StaffActor,
  day: string,
  family: { guardianId: number | null; visitorFamilyId: number | null },
  station: string | null,
  queued: { clientId: string | null; proposed: string | null },
): Promise<{ id: number; code: string }> {
  for (let i = 0; i < MAX_CODE_TRIES; i++) {
    const code = (i === 0 && queued.proposed) || newCode();
    const [row] = await tx
      .insert(t.kidsCodes)
      .values({
        churchId: actor.churchId,
        day,
        code,
        ...family,
        station,
        createdBy: actor.userId,
        clientId: queued.clientId,
      })
      .onConflictDoNothing()
      .returning({ id: t.kidsCodes.id, code: t.kidsCodes.code });
    if (row) return row;
    // the same queued check-in sent twice at once: the other request has it
    if (queued.clientId && (await codeOfClient(tx, actor.churchId, queued.clientId)))
      throw new ApiProblem(409, 'staff.kids.sentTwice');
  }
  // 25^4 = 390,625 codes a day: a church never gets here
  throw new ApiProblem(503, 'api.unavailable');
}

/** The family code a station's queued check-in made, if it reached the server already. */
export async function codeOfClient(
  db: Database | Tx,
  churchId: number,
  clientId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: t.kidsCodes.id })
    .from(t.kidsCodes)
    .where(and(eq(t.kidsCodes.churchId, churchId), eq(t.kidsCodes.clientId, clientId)));
  return row?.id ?? null;
}

/**
 * The one check-in path: the station's, and the parent's pre-check-in from their phone
 * (`arriving`: the place is held and the code drawn, the child is not yet in the room).
 */
export async function checkIn(
  deps: StaffWriteDeps,
  actor: StaffActor,
  b: KidsCheckinInput,
  options: { arriving?: boolean } = {},
): Promise<KidsLabels> {
  const arriving = options.arriving === true;
  const churchId = actor.churchId;
  // a queued check-in sent again (its answer was lost): the first answer, never a second check-in
  const done = b.clienteId ? await codeOfClient(deps.db, churchId, b.clienteId) : null;
  if (done) return labelsOf(deps.db, churchId, done);
  const [kind, rawId] = b.familia.split(':') as ['m' | 'v', string];
  const familyId = Number(rawId);
  return staffWrite(
    deps,
    actor,
    (labels: KidsLabels) => ({
      action: arriving ? 'kids.precheckin' : 'kids.checkin',
      kind: 'kids_checkin',
      targetId: labels.codigoId,
      summary: `${labels.codigo} · ${labels.etiquetas.map((e) => e.nome).join(', ')}`.slice(0, 300),
    }),
    async (tx) => {
      // the family and its ticked children, all of this church
      let guardian: string;
      let children: ChildRow[];
      if (kind === 'm') {
        const [user] = await tx
          .select({ first: t.users.firstName, last: t.users.lastName })
          .from(t.users)
          .innerJoin(
            t.churchUsers,
            and(eq(t.churchUsers.userId, t.users.id), eq(t.churchUsers.churchId, churchId)),
          )
          .where(eq(t.users.id, familyId));
        if (!user) throw fieldProblem(404, 'familia', 'staff.kids.familyNotFound');
        guardian = fullName(user.first, user.last);
        const ids = b.criancas.filter((c) => c.tipo === 'm').map((c) => c.id);
        children = (
          ids.length
            ? await tx
                .select()
                .from(t.userChildren)
                .where(
                  and(
                    inArray(t.userChildren.id, ids),
                    eq(t.userChildren.userId, familyId),
                    eq(t.userChildren.churchId, churchId),
                  ),
                )
            : []
        ).map((c) => ({ tipo: 'm' as const, ...c }));
      } else {
        const [family] = await tx
          .select()
          .from(t.kidsVisitorFamilies)
          .where(
            and(
              eq(t.kidsVisitorFamilies.id, familyId),
              eq(t.kidsVisitorFamilies.churchId, churchId),
            ),
          );
        if (!family) throw fieldProblem(404, 'familia', 'staff.kids.familyNotFound');
        guardian = family.guardianName;
        const ids = b.criancas.filter((c) => c.tipo === 'v').map((c) => c.id);
        children = (
          ids.length
            ? await tx
                .select()
                .from(t.kidsVisitorChildren)
                .where(
                  and(
                    inArray(t.kidsVisitorChildren.id, ids),
                    eq(t.kidsVisitorChildren.familyId, familyId),
                  ),
                )
            : []
        ).map((c) => ({ tipo: 'v' as const, ...c }));
      }
      if (children.length !== b.criancas.length)
        throw fieldProblem(404, 'criancas', 'staff.kids.childNotFound');

      // each child's room: chosen by hand, or the one their age fits
      const sessions = await slotSessions(tx, churchId, b.data, b.horario);
      const placed = b.criancas.map((pick) => {
        const c = children.find((x) => x.tipo === pick.tipo && x.id === pick.id)!;
        const name = fullName(c.firstName, c.lastName);
        const chosen = pick.sessaoId ? sessions.find((s) => s.id === pick.sessaoId) : undefined;
        if (pick.sessaoId && !chosen)
          throw fieldProblem(404, 'criancas', 'staff.kids.sessionNotFound');
        const session =
          chosen ??
          fitting(sessions, ageInMonths(c.birthDate, b.data), schoolYear(c.birthDate, b.data));
        if (!session) throw fieldProblem(422, 'criancas', 'staff.kids.noRoom', { name });
        return { child: c, name, session, override: Boolean(chosen) };
      });

      // capacity: the sessions are locked so two stations cannot both fill the last place
      const sessionIds = [...new Set(placed.map((p) => p.session.id))].sort((a, b) => a - b);
      await tx
        .select({ id: t.kidsSessions.id })
        .from(t.kidsSessions)
        .where(inArray(t.kidsSessions.id, sessionIds))
        .orderBy(asc(t.kidsSessions.id))
        .for('update');
      const counts = await tx
        .select({ sessionId: t.kidsCheckins.sessionId, n: sql<number>`count(*)::int` })
        .from(t.kidsCheckins)
        .where(
          and(inArray(t.kidsCheckins.sessionId, sessionIds), isNull(t.kidsCheckins.checkedOutAt)),
        )
        .groupBy(t.kidsCheckins.sessionId);
      for (const id of sessionIds) {
        const session = placed.find((p) => p.session.id === id)!.session;
        const now = Number(counts.find((c) => c.sessionId === id)?.n ?? 0);
        const adding = placed.filter((p) => p.session.id === id).length;
        if (now + adding > session.capacidade)
          throw fieldProblem(409, 'criancas', 'staff.kids.roomFull', {
            room: session.sala.nome,
            capacity: String(session.capacidade),
          });
      }

      const code = await claimCode(
        tx,
        actor,
        b.data,
        kind === 'm'
          ? { guardianId: familyId, visitorFamilyId: null }
          : { guardianId: null, visitorFamilyId: familyId },
        b.estacao,
        { clientId: b.clienteId ?? null, proposed: b.codigo ?? null },
      );
      const etiquetas = [];
      for (const p of placed) {
        const [row] = await tx
          .insert(t.kidsCheckins)
          .values({
            churchId,
            sessionId: p.session.id,
            codeId: code.id,
            childId: p.child.tipo === 'm' ? p.child.id : null,
            visitorChildId: p.child.tipo === 'v' ? p.child.id : null,
            station: b.estacao,
            roomOverride: p.override,
            checkedInBy: actor.userId,
            arriving,
          })
          .onConflictDoNothing()
          .returning({ id: t.kidsCheckins.id });
        if (!row) throw fieldProblem(409, 'criancas', 'staff.kids.alreadyIn', { name: p.name });
        etiquetas.push({
          checkinId: row.id,
          nome: p.name,
          sala: p.session.sala.nome,
          horario: p.session.horario,
          observacoes: p.child.comments,
        });
      }
      return {
        codigoId: code.id,
        codigo: code.code,
        data: b.data,
        responsavel: guardian,
        etiquetas,
        ...(b.codigo && b.codigo !== code.code ? { codigoTrocado: true } : {}),
      };
    },
    { purge: false },
  );
}

/**
 * The station confirms a family pre-checked from the phone has arrived: its children are in
 * their rooms from now, with the code the phone showed (docs/kids.md "From the parent's phone").
 */
export async function confirmArrival(
  deps: StaffWriteDeps,
  actor: StaffActor,
  codeId: number,
  station: string | null,
): Promise<KidsLabels> {
  const churchId = actor.churchId;
  const [code] = await deps.db
    .select({ code: t.kidsCodes.code })
    .from(t.kidsCodes)
    .where(and(eq(t.kidsCodes.id, codeId), eq(t.kidsCodes.churchId, churchId)));
  if (!code) throw notFound('staff.kids.checkinNotFound');
  const confirmed = await staffWrite(
    deps,
    actor,
    (n: number) => ({
      action: 'kids.arrived',
      kind: 'kids_checkin',
      targetId: codeId,
      summary: `${code.code} · ${n}`,
      details: { station },
    }),
    async (tx) => {
      const rows = await tx
        .update(t.kidsCheckins)
        .set({ arriving: false, checkedInAt: new Date(), checkedInBy: actor.userId, station })
        .where(
          and(
            eq(t.kidsCheckins.codeId, codeId),
            eq(t.kidsCheckins.churchId, churchId),
            eq(t.kidsCheckins.arriving, true),
          ),
        )
        .returning({ id: t.kidsCheckins.id });
      if (!rows.length) throw new ApiProblem(409, 'staff.kids.alreadyArrived');
      return rows.length;
    },
    { purge: false },
  );
  void confirmed;
  return labelsOf(deps.db, churchId, codeId);
}
