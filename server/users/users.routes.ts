// The per-user calls of spec §7 "Auth and user": church accounts, documents, roles, e-mail
// lookups, registration, update, deletion request, custom fields, notifications, change of
// church and the member card. A member reads and changes only their own data.
import { and, asc, count, desc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import QRCode from 'qrcode';
import { accountMessage } from '../../contract/account-messages.ts';
import {
  changeChurchBody,
  churchIdParams,
  churchQuery,
  clientOrOrganizationQuery,
  clientParams,
  deletionBody,
  emailQuery,
  memberCardQuery,
  newAccountBody,
  notificationsQuery,
  registerBody,
  updateUserBody,
  userIdParams,
  type MemberCard,
} from '../../contract/user.ts';
import { membershipOf, requireMember, requireSelf, requireUser } from '../auth/authenticate.ts';
import {
  callerAddress,
  hasAddress,
  ok,
  refuseIfWaiting,
  sendAccountLink,
  userByEmail,
} from '../auth/accounts.ts';
import { findChurch } from '../auth/church-link.ts';
import { check, invalidInput, langOf, problem } from '../auth/errors.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import {
  addressKey,
  clearFailures,
  LOOKUP_RULE,
  PAIR_RULE,
  pairKey,
  recordFailure,
  SIGNUP_RULE,
  spend,
  lockedFor,
} from '../auth/rate-limit.ts';
import { issueTokenPair, revokeUserTokens } from '../auth/tokens.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { Mailer } from '../mail/outbox.ts';
import { toChurchAccount, toUser } from './user.serializers.ts';

/** Church ids named by ?cliente= (one church) or ?organizacao= (its churches). */
async function scopeChurchIds(
  db: Database,
  q: { cliente?: number | undefined; organizacao?: string | undefined },
): Promise<number[]> {
  if (q.cliente !== undefined) return [q.cliente];
  const rows = await db
    .select({ id: t.churches.id })
    .from(t.churches)
    .innerJoin(t.organizations, eq(t.organizations.id, t.churches.organizationId))
    .where(eq(t.organizations.slug, q.organizacao!));
  return rows.map((r) => r.id);
}

const isUniqueViolation = (error: unknown, constraint: string): boolean => {
  const e = error as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  const code = e.code ?? e.cause?.code;
  const name = e.constraint ?? e.cause?.constraint ?? '';
  return (
    code === '23505' &&
    (name === constraint ||
      String((error as Error).message ?? '').includes(constraint) ||
      String(e.cause ?? '').includes(constraint))
  );
};

function cpfInUse(c: Context): Response {
  const message = accountMessage(langOf(c), 'user.cpfInUse');
  return c.json({ status: false as const, message, errors: { cpf: [message] } }, 409);
}

async function nextMemberNumber(userId: number): Promise<string> {
  return String(1000 + userId);
}

export function userRoutes(db: Database, mailer: Mailer) {
  return (
    new Hono({ strict: false })
      .get(
        '/user/:id/usuario',
        check('param', userIdParams),
        check('query', clientOrOrganizationQuery),
        async (c) => {
          const me = await requireUser(db, c);
          requireSelf(c, me, c.req.valid('param').id);
          const churchIds = await scopeChurchIds(db, c.req.valid('query'));
          if (!churchIds.length) return c.json({ usuarios: [] });
          const rows = await db
            .select({ m: t.churchUsers, church: t.churches, congregation: t.congregations })
            .from(t.churchUsers)
            .innerJoin(t.churches, eq(t.churches.id, t.churchUsers.churchId))
            .leftJoin(t.congregations, eq(t.congregations.id, t.churchUsers.congregationId))
            .where(
              and(eq(t.churchUsers.userId, me.userId), inArray(t.churchUsers.churchId, churchIds)),
            )
            .orderBy(asc(t.churches.name));
          return c.json({
            usuarios: rows.map((r) => toChurchAccount(r.m, r.church, r.congregation)),
          });
        },
      )
      .get(
        '/user/:id/documento',
        check('param', userIdParams),
        check('query', clientOrOrganizationQuery),
        async (c) => {
          const me = await requireUser(db, c);
          requireSelf(c, me, c.req.valid('param').id);
          const [user] = await db
            .select({ cpf: t.users.cpf })
            .from(t.users)
            .where(eq(t.users.id, me.userId));
          return c.json({ documentos: user?.cpf ? [{ tipo: 'CPF', numero: user.cpf }] : [] });
        },
      )
      .get(
        '/user/:id/role',
        check('param', userIdParams),
        check('query', clientOrOrganizationQuery),
        async (c) => {
          const me = await requireUser(db, c);
          requireSelf(c, me, c.req.valid('param').id);
          const churchIds = await scopeChurchIds(db, c.req.valid('query'));
          const rows = churchIds.length
            ? await db
                .select({ id: t.churches.id, code: t.churches.code, roles: t.churchUsers.roles })
                .from(t.churchUsers)
                .innerJoin(t.churches, eq(t.churches.id, t.churchUsers.churchId))
                .where(
                  and(
                    eq(t.churchUsers.userId, me.userId),
                    inArray(t.churchUsers.churchId, churchIds),
                  ),
                )
            : [];
          return c.json({
            userIgrejaRoles: rows.map((r) => ({
              igreja: { id: r.id, codigo: r.code },
              roles: r.roles,
            })),
          });
        },
      )
      // Public: whether an account of the provider exists for an e-mail (the access screen's first step).
      .get('/user', check('query', emailQuery), async (c) => {
        // spec §2 needs the answer (log in or register), so it is limited per address instead (issue 16).
        refuseIfWaiting(c, await spend(db, `lookup:${addressKey(callerAddress(c))}`, LOOKUP_RULE));
        const user = await userByEmail(db, c.req.valid('query').email);
        return c.json({ usuarios: user ? [{ email: user.email, flagAtivo: user.active }] : [] });
      })
      // Public: whether the e-mail has an account in this church, and whether it is active.
      .get(
        '/igreja/:client/usuario',
        check('param', clientParams),
        check('query', emailQuery),
        async (c) => {
          refuseIfWaiting(
            c,
            await spend(db, `lookup:${addressKey(callerAddress(c))}`, LOOKUP_RULE),
          );
          const user = await userByEmail(db, c.req.valid('query').email);
          const membership = user
            ? await membershipOf(db, user.id, c.req.valid('param').client)
            : null;
          return c.json({
            usuarios:
              user && membership
                ? [{ email: user.email, flagAtivo: user.active && membership.active }]
                : [],
          });
        },
      )
      .post(
        '/igreja/:id/usuario',
        check('param', churchIdParams),
        check('json', registerBody),
        async (c) => {
          const churchId = c.req.valid('param').id;
          const church = await findChurch(db, churchId);
          if (!church || !church.active) throw problem(c, 404, 'church.notFound');
          const body = c.req.valid('json');
          const address = callerAddress(c);
          const existing = await userByEmail(db, body.email);
          if (existing) {
            // spec §2 "existing shared account": an account of the provider joins this church with its own password;
            // its guesses count like logins, per account and address together.
            const key = pairKey(existing.email, address);
            refuseIfWaiting(c, await lockedFor(db, key));
            const membership = await membershipOf(db, existing.id, churchId);
            if (membership?.active && existing.active) throw problem(c, 409, 'user.emailInUse');
            if (!(await verifyPassword(existing.passwordHash, body.senha))) {
              await recordFailure(db, key, PAIR_RULE);
              throw problem(c, 401, 'auth.invalidCredentials');
            }
            await clearFailures(db, key);
            if (!existing.active || (membership && !membership.active)) {
              // spec §4: registering with an existing inactive account sends an activation e-mail
              const sent = await sendAccountLink(db, mailer, c, 'activation', existing, church);
              throw problem(c, 403, sent ? 'verify.sent' : 'verify.sendError');
            }
            await db
              .insert(t.churchUsers)
              .values({
                churchId,
                userId: existing.id,
                memberNumber: await nextMemberNumber(existing.id),
              })
              .onConflictDoNothing();
            return c.json(
              {
                ...(await issueTokenPair(db, existing)),
                usuario: toUser(existing, await hasAddress(db, existing.id)),
                novo: false,
              },
              200,
            );
          }
          const raw: unknown = await c.req.json();
          const parsed = newAccountBody.safeParse(raw);
          if (!parsed.success) return invalidInput(c, parsed.error, raw);
          refuseIfWaiting(c, await spend(db, `signup:${addressKey(address)}`, SIGNUP_RULE));
          const b = parsed.data;
          if (b.cpf) {
            const [taken] = await db
              .select({ id: t.users.id })
              .from(t.users)
              .where(eq(t.users.cpf, b.cpf));
            if (taken) return cpfInUse(c);
          }
          const passwordHash = await hashPassword(b.senha);
          let user: typeof t.users.$inferSelect;
          try {
            user = await db.transaction(async (tx) => {
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
              await tx.insert(t.churchUsers).values({
                churchId,
                userId: row!.id,
                memberNumber: await nextMemberNumber(row!.id),
              });
              return row!;
            });
          } catch (error) {
            if (isUniqueViolation(error, 'usuario_cpf_uq')) return cpfInUse(c);
            if (isUniqueViolation(error, 'usuario_email_unique'))
              throw problem(c, 409, 'user.emailInUse');
            throw error;
          }
          // A welcome link that confirms the e-mail; the account works before it is used.
          await sendAccountLink(db, mailer, c, 'activation', user, church);
          return c.json(
            { ...(await issueTokenPair(db, user)), usuario: toUser(user, false), novo: true },
            201,
          );
        },
      )
      .put('/usuario', check('json', updateUserBody), async (c) => {
        const b = c.req.valid('json');
        const { user: me, membership } = await requireMember(db, c, b.igreja);
        if (b.congregacao != null) {
          const [congregation] = await db
            .select({ id: t.congregations.id })
            .from(t.congregations)
            .where(
              and(eq(t.congregations.id, b.congregacao), eq(t.congregations.churchId, b.igreja)),
            );
          if (!congregation)
            return c.json(
              {
                status: false,
                message: accountMessage(langOf(c), 'notFound'),
                errors: { congregacao: [accountMessage(langOf(c), 'notFound')] },
              },
              400,
            );
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
        if (b.cpf) {
          const [taken] = await db
            .select({ id: t.users.id })
            .from(t.users)
            .where(and(eq(t.users.cpf, b.cpf), ne(t.users.id, me.userId)));
          if (taken) return cpfInUse(c);
        }
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
              .where(eq(t.users.id, me.userId));
            if (b.congregacao !== undefined)
              await tx
                .update(t.churchUsers)
                .set({ congregationId: b.congregacao })
                .where(eq(t.churchUsers.id, membership.id));
            for (const field of b.camposPersonalizados ?? []) {
              if (!fieldIds.includes(field.id)) continue;
              await tx
                .insert(t.customFieldValues)
                .values({
                  churchId: b.igreja,
                  userId: me.userId,
                  fieldId: field.id,
                  value: field.valor,
                })
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
          if (isUniqueViolation(error, 'usuario_cpf_uq')) return cpfInUse(c);
          throw error;
        }
        const [user] = await db.select().from(t.users).where(eq(t.users.id, me.userId));
        return c.json({ user: toUser(user!, await hasAddress(db, me.userId)) });
      })
      .post(
        '/user/:id/pedido-exclusao',
        check('param', userIdParams),
        check('query', churchQuery),
        check('json', deletionBody),
        async (c) => {
          const { igreja } = c.req.valid('query');
          const { user: me } = await requireMember(db, c, igreja);
          requireSelf(c, me, c.req.valid('param').id);
          const [user] = await db.select().from(t.users).where(eq(t.users.id, me.userId));
          if (!user || !(await verifyPassword(user.passwordHash, c.req.valid('json').senha))) {
            const message = accountMessage(langOf(c), 'auth.wrongPassword'); // spec §8, also on account deletion
            return c.json({ status: false, message, errors: { senha: [message] } }, 422);
          }
          await db.transaction(async (tx) => {
            await tx
              .insert(t.deletionRequests)
              .values({ churchId: igreja, userId: user.id, email: user.email });
            await tx
              .delete(t.userChildren)
              .where(and(eq(t.userChildren.userId, user.id), eq(t.userChildren.churchId, igreja)));
            await tx
              .delete(t.customFieldValues)
              .where(
                and(
                  eq(t.customFieldValues.userId, user.id),
                  eq(t.customFieldValues.churchId, igreja),
                ),
              );
            await tx
              .delete(t.memberCards)
              .where(and(eq(t.memberCards.userId, user.id), eq(t.memberCards.churchId, igreja)));
            await tx
              .delete(t.churchUsers)
              .where(and(eq(t.churchUsers.userId, user.id), eq(t.churchUsers.churchId, igreja)));
            const [{ value: others } = { value: 0 }] = await tx
              .select({ value: count() })
              .from(t.churchUsers)
              .where(eq(t.churchUsers.userId, user.id));
            // The provider-wide account goes too once no church holds it.
            if (Number(others) === 0) await tx.delete(t.users).where(eq(t.users.id, user.id));
          });
          await revokeUserTokens(db, user.id);
          return c.json(ok(accountMessage(langOf(c), 'user.deleted')));
        },
      )
      .get(
        '/user/:id/campo-personalizado',
        check('param', userIdParams),
        check('query', churchQuery),
        async (c) => {
          const { igreja } = c.req.valid('query');
          const { user: me } = await requireMember(db, c, igreja);
          requireSelf(c, me, c.req.valid('param').id);
          const rows = await db
            .select({ field: t.customFields, value: t.customFieldValues.value })
            .from(t.customFields)
            .leftJoin(
              t.customFieldValues,
              and(
                eq(t.customFieldValues.fieldId, t.customFields.id),
                eq(t.customFieldValues.userId, me.userId),
                eq(t.customFieldValues.churchId, igreja),
              ),
            )
            .where(eq(t.customFields.churchId, igreja))
            .orderBy(asc(t.customFields.position));
          return c.json({
            camposPersonalizados: rows.map((r) => ({
              id: r.field.id,
              nome: r.field.name,
              tipo: r.field.kind === 'opcao' ? ('opcao' as const) : ('texto' as const),
              opcoes: r.field.options,
              flagObrigatorio: r.field.required,
              valor: r.value ?? null,
            })),
          });
        },
      )
      .get(
        '/igreja/:id/notificacao',
        check('param', churchIdParams),
        check('query', notificationsQuery),
        async (c) => {
          const churchId = c.req.valid('param').id;
          const { user: me } = await requireMember(db, c, churchId);
          const { page, limit } = c.req.valid('query');
          const church = await findChurch(db, churchId);
          const where = and(
            eq(t.notifications.churchId, churchId),
            or(isNull(t.notifications.userId), eq(t.notifications.userId, me.userId)),
          );
          const [rows, [total]] = await Promise.all([
            db
              .select()
              .from(t.notifications)
              .where(where)
              .orderBy(desc(t.notifications.createdAt), desc(t.notifications.id))
              .limit(limit)
              .offset((page - 1) * limit),
            db.select({ value: count() }).from(t.notifications).where(where),
          ]);
          return c.json({
            notificacoes: rows.map((n) => ({
              id: n.id,
              corpo: n.body,
              titulo: n.title,
              dataCadastro: n.createdAt.toISOString(),
              dataUltimaAlteracao: n.updatedAt.toISOString(),
              tipo: { codigo: n.typeCode },
              igreja: { codigo: church!.code },
              idEntidadeRelacionada: n.relatedId,
            })),
            total: Number(total?.value ?? 0),
            page,
            limit,
          });
        },
      )
      .post('/usuario/troca-igreja', check('json', changeChurchBody), async (c) => {
        const { igreja, novaIgreja } = c.req.valid('json');
        const { user: me, membership } = await requireMember(db, c, igreja);
        if (igreja === novaIgreja) throw problem(c, 400, 'church.sameChurch');
        const [from] = await db.select().from(t.churches).where(eq(t.churches.id, igreja));
        const [to] = await db.select().from(t.churches).where(eq(t.churches.id, novaIgreja));
        // Change of church happens inside the organisation of the church picker (spec §2 Other).
        if (!to || !to.active || !from?.organizationId || to.organizationId !== from.organizationId)
          throw problem(c, 404, 'church.notFound');
        await db.transaction(async (tx) => {
          const existing = await tx
            .select({ id: t.churchUsers.id })
            .from(t.churchUsers)
            .where(
              and(eq(t.churchUsers.userId, me.userId), eq(t.churchUsers.churchId, novaIgreja)),
            );
          if (existing.length)
            await tx
              .update(t.churchUsers)
              .set({ active: true })
              .where(eq(t.churchUsers.id, existing[0]!.id));
          else
            await tx.insert(t.churchUsers).values({
              churchId: novaIgreja,
              userId: me.userId,
              memberNumber: membership.memberNumber,
            });
          await tx
            .update(t.userChildren)
            .set({ churchId: novaIgreja })
            .where(and(eq(t.userChildren.userId, me.userId), eq(t.userChildren.churchId, igreja)));
          await tx
            .delete(t.customFieldValues)
            .where(
              and(
                eq(t.customFieldValues.userId, me.userId),
                eq(t.customFieldValues.churchId, igreja),
              ),
            );
          await tx
            .delete(t.memberCards)
            .where(and(eq(t.memberCards.userId, me.userId), eq(t.memberCards.churchId, igreja)));
          await tx.delete(t.churchUsers).where(eq(t.churchUsers.id, membership.id));
        });
        return c.json({
          status: true as const,
          igreja: { id: to.id, codigo: to.code, nome: to.name },
        });
      })
      .get('/usuario-carteirinha', check('query', memberCardQuery), async (c) => {
        const { usuario_email: email, usuario_igreja: churchId } = c.req.valid('query');
        const me = await requireUser(db, c);
        if (email !== me.email.toLowerCase()) {
          // Only the church's staff print other members' cards.
          const staff = await membershipOf(db, me.userId, churchId);
          if (
            !staff?.active ||
            !staff.roles.some((r) => r === 'ROLE_ADMIN' || r === 'ROLE_SUPER_ADMIN')
          )
            throw problem(c, 403, 'auth.forbidden');
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
            qrCode: await QRCode.toString(verify, {
              type: 'svg',
              margin: 1,
              errorCorrectionLevel: 'M',
            }),
          });
        }
        return c.json({ usuarioCarteirinhas: cards });
      })
  );
}
