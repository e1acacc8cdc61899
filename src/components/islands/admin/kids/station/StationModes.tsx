// The station's three steps: check-in, pick-up, a visitor's family; then the notice of the last
// action (a wrong pick-up code framed large and red).
import { useStore } from '@nanostores/react';
import { $stationDesk, chooseMode } from '../../../../../stores/admin-kids-station.ts';
import { Notice, type T } from '../../../ui/index.ts';

export function StationModes({ t }: { t: T }) {
  const { mode, notice } = useStore($stationDesk);
  return (
    <>
      <nav className="kids-modes" aria-label={t('admin.kids.modes')}>
        {(['checkin', 'pickup', 'visitor'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={`button kids-big ${mode === m ? '' : 'secondary'}`}
            aria-pressed={mode === m}
            onClick={() => chooseMode(m)}
          >
            {t(`admin.kids.mode.${m}`)}
          </button>
        ))}
      </nav>
      {notice && (
        // a wrong pick-up code is framed large and red; the notice itself is the alert
        <div className={notice.alarm ? 'kids-alarm' : undefined}>
          <Notice kind={notice.kind}>{notice.text}</Notice>
        </div>
      )}
    </>
  );
}
