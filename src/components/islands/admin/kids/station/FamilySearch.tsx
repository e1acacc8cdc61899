// The station's search (phone, name or member-card QR) and the families it found for the slot.
import { useStore } from '@nanostores/react';
import type { KidsSession } from '../../../../../../contract/kids.ts';
import { $kidsFamilies } from '../../../../../stores/admin-kids.ts';
import {
  $stationDesk,
  searchFamilies,
  setStation,
} from '../../../../../stores/admin-kids-station.ts';
import { Field, Loader, Notice, type T } from '../../../ui/index.ts';
import { FamilyCard } from './FamilyCard.tsx';

export function FamilySearch({ slug, slot, t }: { slug: string; slot: KidsSession[]; t: T }) {
  const { term, searched, time } = useStore($stationDesk);
  const families = useStore($kidsFamilies);
  return (
    <>
      <form
        className="kids-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          searchFamilies(term);
        }}
      >
        <Field
          label={t('admin.kids.search')}
          hint={t('admin.kids.searchHint')}
          value={term}
          onChange={(v) => setStation({ term: v })}
          maxLength={100}
          autoComplete="off"
        />
        <button type="submit" className="button kids-big">
          {t('admin.kids.searchButton')}
        </button>
      </form>
      {families.state === 'loading' && <Loader label={t('admin.kids.loading')} />}
      {families.state === 'error' && (
        <Notice kind="error">{families.message || t('admin.kids.offlineNoList')}</Notice>
      )}
      {families.state === 'ready' &&
        (families.data.familias.length === 0 ? (
          <p>{t('admin.kids.noFamily')}</p>
        ) : (
          <ul className="kids-families">
            {families.data.familias.map((f) => (
              <FamilyCard
                key={`${f.chave}-${searched}-${time}`}
                slug={slug}
                family={f}
                sessions={slot}
                t={t}
              />
            ))}
          </ul>
        ))}
    </>
  );
}
