// The station's head and slot: full screen for a kiosk, the day, the time of the day's sessions
// and the station's own name (on the labels and the activity log).
import { useStore } from '@nanostores/react';
import type { KidsSession } from '../../../../../../contract/kids.ts';
import { $stationDesk, setStation } from '../../../../../stores/admin-kids-station.ts';
import { Field, type T } from '../../../ui/index.ts';

export function StationSlot({
  sessions,
  times,
  t,
}: {
  sessions: KidsSession[];
  times: string[];
  t: T;
}) {
  const { day, time, station } = useStore($stationDesk);
  return (
    <>
      <header className="kids-station-head">
        <h1>{t('admin.kids.stationTitle')}</h1>
        <button
          type="button"
          className="button secondary"
          onClick={() => void document.documentElement.requestFullscreen?.().catch(() => {})}
        >
          {t('admin.kids.fullscreen')}
        </button>
      </header>
      <div className="kids-slot">
        <Field
          label={t('admin.kids.day')}
          type="date"
          value={day}
          onChange={(v) => v && setStation({ day: v })}
        />
        <div className="ui-field">
          <label htmlFor="kids-time">{t('admin.kids.time')}</label>
          <select
            id="kids-time"
            value={time}
            onChange={(e) => setStation({ time: e.target.value })}
          >
            {times.map((h) => (
              <option key={h} value={h}>
                {h} · {sessions.find((s) => s.horario === h)?.titulo}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('admin.kids.stationName')}
          value={station}
          onChange={(v) => setStation({ station: v })}
          maxLength={40}
        />
      </div>
    </>
  );
}
