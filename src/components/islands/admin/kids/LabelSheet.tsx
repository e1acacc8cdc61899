// A family's labels and the parent's tag, laid out for a 62 mm roll or 4×2 in labels and printed
// by the browser's dialog (docs/kids.md "Labels"): the print page's, and the station's own while
// offline (the labels are on the tablet, the print page is not).
import { useState } from 'react';
import type { KidsLabels } from '../../../../../contract/kids.ts';
import type { T } from '../../ui/index.ts';

type Size = 'roll62' | 'label4x2';

export function LabelSheet({
  labels,
  only,
  t,
  onBack,
}: {
  labels: KidsLabels;
  /** One child's label (a reprint): no parent's tag. */
  only: boolean;
  t: T;
  /** Back to the station in place (offline); else a link to it. */
  onBack?: () => void;
}) {
  const [size, setSize] = useState<Size>('roll62');
  // labels made offline have no server id yet, so no reprint link
  const stored = labels.codigoId > 0;
  return (
    <div className={`kids-print kids-print-${size}`}>
      <style>{`@media print { @page { size: ${size === 'roll62' ? '62mm 40mm' : '4in 2in'}; margin: 0; } }`}</style>
      <div className="kids-print-tools">
        <h1>{t('admin.kids.printTitle')}</h1>
        <div className="ui-field">
          <label htmlFor="kids-size">{t('admin.kids.labelSize')}</label>
          <select id="kids-size" value={size} onChange={(e) => setSize(e.target.value as Size)}>
            <option value="roll62">{t('admin.kids.size.roll62')}</option>
            <option value="label4x2">{t('admin.kids.size.label4x2')}</option>
          </select>
        </div>
        <div className="kids-actions">
          <button type="button" className="button kids-big" onClick={() => window.print()}>
            {t('admin.kids.print')}
          </button>
          {onBack ? (
            <button type="button" className="button secondary" onClick={onBack}>
              {t('admin.kids.backToStation')}
            </button>
          ) : (
            <a className="button secondary" href="/admin/kids/station">
              {t('admin.kids.backToStation')}
            </a>
          )}
        </div>
      </div>
      {labels.etiquetas.map((e) => (
        <article key={e.checkinId} className="kids-label" data-testid="kids-label">
          <p className="kids-label-name">{e.nome}</p>
          <p>
            {e.sala} · {labels.data} {e.horario}
          </p>
          {e.observacoes && <p className="kids-label-notes">{e.observacoes}</p>}
          <p className="kids-label-code">{labels.codigo}</p>
          {stored && (
            <p className="kids-label-reprint kids-no-print">
              <a href={`/admin/kids/print?codigo=${labels.codigoId}&crianca=${e.checkinId}`}>
                {t('admin.kids.reprint', { name: e.nome })}
              </a>
            </p>
          )}
        </article>
      ))}
      {!only && (
        <article className="kids-label kids-tag" data-testid="kids-parent-tag">
          <p className="kids-label-name">{t('admin.kids.parentTag')}</p>
          <p className="kids-label-code">{labels.codigo}</p>
          <p>{labels.etiquetas.map((e) => e.nome).join(', ')}</p>
          <p className="kids-muted">{labels.responsavel}</p>
        </article>
      )}
    </div>
  );
}
