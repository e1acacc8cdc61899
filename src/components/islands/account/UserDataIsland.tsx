// /user/data (registration data with the children and address sections) and /user/data-update
// (the data a payment needs, then back to redirectTo). spec §2, §3 Form fields, §5. Each part
// is its own file: ProfileForm, ChildrenSection, AddressSection. On data-update one button,
// "Save and continue", saves the profile (and the first address when there is none) and only
// then goes on (it used to be a link that dropped what was typed).
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { AddressServices } from '../../../lib/account/postcode.ts';
import { $profileData, loadProfileData } from '../../../stores/account.ts';
import { $session, reloadUser } from '../../../stores/session.ts';
import { type IslandProps, MemberGate, Notice, redirectTarget, type T } from '../ui/index.ts';
import AddressSection, { FirstAddress, type SaveAddress } from './AddressSection.tsx';
import ChildrenSection from './ChildrenSection.tsx';
import ProfileForm from './ProfileForm.tsx';
import { accountT } from './t.ts';

type Props = IslandProps & { mode: 'data' | 'update'; services: AddressServices };

export default function UserDataIsland(props: Props) {
  const t = useMemo(() => accountT(props), [props.strings, props.lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('account.loading')}>
      <UserData {...props} t={t} />
    </MemberGate>
  );
}

function UserData({ church, lang, t, mode, services }: Props & { t: T }) {
  const session = useStore($session);
  const user = session.user!;
  const { lists, failed } = useStore($profileData);
  useEffect(() => void loadProfileData(user.id, church.id), [church.id, user.id]);
  // data-update without an address: the address fields go inside the profile form (one button).
  const firstAddress = useRef<SaveAddress | null>(null);
  const register = useCallback((save: SaveAddress | null) => (firstAddress.current = save), []);
  if (failed) return <Notice kind="error">{t('account.loadError')}</Notice>;
  if (!lists)
    return (
      <p className="acc-muted" role="status">
        {t('account.loading')}
      </p>
    );
  const address = {
    t,
    userId: user.id,
    countries: lists.countries,
    services,
    defaultCountry: church.pais ?? 'BR',
  };
  const embedAddress = mode === 'update' && session.userAddress.length === 0;

  /** data-update: the first address too, then the user as the payment will see it, then on. */
  async function saveAndContinue(): Promise<boolean> {
    if (firstAddress.current && !(await firstAddress.current())) return false;
    await reloadUser().catch(() => undefined); // camposPendentes now without what was just saved
    location.assign(redirectTarget());
    return false;
  }

  return (
    <div className="acc-panel">
      <h1>{mode === 'update' ? t('account.dataUpdate.title') : t('account.data.title')}</h1>
      {mode === 'update' && <p>{t('account.dataUpdate.intro')}</p>}
      {mode === 'update' ? (
        <ProfileForm
          key={user.id}
          t={t}
          lang={lang}
          church={church}
          lists={lists}
          mode={mode}
          submitLabel={t('account.dataUpdate.continue')}
          onSaved={saveAndContinue}
          checkMore={() => firstAddress.current?.check?.() ?? true}
        >
          {embedAddress && <FirstAddress {...address} register={register} />}
        </ProfileForm>
      ) : (
        <ProfileForm key={user.id} t={t} lang={lang} church={church} lists={lists} mode={mode} />
      )}
      {mode === 'data' && (
        <ChildrenSection t={t} lang={lang} churchId={church.id} userId={user.id} />
      )}
      {!embedAddress && <AddressSection {...address} />}
    </div>
  );
}
