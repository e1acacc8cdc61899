// A member's own account (spec §7 "Auth and user"): registration or joining with an existing
// account, the profile update with congregation and custom fields, documents, custom fields and
// the member card. The routes check who calls; these functions hold the queries and rules.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { MemberCard, newAccountBody, updateUserBody } from '../../contract/user.ts';
import type { AuthUser, Membership } from '../auth/authenticate.ts';
import { membershipOf } from '../auth/authenticate.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { clearFailures, PAIR_RULE, recordFailure } from '../auth/rate-limit.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { ApiProblem, fieldProblem } from '../http/errors.ts';
import { addMembership } from './memberships.service.ts';

type UserRow = typeof t.users.$inferSelect;

const cpfInUse = () => fieldProblem(409, 'cpf', 'user.cpfInUse');

async function refuseTakenCpf(db: Database, cpf: string | null, exceptUserId?: number) {
  if (!cpf) return;
  const [taken] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(
      exceptUserId === undefined
        ? eq(t.users.cpf, cpf)
        : and(eq(t.users.cpf, cpf), ne(t.users.id, exceptUserId)),
    );
  if (taken) throw cpfInUse();
}

export async function documentsOf(db: Database, userId: number) {
  const [user] = await db.select({ cpf: t.users.cpf }).from(t.users).where(eq(t.users.id, userId));
  return user?.cpf ? [{ tipo: 'CPF', numero: user.cpf }] : [];
}

/**
 * spec §2 "existing shared account": an account of the provider joins this church with its own
 * password; a wrong guess counts under `limitKey` like a login. 'inactive' when the account or
 * its membership waits for activation (the route sends the e-mail, spec §4).
 */
export async function joinWithAccount(
  db: Database,
  existing: UserRow,
  churchId: number,
  password: string,
  limitKey: string,
): Promise<'joined' | 'inactive'> {
  const membership = await membershipOf(db, existing.id, churchId);
  if (membership?.active && existing.active) throw new ApiProblem(409, 'user.emailInUse');
  if (!(await verifyPassword(existing.passwordHash, password))) {
    await recordFailure(db, limitKey, PAIR_RULE);
    throw new ApiProblem(401, 'auth.invalidCredentials');
  }
  await clearFailures(db, limitKey);
  if (!existing.active || (membership && !membership.active)) return 'inactive';
  await addMembership(db, churchId, existing.id);
  return 'joined';
}

/** A new provider-wide account, member of the church. */
export async function createAccount(
  db: Database,
  churchId: number,
  b: z.output<typeof newAccountBody>,
): Promise<UserRow> {
  await refuseTakenCpf(db, b.cpf);
  const passwordHash = await hashPassword(b.senha);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(t.users)
        .values({
          email: b.email,
          passwordHash,
          firstName: b.nome,
          lastName: b.sobrenome,
          phone: b.telefone,
          birthDate: b.dataNascimento,
          sex: b.sexo,
          cpf: b.cpf,
          comments: b.observacoes,
        })
        .returning();
      await addMembership(tx, churchId, row!.id);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'usuario_cpf_uq')) throw cpfInUse();
    if (isUniqueViolation(error, 'usuario_email_unique'))
      throw new ApiProblem(409, 'user.emailInUse');
    throw error;
  }
}

/** The member's own data, and for the church of `b.igreja` the congregation and custom fields. */
export async function updateMember(
  db: Database,
  userId: number,
  membership: Membership,
  b: z.output<typeof updateUserBody>,
): Promise<UserRow> {
  if (b.congregacao != null) {
    const [congregation] = await db
      .select({ id: t.congregations.id })
      .from(t.congregations)
      .where(and(eq(t.congregations.id, b.congregacao), eq(t.congregations.churchId, b.igreja)));
    if (!congregation) throw fieldProblem(400, 'congregacao', 'notFound');
  }
  let fieldIds: number[] = [];
  if (b.camposPersonalizados?.length) {
    const fields = await db
      .select({ id: t.customFields.id })
      .from(t.customFields)
      .where(
        and(
          eq(t.customFields.churchId, b.igreja),
          inArray(
            t.customFields.id,
            b.camposPersonalizados.map((f) => f.id),
          ),
        ),
      );
    fieldIds = fields.map((f) => f.id);
  }
  await refuseTakenCpf(db, b.cpf, userId);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(t.users)
        .set({
          firstName: b.nome,
          lastName: b.sobrenome,
          phone: b.telefone,
          birthDate: b.dataNascimento,
          sex: b.sexo,
          cpf: b.cpf,
          comments: b.observacoes,
          maritalStatus: b.estadoCivil,
          maritalDate: b.dataCasamento,
          childrenCount: b.qtdeFilhos,
          occupation: b.ocupacao,
          updatedAt: new Date(),
        })
        .where(eq(t.users.id, userId));
      if (b.congregacao !== undefined)
        await tx
          .update(t.churchUsers)
          .set({ congregationId: b.congregacao })
          .where(eq(t.churchUsers.id, membership.id));
      for (const field of b.camposPersonalizados ?? []) {
        if (!fieldIds.includes(field.id)) continue;
        await tx
          .insert(t.customFieldValues)
          .values({ churchId: b.igreja, userId, fieldId: field.id, value: field.valor })
          .onConflictDoUpdate({
            target: [
              t.customFieldValues.churchId,
              t.customFieldValues.userId,
              t.customFieldValues.fieldId,
            ],
            set: { value: field.valor },
          });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error, 'usuario_cpf_uq')) throw cpfInUse();
    throw error;
  }
  const [user] = await db.select().from(t.users).where(eq(t.users.id, userId));
  return user!;
}

export async function customFieldsOf(db: Database, userId: number, churchId: number) {
  const rows = await db
    .select({ field: t.customFields, value: t.customFieldValues.value })
    .from(t.customFields)
    .leftJoin(
      t.customFieldValues,
      and(
        eq(t.customFieldValues.fieldId, t.customFields.id),
        eq(t.customFieldValues.userId, userId),
        eq(t.customFieldValues.churchId, churchId),
      ),
    )
    .where(eq(t.customFields.churchId, churchId))
    .orderBy(asc(t.customFields.position));
  return rows.map((r) => ({
    id: r.field.id,
    nome: r.field.name,
    tipo: r.field.kind === 'opcao' ? ('opcao' as const) : ('texto' as const),
    opcoes: r.field.options,
    flagObrigatorio: r.field.required,
    valor: r.value ?? null,
  }));
}

/** The active cards of `email` in the church; only the church's staff print other members' cards. */
export async function memberCardsOf(
  db: Database,
  caller: AuthUser,
  email: string,
  churchId: number,
): Promise<MemberCard[]> {
  if (email !== caller.email.toLowerCase()) {
    const staff = await membershipOf(db, caller.userId, churchId);
    if (!staff?.active || !staff.roles.some((r) => r === 'ROLE_ADMIN' || r === 'ROLE_SUPER_ADMIN'))
      throw new ApiProblem(403, 'auth.forbidden');
  }
  const rows = await db
    .select({
      card: t.memberCards,
      user: t.users,
      member: t.churchUsers,
      church: t.churches,
      congregation: t.congregations.name,
    })
    .from(t.memberCards)
    .innerJoin(t.users, eq(t.users.id, t.memberCards.userId))
    .innerJoin(t.churches, eq(t.churches.id, t.memberCards.churchId))
    .innerJoin(
      t.churchUsers,
      and(
        eq(t.churchUsers.userId, t.memberCards.userId),
        eq(t.churchUsers.churchId, t.memberCards.churchId),
      ),
    )
    .leftJoin(t.congregations, eq(t.congregations.id, t.churchUsers.congregationId))
    .where(
      and(
        eq(t.memberCards.churchId, churchId),
        eq(t.users.email, email),
        eq(t.memberCards.active, true),
      ),
    );
  const cards: MemberCard[] = [];
  for (const r of rows) {
    const verify = `${r.church.code}:${r.member.memberNumber ?? r.user.id}:${r.card.id}`;
    cards.push({
      id: r.card.id,
      nome: [r.user.firstName, r.user.lastName].filter(Boolean).join(' '),
      imagem: r.user.image,
      numeroMembro: r.member.memberNumber,
      dataNascimento: r.user.birthDate,
      dataBatismo: r.card.baptismDate,
      congregacao: r.congregation,
      cpf: r.user.cpf,
      sexo: r.user.sex === 'M' || r.user.sex === 'F' ? r.user.sex : null,
      estadoCivil: r.user.maritalStatus,
      telefone: r.user.phone,
      cargo: r.card.position,
      igreja: {
        id: r.church.id,
        nome: r.church.name,
        codigo: r.church.code,
        logo: r.church.images.logo ?? null,
      },
      responsavel: r.card.responsible,
      validade: r.card.validUntil,
      qrCode: await QRCode.toString(verify, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    });
  }
  return cards;
}

/** Sets (or clears) the member's profile photo; returns the previous one, for the image store to remove. */
export async function setProfileImage(
  db: Database,
  userId: number,
  image: string | null,
): Promise<string | null> {
  const [old] = await db
    .select({ image: t.users.image })
    .from(t.users)
    .where(eq(t.users.id, userId));
  await db.update(t.users).set({ image, updatedAt: new Date() }).where(eq(t.users.id, userId));
  return old?.image ?? null;
}
