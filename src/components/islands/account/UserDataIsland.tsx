// /user/data (registration data with the children and address sections) and /user/data-update
// (the data a payment needs, then back to redirectTo). spec §2, §3 Form fields, §5. Each part
// is its own file: ProfileForm, ChildrenSection, AddressSection.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { profileLists, type ProfileLists } from '../../../lib/account/api.ts';
import type { AddressServices } from '../../../lib/account/postcode.ts';
import { $session } from '../../../stores/session.ts';
import { type IslandProps, MemberGate, Notice, redirectTarget, type T } from '../ui/index.ts';
import AddressSection from './AddressSection.tsx';
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
  const user = useStore($session).user!;
  const [lists, setLists] = useState<ProfileLists | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    profileLists(church.id, user.id).then(setLists, () => setFailed(true));
  }, [church.id, user.id]);
  if (failed) return <Notice kind="error">{t('account.loadError')}</Notice>;
  if (!lists) return <p className="acc-muted" role="status">{t('account.loading')}</p>;
  return (
    <div className="acc-panel">
      <h1>{mode === 'update' ? t('account.dataUpdate.title') : t('account.data.title')}</h1>
      {mode === 'update' && <p>{t('account.dataUpdate.intro')}</p>}
      <ProfileForm key={user.id} t={t} lang={lang} church={church} lists={lists} mode={mode} />
      {mode === 'data' && <ChildrenSection t={t} lang={lang} churchId={church.id} userId={user.id} />}
      <AddressSection t={t} churchId={church.id} userId={user.id} countries={lists.countries} services={services} defaultCountry={church.pais ?? 'BR'} />
      {mode === 'update' && (
        <p><a className="button" href={redirectTarget()}>{t('account.dataUpdate.continue')}</a></p>
      )}
    </div>
  );
}
