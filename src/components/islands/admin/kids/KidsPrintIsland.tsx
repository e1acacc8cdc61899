// /admin/kids/print?codigo={id}[&crianca={check-in}] (docs/kids.md "Labels"): each child's label
// (name, room, allergies and notes in bold, the code) and the parent's tag (the code and the
// children's names), laid out for a 62 mm roll or 4×2 in labels; printed by the browser's dialog.
import { useEffect, useState } from 'react';
import type { KidsLabels } from '../../../../../contract/kids.ts';
import { fetchKidsLabels } from '../../../../lib/staff/kids-api.ts';
import { staffFailure } from '../../../../lib/staff/http.ts';
import { StaffGate, useUrlState, type StaffIslandProps } from '../kit/index.ts';
import { Loader, makeT, Notice } from '../../ui/index.ts';
import './kids.css';

type Size = 'roll62' | 'label4x2';

function Labels({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const [params] = useUrlState();
  const codeId = Number(params.get('codigo'));
  const only = Number(params.get('crianca')) || undefined;
  const [labels, setLabels] = useState<KidsLabels | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [size, setSize] = useState<Size>('roll62');
  useEffect(() => {
    if (!codeId) return;
    fetchKidsLabels(slug, codeId, only)
      .then(setLabels)
      .catch(async (e: unknown) => setError((await staffFailure(e)).message));
  }, [slug, codeId, only]);
  if (error) return <Notice kind="error">{error}</Notice>;
  if (!labels) return <Loader label={t('admin.kids.loading')} />;
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
          <a className="button secondary" href="/admin/kids/station">
            {t('admin.kids.backToStation')}
          </a>
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
          <p className="kids-label-reprint kids-no-print">
            <a href={`/admin/kids/print?codigo=${labels.codigoId}&crianca=${e.checkinId}`}>
              {t('admin.kids.reprint', { name: e.nome })}
            </a>
          </p>
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

export default function KidsPrintIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="kids">
      {() => <Labels {...props} />}
    </StaffGate>
  );
}
