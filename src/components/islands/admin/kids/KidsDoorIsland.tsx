// /admin/kids/door?data (docs/kids.md "Paging a parent"): a screen at the room's door showing the
// codes of the parents paged today in large type, refreshed every 10 seconds.
import { useEffect, useState } from 'react';
import type { KidsDoor } from '../../../../../contract/kids.ts';
import { fetchKidsDoor } from '../../../../lib/staff/kids-api.ts';
import { localDay } from '../../../../stores/admin-kids.ts';
import { StaffGate, useUrlState, type StaffIslandProps } from '../kit/index.ts';
import { makeT } from '../../ui/index.ts';
import './kids.css';

function Door({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const [params] = useUrlState();
  const day = params.get('data') ?? localDay();
  const [door, setDoor] = useState<KidsDoor | null>(null);
  useEffect(() => {
    const load = () => fetchKidsDoor(slug, day).then(setDoor, () => {});
    void load();
    const timer = setInterval(() => void load(), 10_000);
    return () => clearInterval(timer);
  }, [slug, day]);
  return (
    <div className="kids-door">
      <h1>{t('admin.kids.doorTitle')}</h1>
      {door && door.chamados.length === 0 && <p>{t('admin.kids.doorEmpty')}</p>}
      <ul aria-live="polite">
        {door?.chamados.map((c) => (
          <li key={`${c.codigo}-${c.sala}`}>
            <span className="kids-door-code">{c.codigo}</span> <span>{c.sala}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function KidsDoorIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="kids">
      {() => <Door {...props} />}
    </StaffGate>
  );
}
