// The treasurer's giving reasons and settings (docs/staff.md "Giving"): what /give reads at once,
// so each change purges the church's pages.
import type { z } from 'zod';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  GivingSettingsInput,
  StaffReason,
  StaffReasons,
} from '../../contract/giving-staff.ts';
import { type reasonInput } from '../../contract/giving-staff.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, notFound } from '../http/errors.ts';
import { toMoney } from '../payments/money.ts';
import type { StaffWriteDeps } from '../staff/write.ts';
import { staffWrite } from '../staff/write.ts';
import type { StaffActor } from '../staff/audit.ts';
import { cents, num, currencyOf } from './giving-staff.numbers.ts';

const reasonWire = (r: typeof t.paymentReasons.$inferSelect): StaffReason => ({
  id: r.id,
  nome: r.name,
  descricao: r.description,
  flagRecorrencia: r.recurrenceAllowed,
  flagAtivo: r.active,
  ordem: r.position,
});

export async function listReasons(db: Database, churchId: number): Promise<StaffReasons> {
  const rows = await db
    .select()
    .from(t.paymentReasons)
    .where(and(eq(t.paymentReasons.churchId, churchId), eq(t.paymentReasons.forGiving, true)))
    .orderBy(asc(t.paymentReasons.position), asc(t.paymentReasons.id));
  const [settings] = await db
    .select()
    .from(t.givingSettings)
    .where(eq(t.givingSettings.churchId, churchId));
  return {
    motivos: rows.map(reasonWire),
    configuracao: {
      valorMinimo: toMoney(settings?.minimumCents ?? 0),
      flagDoacaoOnline: settings?.online ?? false,
      flagVisitante: settings?.visitors ?? false,
      flagRecorrencia: settings?.recurrence ?? true,
    },
    moeda: await currencyOf(db, churchId),
  };
}

type ReasonValues = z.output<typeof reasonInput>;

export async function createReason(
  deps: StaffWriteDeps,
  actor: StaffActor,
  body: ReasonValues,
): Promise<StaffReason> {
  return staffWrite(
    deps,
    actor,
    (r: StaffReason) => ({
      action: 'giving.reason.create',
      kind: 'motivo',
      targetId: r.id,
      summary: r.nome,
    }),
    async (tx) => {
      const [last] = await tx
        .select({ max: sql<number>`coalesce(max(${t.paymentReasons.position}), -1)` })
        .from(t.paymentReasons)
        .where(eq(t.paymentReasons.churchId, actor.churchId));
      const [row] = await tx
        .insert(t.paymentReasons)
        .values({
          churchId: actor.churchId,
          name: body.nome,
          description: body.descricao,
          recurrenceAllowed: body.flagRecorrencia,
          active: body.flagAtivo,
          forGiving: true,
          position: num(last?.max) + 1,
        })
        .returning();
      return reasonWire(row!);
    },
  );
}

export async function updateReason(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  body: ReasonValues,
): Promise<StaffReason> {
  return staffWrite(
    deps,
    actor,
    { action: 'giving.reason.update', kind: 'motivo', targetId: id, summary: body.nome },
    async (tx) => {
      const [row] = await tx
        .update(t.paymentReasons)
        .set({
          name: body.nome,
          description: body.descricao,
          recurrenceAllowed: body.flagRecorrencia,
          active: body.flagAtivo,
        })
        .where(and(eq(t.paymentReasons.id, id), eq(t.paymentReasons.churchId, actor.churchId)))
        .returning();
      if (!row) throw notFound('staff.giving.reasonNotFound');
      return reasonWire(row);
    },
  );
}

/**
 * Merges a reason into another of the church (docs/staff.md "Giving"): its gift lines and
 * recurring gifts move to the other, named as it, and the reason goes. Audited; purges /give.
 */
export async function mergeReason(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  into: number,
): Promise<StaffReason> {
  if (id === into)
    throw new ApiProblem(400, 'staff.giving.mergeSelf', { destino: ['staff.giving.mergeSelf'] });
  return staffWrite(
    deps,
    actor,
    (r: StaffReason) => ({
      action: 'giving.reason.merge',
      kind: 'motivo',
      targetId: r.id,
      summary: `#${id} → ${r.nome}`,
    }),
    async (tx) => {
      const rows = await tx
        .select()
        .from(t.paymentReasons)
        .where(
          and(
            eq(t.paymentReasons.churchId, actor.churchId),
            eq(t.paymentReasons.forGiving, true),
            inArray(t.paymentReasons.id, [id, into]),
          ),
        );
      const target = rows.find((r) => r.id === into);
      if (!rows.some((r) => r.id === id) || !target) throw notFound('staff.giving.reasonNotFound');
      await tx
        .update(t.paymentLines)
        .set({ reasonId: into, reasonName: target.name })
        .where(and(eq(t.paymentLines.churchId, actor.churchId), eq(t.paymentLines.reasonId, id)));
      await tx
        .update(t.recurringGifts)
        .set({ reasonId: into })
        .where(
          and(eq(t.recurringGifts.churchId, actor.churchId), eq(t.recurringGifts.reasonId, id)),
        );
      await tx
        .delete(t.paymentReasons)
        .where(and(eq(t.paymentReasons.churchId, actor.churchId), eq(t.paymentReasons.id, id)));
      return reasonWire(target);
    },
  );
}

export async function reorderReasons(
  deps: StaffWriteDeps,
  actor: StaffActor,
  ids: number[],
): Promise<StaffReason[]> {
  return staffWrite(
    deps,
    actor,
    { action: 'giving.reason.order', kind: 'motivo', summary: ids.join(', ') },
    async (tx) => {
      const rows = await tx
        .select({ id: t.paymentReasons.id })
        .from(t.paymentReasons)
        .where(
          and(eq(t.paymentReasons.churchId, actor.churchId), eq(t.paymentReasons.forGiving, true)),
        );
      const have = new Set(rows.map((r) => r.id));
      if (
        new Set(ids).size !== ids.length ||
        ids.length !== have.size ||
        ids.some((i) => !have.has(i))
      )
        throw new ApiProblem(400, 'staff.giving.orderMismatch');
      for (const [position, id] of ids.entries())
        await tx
          .update(t.paymentReasons)
          .set({ position })
          .where(and(eq(t.paymentReasons.id, id), eq(t.paymentReasons.churchId, actor.churchId)));
      return (
        await tx
          .select()
          .from(t.paymentReasons)
          .where(
            and(
              eq(t.paymentReasons.churchId, actor.churchId),
              eq(t.paymentReasons.forGiving, true),
            ),
          )
          .orderBy(asc(t.paymentReasons.position), asc(t.paymentReasons.id))
      ).map(reasonWire);
    },
  );
}

export async function updateGivingSettings(
  deps: StaffWriteDeps,
  actor: StaffActor,
  body: GivingSettingsInput,
): Promise<StaffReasons['configuracao']> {
  await staffWrite(
    deps,
    actor,
    {
      action: 'giving.settings',
      kind: 'doacao_configuracao',
      summary: `min ${body.valorMinimo}`,
      details: { ...body },
    },
    async (tx) => {
      const values = {
        minimumCents: cents(body.valorMinimo),
        online: body.flagDoacaoOnline,
        visitors: body.flagVisitante,
        recurrence: body.flagRecorrencia,
      };
      await tx
        .insert(t.givingSettings)
        .values({ churchId: actor.churchId, ...values })
        .onConflictDoUpdate({ target: t.givingSettings.churchId, set: values });
    },
  );
  return (await listReasons(deps.db, actor.churchId)).configuracao;
}
