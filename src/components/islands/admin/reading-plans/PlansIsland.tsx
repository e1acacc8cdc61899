// /admin/reading-plans (docs/staff.md "Reading plans"): the church's plans, published or not,
// and a new one.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $plans, loadPlans } from '../../../../stores/admin-reading-plans.ts';
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
  if (plans.value.length === 0) return <p>{t('admin.readingPlans.empty')}</p>;
  return (
    <table className="staff-table">
      <thead>
        <tr>
          <th scope="col">{t('admin.readingPlans.name')}</th>
          <th scope="col">{t('admin.readingPlans.language')}</th>
          <th scope="col">{t('admin.readingPlans.days')}</th>
          <th scope="col">{t('admin.readingPlans.state')}</th>
        </tr>
      </thead>
      <tbody>
        {plans.value.map((plan) => (
          <tr key={plan.id}>
            <td>
              <a href={`/admin/reading-plans/${plan.id}`}>{plan.nome}</a>
            </td>
            <td>{t(`admin.readingPlans.lang.${plan.idioma}`)}</td>
            <td>{plan.dias}</td>
            <td>
              <span className="staff-badge">
                {t(plan.publicado ? 'admin.readingPlans.published' : 'admin.readingPlans.draft')}
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
          <h1>{t('admin.readingPlans.title')}</h1>
          <p>{t('admin.readingPlans.intro')}</p>
          <div className="staff-toolbar">
            <a className="button" href="/admin/reading-plans/new">
              {t('admin.readingPlans.new')}
            </a>
          </div>
          <List {...props} />
        </>
      )}
    </StaffGate>
  );
}
