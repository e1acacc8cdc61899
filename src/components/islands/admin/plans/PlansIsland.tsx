// /admin/reading-plans (docs/staff.md "Reading plans"): the church's plans, published or not,
// and a new one.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $plans, loadPlans } from '../../../../stores/admin-plans.ts';
import { StaffGate, type StaffIslandProps } from '../kit/index.ts';
import { Loader, makeT, Notice } from '../../ui/index.ts';

function List({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const plans = useStore($plans);
  useEffect(() => {
    void loadPlans(slug);
  }, [slug]);
  if (plans.state === 'loading') return <Loader label={t('admin.shell.loading')} />;
  if (plans.state === 'error') return <Notice kind="error">{plans.message}</Notice>;
  if (plans.value.length === 0) return <p>{t('admin.plans.empty')}</p>;
  return (
    <table className="staff-table">
      <thead>
        <tr>
          <th scope="col">{t('admin.plans.name')}</th>
          <th scope="col">{t('admin.plans.language')}</th>
          <th scope="col">{t('admin.plans.days')}</th>
          <th scope="col">{t('admin.plans.state')}</th>
        </tr>
      </thead>
      <tbody>
        {plans.value.map((plan) => (
          <tr key={plan.id}>
            <td>
              <a href={`/admin/reading-plans/${plan.id}`}>{plan.nome}</a>
            </td>
            <td>{t(`admin.plans.lang.${plan.idioma}`)}</td>
            <td>{plan.dias}</td>
            <td>
              <span className="staff-badge">
                {t(plan.publicado ? 'admin.plans.published' : 'admin.plans.draft')}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function PlansIsland(props: StaffIslandProps) {
  const t = makeT(props.strings, props.lang);
  return (
    <StaffGate {...props} area="readingPlans">
      {() => (
        <>
          <h1>{t('admin.plans.title')}</h1>
          <p>{t('admin.plans.intro')}</p>
          <div className="staff-toolbar">
            <a className="button" href="/admin/reading-plans/new">
              {t('admin.plans.new')}
            </a>
          </div>
          <List {...props} />
        </>
      )}
    </StaffGate>
  );
}
