// The yearly statement batch (docs/staff.md "Giving"): started by the treasurer, sent by the job
// (statements.job.ts) once per giver even with two nodes, through the claim rule of server/jobs/claim.ts.
import { money } from '../../common/format.ts';
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { StatementBatch } from '../../contract/giving-staff.ts';
import { message } from '../../contract/messages/index.ts';
import { messageLangOfLocale } from '../../contract/messages/lang.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem } from '../http/errors.ts';
import { eachClaimed, type ClaimOptions } from '../jobs/claim.ts';
import type { Mail } from '../mail/outbox.ts';
import type { StaffWriteDeps } from '../staff/write.ts';
import { staffWrite } from '../staff/write.ts';
import type { StaffActor } from '../staff/audit.ts';
import { givingChurch } from './donation.ts';
import { yearRange } from './giving-clock.ts';
import { churchZone, zoneOfChurch } from '../church/church-clock.ts';
import { num } from './giving-staff.numbers.ts';

/** `u:<id>` for a member's gifts, `e:<e-mail>` for a visitor's: who a statement goes to. */
const giverKey = sql<string>`case when ${t.payments.userId} is not null then 'u:' || ${t.payments.userId} else 'e:' || lower(${t.payments.donorEmail}) end`;

/** The year's approved gifts of a giver, the year on the church's clock (docs/giving.md "Which clock"). */
const yearGifts = (churchId: number, year: number, zone: string) => {
  const [from, to] = yearRange(zone, year);
  return and(
    eq(t.payments.churchId, churchId),
    eq(t.payments.kind, 'doacao'),
    eq(t.payments.status, 'aprovado'),
    gte(t.payments.createdAt, from),
    lt(t.payments.createdAt, to),
    sql`(${t.payments.userId} is not null or ${t.payments.donorEmail} is not null)`,
  );
};

const batchWire = (b: typeof t.statementBatches.$inferSelect): StatementBatch => ({
  id: b.id,
  ano: b.year,
  status: b.status,
  total: b.total,
  enviados: b.sent,
  criadoEm: b.createdAt.toISOString(),
  concluidoEm: b.finishedAt ? b.finishedAt.toISOString() : null,
});

export async function listBatches(db: Database, churchId: number): Promise<StatementBatch[]> {
  const rows = await db
    .select()
    .from(t.statementBatches)
    .where(eq(t.statementBatches.churchId, churchId))
    .orderBy(desc(t.statementBatches.id))
    .limit(10);
  return rows.map(batchWire);
}

/** Starts sending the year's statements; givers already sent one count as done. */
export async function startBatch(
  deps: StaffWriteDeps,
  actor: StaffActor,
  year: number,
): Promise<StatementBatch> {
  return staffWrite(
    deps,
    actor,
    (b: StatementBatch) => ({
      action: 'giving.statements',
      kind: 'extrato',
      targetId: b.id,
      summary: String(year),
      details: { total: b.total },
    }),
    async (tx) => {
      // One running batch per church and year: the lock on the church's batches decides.
      await tx.execute(sql`select pg_advisory_xact_lock(${7_100_000 + actor.churchId})`);
      const [running] = await tx
        .select({ id: t.statementBatches.id })
        .from(t.statementBatches)
        .where(
          and(
            eq(t.statementBatches.churchId, actor.churchId),
            eq(t.statementBatches.year, year),
            eq(t.statementBatches.status, 'enviando'),
          ),
        );
      if (running) throw new ApiProblem(409, 'staff.giving.batchRunning');
      const [givers] = await tx
        .select({ n: sql<string>`count(distinct ${giverKey})` })
        .from(t.payments)
        .where(yearGifts(actor.churchId, year, await churchZone(tx, actor.churchId)));
      const total = num(givers?.n);
      if (total === 0) throw new ApiProblem(422, 'staff.giving.noGivers');
      const [sent] = await tx
        .select({ n: count() })
        .from(t.sentStatements)
        .where(and(eq(t.sentStatements.churchId, actor.churchId), eq(t.sentStatements.year, year)));
      const done = Math.min(total, sent?.n ?? 0);
      const [row] = await tx
        .insert(t.statementBatches)
        .values({
          churchId: actor.churchId,
          year,
          total,
          sent: done,
          createdBy: actor.userId,
          status: done >= total ? 'concluido' : 'enviando',
          finishedAt: done >= total ? new Date() : null,
        })
        .returning();
      return batchWire(row!);
    },
    { purge: false },
  );
}

/** One giver's statement e-mail: the year's total and one line per reason. */
async function statementMail(
  tx: Tx,
  batch: typeof t.statementBatches.$inferSelect,
  giver: string,
  settings: ClaimOptions['settings'],
): Promise<{ mail: Mail | null; email: string }> {
  const [church] = await tx.select().from(t.churches).where(eq(t.churches.id, batch.churchId));
  const lang = messageLangOfLocale(church!.locale);
  const zone = zoneOfChurch(church!);
  const member = giver.startsWith('u:') ? Number(giver.slice(2)) : null;
  const who = member
    ? eq(t.payments.userId, member)
    : and(
        sql`${t.payments.userId} is null`,
        sql`lower(${t.payments.donorEmail}) = ${giver.slice(2)}`,
      );
  const reasons = await tx
    .select({
      name: t.paymentLines.reasonName,
      sum: sql<string>`sum(${t.paymentLines.amountCents})::bigint`,
    })
    .from(t.payments)
    .innerJoin(t.paymentLines, eq(t.paymentLines.paymentId, t.payments.id))
    .where(and(yearGifts(batch.churchId, batch.year, zone), who))
    .groupBy(t.paymentLines.reasonName)
    .orderBy(t.paymentLines.reasonName);
  let name = '';
  let email = giver.slice(2);
  if (member) {
    const [u] = await tx.select().from(t.users).where(eq(t.users.id, member));
    name = [u?.firstName, u?.lastName].filter(Boolean).join(' ');
    email = u?.email ?? '';
  } else {
    const [p] = await tx
      .select({ name: t.payments.donorName, email: t.payments.donorEmail })
      .from(t.payments)
      .where(and(yearGifts(batch.churchId, batch.year, zone), who))
      .limit(1);
    name = p?.name ?? '';
    email = p?.email ?? email;
  }
  if (!email || email.endsWith('.invalid')) return { mail: null, email: email || '-' };
  const currency =
    (await givingChurch(tx as unknown as Database, batch.churchId))?.currency ?? 'BRL';
  const amount = (c: number) => money(c / 100, currency, lang);
  const total = reasons.reduce((s, r) => s + num(r.sum), 0);
  const link = `${churchHomeUrl(church!.code, settings)}${member ? `/user/giving/statement?ano=${batch.year}` : '/give'}`;
  const values = {
    name,
    year: batch.year,
    church: church!.name,
    total: amount(total),
    lines: reasons.map((r) => `${r.name}: ${amount(num(r.sum))}`).join('\n'),
    link,
  };
  const text = message(lang, 'staff.giving.statementBody', values);
  const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return {
    email,
    mail: {
      to: email,
      subject: message(lang, 'staff.giving.statementSubject', values),
      text,
      html: text
        .split('\n\n')
        .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
        .join(''),
      links: [link],
    },
  };
}

/** How many of a batch's next givers are listed at once (a job run sends at most 200). */
const GIVERS_LISTED = 200;

/** The batch's next givers not sent a statement yet, in order. */
async function nextGivers(
  tx: Tx,
  batch: typeof t.statementBatches.$inferSelect,
  limit: number,
): Promise<string[]> {
  const rows = await tx
    .select({ giver: giverKey })
    .from(t.payments)
    .where(
      and(
        yearGifts(batch.churchId, batch.year, await churchZone(tx, batch.churchId)),
        sql`not exists (select 1 from ${t.sentStatements} s where s.igreja_id = ${batch.churchId} and s.ano = ${batch.year} and s.doador = ${giverKey})`,
      ),
    )
    .groupBy(giverKey)
    .orderBy(giverKey)
    .limit(limit);
  return rows.map((r) => r.giver);
}

/**
 * The job's work: each running batch is claimed row by row (FOR UPDATE SKIP LOCKED), one giver per
 * transaction; the unique (church, year, giver) row is written with the e-mail queued, so however
 * many nodes run it, each giver gets one statement. The next givers are listed once for many
 * claims: finding them reads the year's gifts (~80 ms at 100,000 gifts on PGlite), which done for
 * every giver held the database that long per statement and kept pages waiting
 * (docs/performance.md "Pages while staff work runs"). A giver another node has sent meanwhile
 * is skipped by the unique row.
 */
export async function sendStatementBatches(db: Database, options: ClaimOptions): Promise<number> {
  const listed = new Map<number, string[]>();
  const outcomes = await eachClaimed(
    db,
    options,
    async (tx) =>
      (
        await tx
          .select()
          .from(t.statementBatches)
          .where(eq(t.statementBatches.status, 'enviando'))
          .orderBy(asc(t.statementBatches.id))
          .limit(1)
          .for('update', { skipLocked: true })
      )[0],
    async (tx, batch, mails) => {
      let givers = listed.get(batch.id);
      if (!givers?.length)
        listed.set(batch.id, (givers = await nextGivers(tx, batch, GIVERS_LISTED)));
      const giver = givers.shift();
      if (!giver) {
        await tx
          .update(t.statementBatches)
          .set({ status: 'concluido', finishedAt: new Date() })
          .where(eq(t.statementBatches.id, batch.id));
        return 0;
      }
      const { mail, email } = await statementMail(tx, batch, giver, options.settings);
      const [claimed] = await tx
        .insert(t.sentStatements)
        .values({
          churchId: batch.churchId,
          year: batch.year,
          giver,
          email,
          batchId: batch.id,
        })
        .onConflictDoNothing()
        .returning({ id: t.sentStatements.id });
      if (!claimed) return 0;
      await tx
        .update(t.statementBatches)
        .set({ sent: sql`least(${t.statementBatches.sent} + 1, ${t.statementBatches.total})` })
        .where(eq(t.statementBatches.id, batch.id));
      if (mail) mails.push(mail);
      return 1;
    },
  );
  return outcomes.reduce<number>((s, n) => s + n, 0);
}
