// /admin/kids/station (docs/kids.md "At the station"): a kiosk for a tablet or phone — find a family
// by phone, name or member-card QR, tick the children present, each to the room their age fits
// (or one chosen by hand), one code for the family and its labels to print; visitors' children are
// added here; pick-up lets a child go only against the family's code (or staff's reason). Without
// a connection it keeps working from the slot's family list (src/stores/admin-kids-offline.ts).
// The steps live in src/stores/admin-kids-station.ts; the sections in station/ render them.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { $kidsDay, $kidsLast } from '../../../../stores/admin-kids.ts';
import {
  $kidsStation,
  keepFamilyList,
  openKidsStation,
  setKidsOnline,
  stationLoadDay,
} from '../../../../stores/admin-kids-offline.ts';
import { $stationDesk, setStation, showLabels } from '../../../../stores/admin-kids-station.ts';
import { StaffGate, type StaffIslandProps } from '../kit/index.ts';
import { makeT, Notice } from '../../ui/index.ts';
import { LabelSheet } from './LabelSheet.tsx';
import { CheckInDone } from './station/CheckInDone.tsx';
import { FamilySearch } from './station/FamilySearch.tsx';
import { StationModes } from './station/StationModes.tsx';
import { StationSlot } from './station/StationSlot.tsx';
import { VisitorForm } from './station/VisitorForm.tsx';
import { StationStatus } from './StationStatus.tsx';
import './kids.css';

function Station({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const { day, time, mode, printing } = useStore($stationDesk);
  const dayState = useStore($kidsDay);
  const last = useStore($kidsLast);
  const link = useStore($kidsStation);

  useEffect(() => {
    openKidsStation(slug, localStorage, sessionStorage);
    const onChange = () => setKidsOnline(navigator.onLine);
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    return () => {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  }, [slug]);
  useEffect(() => {
    void stationLoadDay(day);
  }, [slug, day, link.online]);
  const shown = dayState.data;
  const sessions = useMemo(() => (shown?.data === day ? shown.sessoes : []), [shown, day]);
  const times = useMemo(() => [...new Set(sessions.map((s) => s.horario))].sort(), [sessions]);
  useEffect(() => {
    if (times.length && !times.includes(time)) setStation({ time: times[0]! });
  }, [times, time]);
  const slot = sessions.filter((s) => s.horario === time);
  // the slot's family list for an hour offline, taken again every 10 minutes and after a sync
  useEffect(() => {
    if (!link.online || link.queued) return;
    void keepFamilyList(day, time);
    const every = setInterval(() => void keepFamilyList(day, time), 10 * 60 * 1000);
    return () => clearInterval(every);
  }, [day, time, link.online, link.queued]);

  if (printing && last)
    return <LabelSheet labels={last} only={false} t={t} onBack={() => showLabels(false)} />;

  return (
    <div className="kids-station">
      <StationSlot sessions={sessions} times={times} t={t} />
      <StationStatus station={link} lang={lang} t={t} />
      {dayState.state === 'ready' && times.length === 0 && (
        <Notice kind="info">{t('admin.kids.noSessions')}</Notice>
      )}
      <StationModes t={t} />
      {mode === 'checkin' && last && <CheckInDone last={last} t={t} />}
      {mode === 'visitor' ? (
        <VisitorForm slug={slug} t={t} />
      ) : (
        <FamilySearch slug={slug} slot={slot} t={t} />
      )}
    </div>
  );
}

export default function KidsStationIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="kids">
      {() => <Station {...props} />}
    </StaffGate>
  );
}
