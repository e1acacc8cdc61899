// Reading plans, the lists (spec §2): Discover and My plans (in progress, completed) as tabs.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { splitMyPlans } from '../../../lib/reading-plans/progress.ts';
import { $plansList, loadPlansList } from '../../../stores/reading-plans.ts';
import { Loader, currentPath, loginHref } from '../ui/index.ts';
import { Failed, PlanCard, type SectionProps } from './plan-parts.tsx';

export default function PlansList(props: SectionProps) {
  const { t, slug, base, loggedIn } = props;
  const initialTab =
    typeof location !== 'undefined' && location.hash === '#mine' ? 'mine' : 'discover';
  const [tab, setTab] = useState<'discover' | 'mine'>(initialTab);
  const load = useStore($plansList);
  useEffect(() => void loadPlansList(slug, loggedIn), [slug, loggedIn]);
  const retry = () => void loadPlansList(slug, loggedIn);
  if (load.state === 'error')
    return <Failed t={t} status={load.status} retry={retry} base={base} />;
  if (load.state !== 'ready') return <Loader label={t('plans.loading')} />;
  const { plans, mine } = load.data;
  const byPlan = new Map(mine.map((s) => [s.plano.uuid, s]));
  const { inProgress, completed } = splitMyPlans(mine);
  const choose = (next: 'discover' | 'mine') => {
    setTab(next);
    history.replaceState(
      history.state,
      '',
      next === 'mine' ? '#mine' : location.pathname + location.search,
    );
  };
  const tabButton = (id: 'discover' | 'mine', label: string) => (
    <button
      type="button"
      role="tab"
      id={`plans-tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`plans-panel-${id}`}
      tabIndex={tab === id ? 0 : -1}
      className="plans-tab"
      onClick={() => choose(id)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
          const other = id === 'discover' ? 'mine' : 'discover';
          choose(other);
          document.getElementById(`plans-tab-${other}`)?.focus();
        }
      }}
    >
      {label}
    </button>
  );
  return (
    <>
      <div role="tablist" aria-label={t('plans.tabs')} className="plans-tabs">
        {tabButton('discover', t('plans.discover'))}
        {tabButton('mine', t('plans.mine'))}
      </div>
      <div
        role="tabpanel"
        id="plans-panel-discover"
        aria-labelledby="plans-tab-discover"
        hidden={tab !== 'discover'}
      >
        {plans.length ? (
          <ul className="plans-grid">
            {plans.map((p) => (
              <PlanCard
                key={p.uuid}
                t={t}
                plan={p}
                base={base}
                sub={byPlan.get(p.uuid)}
                level={2}
              />
            ))}
          </ul>
        ) : (
          <p>{t('plans.none')}</p>
        )}
      </div>
      <div
        role="tabpanel"
        id="plans-panel-mine"
        aria-labelledby="plans-tab-mine"
        hidden={tab !== 'mine'}
      >
        {!loggedIn ? (
          <p>
            {t('plans.loginForMine')} <a href={loginHref(currentPath())}>{t('plans.login')}</a>
          </p>
        ) : (
          <>
            <h2>{t('plans.inProgress')}</h2>
            {inProgress.length ? (
              <ul className="plans-grid">
                {inProgress.map((s) => (
                  <PlanCard key={s.uuid} t={t} plan={s.plano} base={base} sub={s} />
                ))}
              </ul>
            ) : (
              <p>{t('plans.noneInProgress')}</p>
            )}
            <h2>{t('plans.completed')}</h2>
            {completed.length ? (
              <ul className="plans-grid">
                {completed.map((s) => (
                  <PlanCard key={s.uuid} t={t} plan={s.plano} base={base} sub={s} />
                ))}
              </ul>
            ) : (
              <p>{t('plans.noneCompleted')}</p>
            )}
          </>
        )}
      </div>
    </>
  );
}
