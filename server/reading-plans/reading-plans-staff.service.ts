// The staff area's reading plans (docs/staff.md "Reading plans"): queries and rules behind
// reading-plans-staff.routes.ts. A day's references are read by the one reference parser
// (common/bible/reference-parser.ts) in the plan's language; a plan is a list of whole chapters,
// so a reference with verses or an unknown book is refused with the reference named.
import { and, asc, eq } from 'drizzle-orm';
import type { Lang } from '../../contract/language.ts';
import type { StaffPlan, StaffPlanSummary } from '../../contract/reading-plans-staff.ts';
import { bookByCode } from '../../common/bible/books.ts';
import { parseReference } from '../../common/bible/reference-parser.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, notFound } from '../http/errors.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';

type PlanRow = typeof t.readingPlans.$inferSelect;

export interface PlanFields {
  nome: string;
  descricao: string;
  idioma: Lang;
  dias: { referencias: string; nota: string | null }[];
}

const summary = (row: PlanRow): StaffPlanSummary => ({
  id: row.id,
  uuid: row.uuid,
  nome: row.name,
  idioma: row.language as Lang,
  dias: row.days,
  publicado: row.active,
});

/** "Gn 1; Salmos 1-3" → whole chapters; the first reference that is not one throws a 400 naming it. */
export function chaptersOf(typed: string, lang: Lang, field: string) {
  const passages: t.PlanPassage[] = [];
  for (const ref of typed
    .split(/[;\n]+/)
    .map((r) => r.trim())
    .filter(Boolean)) {
    const parsed = parseReference(ref, lang);
    const bad = () =>
      new ApiProblem(
        400,
        'staff.plans.badReference',
        { [field]: ['staff.plans.badReference'] },
        {
          ref: ref.slice(0, 60),
        },
      );
    if (!parsed || parsed.chapter === null || parsed.verse !== null || parsed.endVerse !== null)
      throw bad();
    const last = parsed.endChapter ?? parsed.chapter;
    if (last < parsed.chapter || last > parsed.book.chapters || last - parsed.chapter > 150)
      throw bad();
    for (let chapter = parsed.chapter; chapter <= last; chapter++)
      passages.push({ livro: parsed.book.code, capitulo: chapter });
  }
  if (!passages.length)
    throw new ApiProblem(400, 'staff.plans.noReference', { [field]: ['staff.plans.noReference'] });
  return passages;
}

/** Passages written back as one would type them, consecutive chapters of a book as a range. */
export function referencesOf(passages: t.PlanPassage[], lang: Lang): string {
  const parts: string[] = [];
  for (let i = 0; i < passages.length;) {
    const { livro, capitulo } = passages[i]!;
    let end = i;
    while (
      passages[end + 1]?.livro === livro &&
      passages[end + 1]!.capitulo === passages[end]!.capitulo + 1
    )
      end++;
    const name = bookByCode(livro)?.names[lang].name ?? livro;
    const last = passages[end]!.capitulo;
    parts.push(last === capitulo ? `${name} ${capitulo}` : `${name} ${capitulo}-${last}`);
    i = end + 1;
  }
  return parts.join('; ');
}

export async function listPlans(db: Database, churchId: number): Promise<StaffPlanSummary[]> {
  const rows = await db
    .select()
    .from(t.readingPlans)
    .where(eq(t.readingPlans.churchId, churchId))
    .orderBy(asc(t.readingPlans.position), asc(t.readingPlans.id));
  return rows.map(summary);
}

async function planRow(db: Database | Tx, churchId: number, id: number): Promise<PlanRow> {
  const [row] = await db
    .select()
    .from(t.readingPlans)
    .where(and(eq(t.readingPlans.churchId, churchId), eq(t.readingPlans.id, id)));
  if (!row) throw notFound('staff.plans.notFound');
  return row;
}

async function planView(db: Database | Tx, row: PlanRow): Promise<StaffPlan> {
  const days = await db
    .select()
    .from(t.readingPlanDays)
    .where(eq(t.readingPlanDays.planId, row.id))
    .orderBy(asc(t.readingPlanDays.day));
  const lang = row.language as Lang;
  return {
    ...summary(row),
    descricao: row.description,
    diasPlano: days.map((d) => ({
      dia: d.day,
      referencias: referencesOf(d.passages, lang),
      nota: d.note,
    })),
  };
}

export const getPlan = async (db: Database, churchId: number, id: number) =>
  planView(db, await planRow(db, churchId, id));

/** Every day parsed before anything is written: nothing half-saved. */
const parsedDays = (fields: PlanFields) =>
  fields.dias.map((d, i) => ({
    day: i + 1,
    passages: chaptersOf(d.referencias, fields.idioma, `dias.${i}.referencias`),
    note: d.nota,
  }));

async function writeDays(
  tx: Tx,
  churchId: number,
  planId: number,
  days: ReturnType<typeof parsedDays>,
) {
  await tx.delete(t.readingPlanDays).where(eq(t.readingPlanDays.planId, planId));
  await tx.insert(t.readingPlanDays).values(days.map((d) => ({ churchId, planId, ...d })));
}

/** A new plan starts unpublished (members do not see it until it is published). */
export function createPlan(deps: StaffWriteDeps, actor: StaffActor, fields: PlanFields) {
  const days = parsedDays(fields);
  return staffWrite(
    deps,
    actor,
    (plan: StaffPlan) => ({
      action: 'readingPlans.create',
      kind: 'plano_leitura',
      targetId: plan.id,
      summary: plan.nome,
    }),
    async (tx) => {
      const [row] = await tx
        .insert(t.readingPlans)
        .values({
          churchId: actor.churchId,
          name: fields.nome,
          description: fields.descricao,
          language: fields.idioma,
          days: days.length,
          position: 100,
          active: false,
        })
        .returning();
      await writeDays(tx, actor.churchId, row!.id, days);
      return planView(tx, row!);
    },
  );
}

export function updatePlan(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  fields: PlanFields,
) {
  const days = parsedDays(fields);
  return staffWrite(
    deps,
    actor,
    { action: 'readingPlans.update', kind: 'plano_leitura', targetId: id, summary: fields.nome },
    async (tx) => {
      await planRow(tx, actor.churchId, id);
      const [row] = await tx
        .update(t.readingPlans)
        .set({
          name: fields.nome,
          description: fields.descricao,
          language: fields.idioma,
          days: days.length,
        })
        .where(and(eq(t.readingPlans.churchId, actor.churchId), eq(t.readingPlans.id, id)))
        .returning();
      await writeDays(tx, actor.churchId, id, days);
      return planView(tx, row!);
    },
  );
}

export function publishPlan(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  published: boolean,
) {
  return staffWrite(
    deps,
    actor,
    (plan: StaffPlan) => ({
      action: published ? 'readingPlans.publish' : 'readingPlans.unpublish',
      kind: 'plano_leitura',
      targetId: id,
      summary: plan.nome,
    }),
    async (tx) => {
      await planRow(tx, actor.churchId, id);
      const [row] = await tx
        .update(t.readingPlans)
        .set({ active: published })
        .where(and(eq(t.readingPlans.churchId, actor.churchId), eq(t.readingPlans.id, id)))
        .returning();
      return planView(tx, row!);
    },
  );
}
