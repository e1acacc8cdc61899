// /admin: where a staff member starts (docs/staff.md): the areas they may use, each with what it
// is for, and the latest changes of the team for those who may read the audit log.
import type { StaffArea } from '../../../../../contract/staff.ts';
import { AREA_PAGES, StaffGate, type StaffIslandProps } from '../kit/index.ts';
import { makeT } from '../../ui/index.ts';

export default function DashboardIsland(props: StaffIslandProps) {
  const t = makeT(props.strings, props.lang);
  return (
    <StaffGate {...props} area="dashboard">
      {(me) => {
        const areas = me.areas.filter((a): a is StaffArea => Boolean(AREA_PAGES[a]));
        return (
          <>
            <h1>{t('admin.dashboard.title')}</h1>
            <p>{t('admin.dashboard.hello', { name: me.usuario.nome, church: me.igreja.nome })}</p>
            <h2>{t('admin.dashboard.areas')}</h2>
            {areas.length === 0 ? (
              <p>{t('admin.dashboard.noAreas')}</p>
            ) : (
              <ul className="staff-cards">
                {areas.map((area) => (
                  <li key={area}>
                    <a href={AREA_PAGES[area]}>
                      <strong>{t(`admin.area.${area}`)}</strong>
                      {t(`admin.dashboard.about.${area}`)}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </>
        );
      }}
    </StaffGate>
  );
}
