// Pick-up of one child: the family's code, or staff's reason when the parent has none.
import type { StationChild, StationFamily } from '../../../../../stores/admin-kids-offline.ts';
import {
  childKey,
  pickUpChild,
  setPick,
  type CardPicks,
} from '../../../../../stores/admin-kids-station.ts';
import { Field, type T } from '../../../ui/index.ts';

export function PickUpForm({
  family,
  child,
  card,
  picks,
  t,
}: {
  family: StationFamily;
  child: StationChild;
  card: string;
  picks: CardPicks;
  t: T;
}) {
  const key = childKey(child);
  return (
    <form
      className="kids-pickup"
      onSubmit={(e) => {
        e.preventDefault();
        void pickUpChild(family, child, {
          wrongCodeOffline: (code) => t('admin.kids.wrongCodeOffline', { code }),
          left: t('admin.kids.leftOk', { name: child.nome }),
        });
      }}
    >
      <Field
        label={t('admin.kids.parentCode')}
        value={picks.codes[key] ?? ''}
        onChange={(v) => setPick(card, 'codes', key, v.toUpperCase())}
        autoComplete="off"
        maxLength={8}
      />
      <Field
        label={t('admin.kids.overrideReason')}
        hint={t('admin.kids.overrideHint')}
        value={picks.reasons[key] ?? ''}
        onChange={(v) => setPick(card, 'reasons', key, v)}
        maxLength={300}
      />
      <button className="button kids-big" type="submit">
        {t('admin.kids.letGo', { name: child.nome })}
      </button>
    </form>
  );
}
