// The gate of every staff island (docs/staff.md): a visitor is sent to log in, then the staff
// profile is loaded; someone without the area sees why instead of the page. The server
// refuses them anyway: this only spares them a page that cannot work. At a church that requires
// two-factor sign-in, staff without it are led to turn it on (docs/security.md "Two-factor sign-in").
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { churchHasArea, type StaffArea, type StaffMe } from '../../../../../contract/staff.ts';
import { $staff, canUse, loadStaff } from '../../../../stores/staff.ts';
import {
  currentPath,
  Loader,
  makeT,
  MemberGate,
  Notice,
  type IslandProps,
} from '../../ui/index.ts';

export type StaffIslandProps = IslandProps & { slug: string };

function Profile({
  slug,
  area,
  strings,
  lang,
  children,
}: {
  slug: string;
  area: StaffArea | 'dashboard';
  strings: Record<string, string>;
  lang: IslandProps['lang'];
  children: (me: StaffMe) => ReactNode;
}) {
  const staff = useStore($staff);
  const t = makeT(strings, lang);
  useEffect(() => {
    void loadStaff(slug);
  }, [slug]);
  if (staff.state === 'idle' || staff.state === 'loading')
    return <Loader label={t('admin.shell.loading')} />;
  if (staff.state === 'refused')
    return (
      <div className="staff-refused">
        <h1>{t('admin.shell.refusedTitle')}</h1>
        <Notice kind="error">{staff.message || t('admin.shell.refused')}</Notice>
        <p>
          <a href="/">{t('admin.shell.backToSite')}</a>
        </p>
      </div>
    );
  const twoFactor = staff.me.doisFatores;
  if (twoFactor?.exigido && !twoFactor.ativo)
    return (
      <div className="staff-refused">
        <h1>{t('admin.shell.twoFactorTitle')}</h1>
        <Notice kind="info">{t('admin.shell.twoFactorText')}</Notice>
        <p>
          <a
            className="button"
            href={`/user/security?redirectTo=${encodeURIComponent(currentPath())}`}
          >
            {t('admin.shell.twoFactorLink')}
          </a>
        </p>
        <p>
          <a href="/">{t('admin.shell.backToSite')}</a>
        </p>
      </div>
    );
  if (area !== 'dashboard' && !canUse(staff, area))
    return (
      <div className="staff-refused">
        <h1>{t('admin.shell.refusedTitle')}</h1>
        <Notice kind="error">
          {t(
            churchHasArea(staff.me.modulos, area)
              ? 'admin.shell.areaRefused'
              : 'admin.shell.areaOff',
          )}
        </Notice>
        <p>
          <a href="/admin">{t('admin.shell.backToDashboard')}</a>
        </p>
      </div>
    );
  return <>{children(staff.me)}</>;
}

/** Shows `children(me)` to staff who may use `area`; a loader, a login or the reason otherwise. */
export function StaffGate({
  church,
  slug,
  lang,
  strings,
  area,
  children,
}: StaffIslandProps & { area: StaffArea | 'dashboard'; children: (me: StaffMe) => ReactNode }) {
  const t = makeT(strings, lang);
  return (
    <MemberGate church={church} loadingLabel={t('admin.shell.loading')}>
      <Profile slug={slug} area={area} strings={strings} lang={lang}>
        {children}
      </Profile>
    </MemberGate>
  );
}
