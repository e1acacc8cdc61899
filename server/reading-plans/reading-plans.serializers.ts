// Reading plan rows → the wire shapes of contract/reading-plans.ts.
import type { Lang } from '../../contract/language.ts';
import type { PlanPassage, PlanSummary, Subscription } from '../../contract/reading-plans.ts';
import { bookByCode } from '../../common/bible/books.ts';
import type * as t from '../db/schema/index.ts';
import type { PlanPassage as StoredPassage } from '../db/schema/notes.ts';

type PlanRow = typeof t.readingPlans.$inferSelect;
type SubRow = typeof t.readingPlanSubscriptions.$inferSelect;

export const DAY_MS = 86_400_000;
export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
export const asLang = (s: string): Lang => (s === 'pt' || s === 'es' ? s : 'en');

export function toPlanSummary(p: PlanRow): PlanSummary {
  return {
    uuid: p.uuid,
    nome: p.name,
    descricao: p.description,
    idioma: asLang(p.language),
    dias: p.days,
  };
}

export function toPassage(p: StoredPassage, lang: Lang): PlanPassage {
  const name = bookByCode(p.livro)?.names[lang].name ?? p.livro;
  return {
    livro: p.livro,
    nomeLivro: name,
    capitulo: p.capitulo,
    referencia: `${name} ${p.capitulo}`,
  };
}

/** Where a member stands in a plan on `today`. */
export function subscriptionView(
  sub: SubRow,
  plan: PlanRow,
  read: number[],
  today: string,
): Subscription {
  const done = new Set(read.filter((d) => d >= 1 && d <= plan.days));
  const diaHoje = Math.min(Math.max(dayNumber(today) - dayNumber(sub.startDate) + 1, 1), plan.days);
  let proximoDia: number | null = null;
  let atrasados = 0;
  for (let d = 1; d <= plan.days; d++) {
    if (done.has(d)) continue;
    proximoDia ??= d;
    if (d < diaHoje) atrasados++;
  }
  return {
    uuid: sub.uuid,
    plano: toPlanSummary(plan),
    dataInicio: sub.startDate,
    dataConclusao: sub.completedAt?.toISOString() ?? null,
    diasLidos: [...done].sort((a, b) => a - b),
    diaHoje,
    atrasados,
    proximoDia,
    progresso: Math.floor((done.size * 100) / plan.days),
    concluido: done.size === plan.days,
  };
}
