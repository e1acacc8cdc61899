// How a Play plan's period reads (spec §3 Plan data), for the plans page and the member's islands:
// the play.json key and its count, so the Astro pages' t and the islands' t.plural say the same.
export type PlanPeriodKey = 'play.plans.perMonth' | 'play.plans.perYear' | 'play.plans.perDays';

/** 365+ days → per year, 28–31 → per month, else every N days (`play.plans.perDays_one/_other`). */
export function planPeriod(days: number): { key: PlanPeriodKey; count: number } {
  if (days >= 365) return { key: 'play.plans.perYear', count: days };
  if (days >= 28 && days <= 31) return { key: 'play.plans.perMonth', count: days };
  return { key: 'play.plans.perDays', count: days };
}
