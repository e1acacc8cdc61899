// What the reading plans' sections share: the island's props, a failed load, a plan's progress
// and its card.
import type { PlanSummary, Subscription } from '../../../../contract/reading-plans.ts';
import { Notice, type IslandProps, type T } from '../ui/index.ts';

export type Mode = 'list' | 'detail' | 'delete' | 'confirm';
export type Props = IslandProps & {
  slug: string;
  base: '/reading-plans' | '/embed/reading-plans';
  mode: Mode;
  uuid?: string;
  planName?: string;
  description?: string;
};
export type SectionProps = Props & { t: T; loggedIn: boolean };

export function Failed({
  t,
  status,
  retry,
  base,
}: {
  t: T;
  status: number;
  retry: () => void;
  base: string;
}) {
  // spec §8: an unknown, someone else's or a malformed id is "no result found"
  if (status === 404 || status === 400)
    return (
      <div className="plans-missing">
        <Notice kind="error">{t('plans.notFound')}</Notice>
        <a className="button" href={base}>
          {t('plans.back')}
        </a>
      </div>
    );
  return (
    <div>
      <Notice kind="error">{t('plans.loadFailed')}</Notice>
      <button type="button" className="button secondary" onClick={retry}>
        {t('plans.retry')}
      </button>
    </div>
  );
}

export function ProgressBar({ t, sub }: { t: T; sub: Subscription }) {
  const text = t('plans.progress', {
    read: sub.diasLidos.length,
    total: sub.plano.dias,
    percent: sub.progresso,
  });
  return (
    <div className="plans-progress">
      <progress
        max={100}
        value={sub.progresso}
        aria-label={t('plans.progressLabel')}
        aria-valuetext={text}
      />
      <span>{text}</span>
    </div>
  );
}

export function PlanCard({
  t,
  plan,
  base,
  sub,
  level = 3,
}: {
  t: T;
  plan: PlanSummary;
  base: string;
  sub?: Subscription;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <li className="plans-card">
      <Heading>
        <a href={`${base}/${plan.uuid}`}>{plan.nome}</a>
      </Heading>
      <p>{plan.descricao}</p>
      <p className="plans-meta">
        {t.plural('plans.days', plan.dias)}
        {sub && !sub.concluido ? ` · ${t('plans.started')}` : ''}
      </p>
      {sub && <ProgressBar t={t} sub={sub} />}
    </li>
  );
}
