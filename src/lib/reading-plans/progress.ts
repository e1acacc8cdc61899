// Plain rules of the plans screens: which plans are in progress or completed, and the day shown.
import type { Subscription } from '../../../contract/reading-plans.ts';

/** spec §2: My plans split into in progress and completed. */
export function splitMyPlans(subs: Subscription[]): {
  inProgress: Subscription[];
  completed: Subscription[];
} {
  return {
    inProgress: subs.filter((s) => !s.concluido),
    completed: subs.filter((s) => s.concluido),
  };
}

/** The day the plan page opens on: today's, or the first unread one when today's is already read. */
export function dayToShow(sub: Subscription): number {
  if (!sub.diasLidos.includes(sub.diaHoje)) return sub.diaHoje;
  return sub.proximoDia ?? sub.diaHoje;
}
