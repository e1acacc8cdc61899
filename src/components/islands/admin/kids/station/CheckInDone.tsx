// After a check-in: the family's code, who went to which room, and the labels to print (from the
// server's print page, or on this tablet for one kept offline); then the next family.
import type { KidsLabels } from '../../../../../../contract/kids.ts';
import { nextFamily, showLabels } from '../../../../../stores/admin-kids-station.ts';
import type { T } from '../../../ui/index.ts';

export function CheckInDone({ last, t }: { last: KidsLabels; t: T }) {
  return (
    <section className="kids-done" aria-live="polite">
      <p>{t('admin.kids.codeIs')}</p>
      <p className="kids-code" data-testid="kids-code">
        {last.codigo}
      </p>
      <p>{last.etiquetas.map((e) => `${e.nome} → ${e.sala}`).join(' · ')}</p>
      {last.codigoId === 0 && <p>{t('admin.kids.keptOffline')}</p>}
      <div className="kids-actions">
        {last.codigoId > 0 ? (
          <a className="button kids-big" href={`/admin/kids/print?codigo=${last.codigoId}`}>
            {t('admin.kids.printLabels')}
          </a>
        ) : (
          <button type="button" className="button kids-big" onClick={() => showLabels(true)}>
            {t('admin.kids.printLabels')}
          </button>
        )}
        <button type="button" className="button secondary kids-big" onClick={nextFamily}>
          {t('admin.kids.nextFamily')}
        </button>
      </div>
    </section>
  );
}
