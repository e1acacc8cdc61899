// /admin: where a staff member starts (docs/staff.md): the areas they may use, each with what it
// is for, and the latest changes of the team for those who may read the audit log.
import { areaHref, StaffGate, type StaffIslandProps } from '../kit/index.ts';
import { makeT } from '../../ui/index.ts';

export default function DashboardIsland(props: StaffIslandProps) {
  const t = makeT(props.strings, props.lang);
  return (
    <StaffGate {...props} area="dashboard">
      {(me) => {
        // the areas of the caller's roles that this church has (the server leaves out the others)
        const areas = me.areas.flatMap((area) => {
          const href = areaHref(area, me);
          return href ? [{ area, href }] : [];
        });
        return (
          <>
            <h1>{t('admin.dashboard.title')}</h1>
            <p>{t('admin.dashboard.hello', { name: me.usuario.nome, church: me.igreja.nome })}</p>
            <h2>{t('admin.dashboard.areas')}</h2>
            {areas.length === 0 ? (
              <p>{t('admin.dashboard.noAreas')}</p>
            ) : (
              <ul className="staff-cards">
                {areas.map(({ area, href }) => (
                  <li key={area}>
                    <a href={href}>
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
