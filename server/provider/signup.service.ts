// Sign-up (docs/provider.md "Sign-up"): "Create your church's site" on the bare provider domain,
// governed by the platform's setting (open, by invitation, closed; closed by default). A sign-up
// makes the church at once — pending, so its code is held and its site shows the inactive page —
// and e-mails its admin a link; the link proves the e-mail, makes the admin (a new account with the
// password typed, or the existing account of that e-mail) and puts the site online.
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  COUNTRY_DEFAULTS,
  DEFAULT_MODULES,
  type CodeAvailability,
  type SignupInput,
  type SignupMode,
} from '../../contract/provider.ts';
import { codeProblem } from '../../contract/provider.ts';
import { message, messageLangOfLocale, type MessageLang } from '../../contract/messages/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { spend, type LimitRule } from '../auth/rate-limit.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import type { ChangeFeed } from '../changes.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem } from '../http/errors.ts';
import type { Mailer } from '../mail/outbox.ts';
import { addMembership } from '../users/memberships.service.ts';
import { recordProviderAudit, type ProviderActor } from './audit.ts';
import { codeTaken, createChurch } from './churches.service.ts';
import { providerMail } from './provider-mail.ts';
import { spendSignupCaptcha } from './signup-captcha.ts';

const DAY_MS = 24 * 60 * 60_000;
/** The confirmation link of a sign-up lasts a week; after it the code is free again. */
export const ACTIVATION_DAYS = 7;
export const SIGNUP_INVITATION_DAYS = 14;

/** Churches signed up from one address, and to one e-mail, in an hour. */
export const SIGNUP_ADDRESS_RULE: LimitRule = {
  maxFailures: 5,
  windowMs: 60 * 60_000,
  lockMs: 60 * 60_000,
};
export const SIGNUP_EMAIL_RULE: LimitRule = {
  maxFailures: 3,
  windowMs: 60 * 60_000,
  lockMs: 60 * 60_000,
};

// ---- the setting ----

export async function signupMode(db: Database | Tx): Promise<SignupMode> {
  const [row] = await db
    .select({ mode: t.providerSettings.signup })
    .from(t.providerSettings)
    .where(eq(t.providerSettings.id, 1));
  return row?.mode ?? 'fechado';
}

export async function setSignupMode(db: Database, actor: ProviderActor, mode: SignupMode) {
  await db.transaction(async (tx) => {
    const before = await signupMode(tx);
    await tx
      .insert(t.providerSettings)
      .values({ id: 1, signup: mode })
      .onConflictDoUpdate({
        target: t.providerSettings.id,
        set: { signup: mode, updatedAt: new Date() },
      });
    await recordProviderAudit(tx, actor, {
      action: 'settings.signup',
      kind: 'configuracao',
      summary: `${before} → ${mode}`,
    });
  });
}

// ---- codes ----

/** A signed-up church whose link ran out unused: its code is free again (the church is removed). */
async function releaseExpiredPending(tx: Tx, code: string, now = new Date()) {
  const [pending] = await tx
    .select({ id: t.churches.id })
    .from(t.churches)
    .innerJoin(t.providerChurches, eq(t.providerChurches.churchId, t.churches.id))
    .where(
      and(
        eq(t.churches.code, code),
        eq(t.churches.active, false),
        eq(t.providerChurches.state, 'pendente'),
      ),
    );
  if (!pending) return;
  const [live] = await tx
    .select({ id: t.providerTokens.id })
    .from(t.providerTokens)
    .where(
      and(
        eq(t.providerTokens.churchId, pending.id),
        eq(t.providerTokens.purpose, 'ativacao'),
        isNull(t.providerTokens.usedAt),
        gt(t.providerTokens.expiresAt, now),
      ),
    );
  if (!live) await tx.delete(t.churches).where(eq(t.churches.id, pending.id));
}

/** Whether a code is free, and if not why, in the caller's language. */
export async function codeAvailability(
  db: Database,
  raw: string,
  lang: MessageLang,
  addressOf: (code: string) => string,
): Promise<CodeAvailability> {
  const code = raw.trim().toLowerCase();
  const problem = codeProblem(code);
  if (problem)
    return { codigo: code, disponivel: false, motivo: message(lang, problem), endereco: null };
  const taken = await db.transaction(async (tx) => {
    await releaseExpiredPending(tx, code);
    return codeTaken(tx, code);
  });
  return {
    codigo: code,
    disponivel: !taken,
    motivo: taken ? message(lang, 'provider.code.taken') : null,
    endereco: addressOf(code),
  };
}

// ---- sign-up invitations ----

export async function createSignupInvitation(
  deps: { db: Database; mailer: Mailer },
  actor: ProviderActor,
  lang: MessageLang,
  email: string,
  providerOrigin: string,
): Promise<string> {
  const token = randomToken();
  await deps.db.transaction(async (tx) => {
    await tx.insert(t.providerTokens).values({
      purpose: 'convite',
      tokenHash: sha256(token),
      email,
      expiresAt: new Date(Date.now() + SIGNUP_INVITATION_DAYS * DAY_MS),
    });
    await recordProviderAudit(tx, actor, {
      action: 'signup.invite',
      kind: 'convite_cadastro',
      summary: email,
    });
  });
  const link = `${providerOrigin}/provider/signup?convite=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    providerMail('signupInvitation', lang, email, link, { days: String(SIGNUP_INVITATION_DAYS) }),
  );
  return message(lang, 'provider.signupInvitation.sent', { email });
}

// ---- the sign-up ----

export interface SignupDeps {
  db: Database;
  mailer: Mailer;
  /** `http://<code>.<provider domain>[:port]` */
  addressOf: (code: string) => string;
  /** `http://<provider domain>[:port]`: where the confirmation link leads. */
  providerOrigin: string;
}

function refuseWaiting(wait: number) {
  if (wait > 0)
    throw new ApiProblem(429, 'provider.signup.tooMany', undefined, {
      minutes: Math.max(1, Math.ceil(wait / 60_000)),
    });
}

export async function signUp(
  deps: SignupDeps,
  input: SignupInput,
  callerAddress: string,
  lang: MessageLang,
  now = new Date(),
): Promise<{ status: true; message: string; email: string }> {
  const { db } = deps;
  const mode = await signupMode(db);
  if (mode === 'fechado') throw new ApiProblem(403, 'provider.signup.closed');
  if (mode === 'convite' && !input.convite)
    throw fieldProblem(403, 'convite', 'provider.signup.invitationNeeded');
  refuseWaiting(await spend(db, `signup-church:ip:${callerAddress}`, SIGNUP_ADDRESS_RULE));
  refuseWaiting(await spend(db, `signup-church:email:${input.email}`, SIGNUP_EMAIL_RULE));
  if (!(await spendSignupCaptcha(db, input.captcha.token, input.captcha.resposta, now)))
    throw fieldProblem(422, 'captcha', 'provider.signup.captcha');
  const passwordHash = await hashPassword(input.senha); // slow: before the transaction
  const token = randomToken();
  const defaults = COUNTRY_DEFAULTS[input.pais];
  await db.transaction(async (tx) => {
    if (mode === 'convite') {
      const [used] = await tx
        .update(t.providerTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(t.providerTokens.tokenHash, sha256(input.convite!)),
            eq(t.providerTokens.purpose, 'convite'),
            eq(t.providerTokens.email, input.email),
            isNull(t.providerTokens.usedAt),
            gt(t.providerTokens.expiresAt, now),
          ),
        )
        .returning({ id: t.providerTokens.id });
      if (!used) throw fieldProblem(403, 'convite', 'provider.signup.invitationInvalid');
    }
    await releaseExpiredPending(tx, input.codigo, now);
    const id = await createChurch(tx, {
      nome: input.nomeIgreja,
      codigo: input.codigo,
      idioma: input.idioma,
      pais: input.pais,
      fusoHorario: defaults.fusoHorario,
      modulos: DEFAULT_MODULES,
      organizacaoId: null,
      state: 'pendente',
      origin: 'cadastro',
      createdBy: null,
    });
    await tx.insert(t.providerTokens).values({
      purpose: 'ativacao',
      tokenHash: sha256(token),
      churchId: id,
      email: input.email,
      data: { nome: input.nome, sobrenome: input.sobrenome, senhaHash: passwordHash },
      expiresAt: new Date(now.getTime() + ACTIVATION_DAYS * DAY_MS),
    });
    await recordProviderAudit(
      tx,
      { userId: null, name: `${input.nome} ${input.sobrenome}` },
      {
        action: 'church.signup',
        kind: 'igreja',
        targetId: id,
        summary: `${input.nomeIgreja} (${input.codigo}) — ${input.email}`,
        details: { modo: mode },
      },
    );
    return id;
  });
  const link = `${deps.providerOrigin}/provider/signup/activate?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    providerMail('activation', messageLangOfLocale(input.idioma), input.email, link, {
      name: input.nome,
      church: input.nomeIgreja,
      address: deps.addressOf(input.codigo),
      days: String(ACTIVATION_DAYS),
    }),
  );
  return {
    status: true,
    message: message(lang, 'provider.signup.sent', { email: input.email }),
    email: input.email,
  };
}

/**
 * The confirmation link: the e-mail is proven, so the church's admin is made (the account of this
 * e-mail, created now with the password typed at sign-up when there is none) and the site goes
 * online on every node. The link works once.
 */
export async function activateSignup(
  db: Database,
  changes: ChangeFeed,
  token: string,
  lang: MessageLang,
  addressOf: (code: string) => string,
  now = new Date(),
) {
  const church = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(t.providerTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(t.providerTokens.tokenHash, sha256(token)),
          eq(t.providerTokens.purpose, 'ativacao'),
          isNull(t.providerTokens.usedAt),
          gt(t.providerTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!row?.churchId || !row.email)
      throw fieldProblem(410, 'token', 'provider.activation.invalid');
    const [found] = await tx
      .select({ id: t.churches.id, code: t.churches.code, name: t.churches.name })
      .from(t.churches)
      .where(eq(t.churches.id, row.churchId));
    if (!found) throw fieldProblem(410, 'token', 'provider.activation.invalid');
    let [user] = await tx
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, row.email));
    if (user) await tx.update(t.users).set({ emailVerified: true }).where(eq(t.users.id, user.id));
    else
      [user] = await tx
        .insert(t.users)
        .values({
          email: row.email,
          passwordHash: row.data.senhaHash!,
          firstName: row.data.nome ?? row.email,
          lastName: row.data.sobrenome ?? null,
          emailVerified: true,
        })
        .returning({ id: t.users.id });
    await addMembership(tx, found.id, user!.id);
    await tx
      .update(t.churchUsers)
      .set({ active: true, roles: ['ROLE_ADMIN'] })
      .where(and(eq(t.churchUsers.churchId, found.id), eq(t.churchUsers.userId, user!.id)));
    await tx.update(t.churches).set({ active: true }).where(eq(t.churches.id, found.id));
    await tx
      .update(t.providerChurches)
      .set({ state: 'ativa' })
      .where(eq(t.providerChurches.churchId, found.id));
    // the password's hash is not kept once the account exists
    await tx.update(t.providerTokens).set({ data: {} }).where(eq(t.providerTokens.id, row.id));
    await recordProviderAudit(
      tx,
      { userId: user!.id, name: [row.data.nome, row.data.sobrenome].filter(Boolean).join(' ') },
      {
        action: 'church.activate',
        kind: 'igreja',
        targetId: found.id,
        summary: `${found.name} (${found.code}) — ${row.email}`,
      },
    );
    return found;
  });
  changes.churchChanged(church.id);
  return {
    status: true as const,
    message: message(lang, 'provider.activation.done', { church: church.name }),
    endereco: addressOf(church.code),
    codigo: church.code,
  };
}
