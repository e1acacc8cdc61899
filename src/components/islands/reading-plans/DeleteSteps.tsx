// Reading plans, the two delete steps (spec §4: irreversible, with confirmation): the question,
// then the last step that deletes. The flow is the store's (src/stores/reading-plans.ts).
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import {
  $deletion,
  $plan,
  loadOpenPlan,
  openDeletion,
  removePlan,
} from '../../../stores/reading-plans.ts';
import { Loader, Notice, currentPath, loginHref } from '../ui/index.ts';
import { Failed, ProgressBar, type SectionProps } from './plan-parts.tsx';

export default function DeleteSteps(props: SectionProps) {
  const { t, slug, base, uuid = '', mode, loggedIn } = props;
  const load = useStore($plan);
  const phase = useStore($deletion);
  useEffect(openDeletion, []);
  useEffect(() => void loadOpenPlan(slug, uuid, loggedIn), [slug, uuid, loggedIn]);
  if (!loggedIn)
    return (
      <p>
        <a className="button" href={loginHref(currentPath())}>
          {t('plans.login')}
        </a>
      </p>
    );
  if (load.state === 'error')
    return <Failed t={t} status={load.status} retry={() => location.reload()} base={base} />;
  if (load.state !== 'ready') return <Loader label={t('plans.loading')} />;
  const { plan, sub } = load.data;
  if (phase === 'done')
    return (
      <>
        <h1>{t('plans.deleteTitle')}</h1>
        <Notice kind="ok">{t('plans.deleted')}</Notice>
        <a className="button" href={`${base}#mine`}>
          {t('plans.back')}
        </a>
      </>
    );
  if (!sub)
    return (
      <>
        <h1>{t('plans.deleteTitle')}</h1>
        <p>{t('plans.notStarted')}</p>
        <a className="button" href={`${base}/${uuid}`}>
          {t('plans.backToPlan')}
        </a>
      </>
    );
  return (
    <>
      <h1>{mode === 'delete' ? t('plans.deleteTitle') : t('plans.deleteConfirmTitle')}</h1>
      <p>{t('plans.deleteQuestion', { name: plan.plano.nome })}</p>
      <ProgressBar t={t} sub={sub} />
      {mode === 'confirm' && (
        <p>
          <strong>{t('plans.deleteIrreversible')}</strong>
        </p>
      )}
      {phase === 'failed' && <Notice kind="error">{t('plans.failed')}</Notice>}
      <div className="plans-actions">
        {mode === 'delete' ? (
          <a className="button danger" href={`${base}/${uuid}/delete/confirm`}>
            {t('plans.deleteContinue')}
          </a>
        ) : (
          <button
            type="button"
            className="button danger"
            disabled={phase === 'busy'}
            onClick={() => void removePlan(slug, uuid)}
          >
            {t('plans.deleteFinal')}
          </button>
        )}
        <a className="button secondary" href={`${base}/${uuid}`}>
          {t('plans.cancel')}
        </a>
      </div>
    </>
  );
}
