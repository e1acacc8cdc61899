// /admin/kids/print?codigo={id}[&crianca={check-in}] (docs/kids.md "Labels"): each child's label
// (name, room, allergies and notes in bold, the code) and the parent's tag (the code and the
// children's names), laid out for a 62 mm roll or 4×2 in labels; printed by the browser's dialog.
import { useEffect, useState } from 'react';
import type { KidsLabels } from '../../../../../contract/kids.ts';
import { fetchKidsLabels } from '../../../../lib/staff/kids-api.ts';
import { staffFailure } from '../../../../lib/staff/http.ts';
import { StaffGate, useUrlState, type StaffIslandProps } from '../kit/index.ts';
import { Loader, makeT, Notice } from '../../ui/index.ts';
import { LabelSheet } from './LabelSheet.tsx';
import './kids.css';

function Labels({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const [params] = useUrlState();
  const codeId = Number(params.get('codigo'));
  const only = Number(params.get('crianca')) || undefined;
  const [labels, setLabels] = useState<KidsLabels | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!codeId) return;
    fetchKidsLabels(slug, codeId, only)
      .then(setLabels)
      .catch(async (e: unknown) => setError((await staffFailure(e)).message));
  }, [slug, codeId, only]);
  if (error) return <Notice kind="error">{error}</Notice>;
  if (!labels) return <Loader label={t('admin.kids.loading')} />;
  return <LabelSheet labels={labels} only={Boolean(only)} t={t} />;
}

export default function KidsPrintIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="kids">
      {() => <Labels {...props} />}
    </StaffGate>
  );
}
