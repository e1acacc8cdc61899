// /admin/events/{id}/checkin (docs/events.md "Check-in at the door"): made for a phone at the
// door. Scan the ticket's QR with the camera, read a photo of it, or type its code; a full-screen
// green or red answer with the holder's name and ticket type; the live count; scans made without
// a connection wait on the phone and are sent when it returns.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import {
  $door,
  clearReports,
  dismiss,
  flush,
  openDoor,
  refresh,
  scan,
  setDoor,
  setOnline,
} from '../../../../stores/admin-checkin.ts';
import { StaffGate, type StaffIslandProps } from '../kit/index.ts';
import { Field, Loader, makeT, Notice, type T } from '../../ui/index.ts';
import { decodeImage, startCamera, type RunningScanner } from './scanner.ts';
import { usedLine } from './used-line.ts';
import './events.css';

function Answer({ t, lang }: { t: T; lang: StaffIslandProps['lang'] }) {
  const { last, event } = useStore($door);
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!last) return;
    next.current?.focus();
    // A green answer clears itself so the next person can be scanned; a red one waits for a tap.
    if (last.kind === 'answer' && last.answer.admitido) {
      const timer = setTimeout(dismiss, 2500);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [last]);
  if (!last) return null;
  const tone =
    last.kind === 'queued' ? 'wait' : last.kind === 'answer' && last.answer.admitido ? 'ok' : 'no';
  return (
    <div className={`checkin-answer checkin-${tone}`} role="alert">
      {last.kind === 'answer' ? (
        <>
          <p className="checkin-verdict">
            {t(last.answer.admitido ? 'admin.events.door.admitted' : 'admin.events.door.refused')}
          </p>
          {last.answer.titular && <p className="checkin-name">{last.answer.titular}</p>}
          {last.answer.ingresso && <p className="checkin-type">{last.answer.ingresso}</p>}
          {!last.answer.admitido && <p className="checkin-reason">{last.answer.mensagem}</p>}
          {!last.answer.admitido && last.answer.uso && event && (
            <p className="checkin-reason">
              {usedLine(last.answer.uso, t, lang, event.fusoHorario)}
            </p>
          )}
        </>
      ) : last.kind === 'queued' ? (
        <>
          <p className="checkin-verdict">{t('admin.events.door.queued')}</p>
          <p className="checkin-reason">{t('admin.events.door.queuedExplain')}</p>
        </>
      ) : (
        <>
          <p className="checkin-verdict">{t('admin.events.door.refused')}</p>
          <p className="checkin-reason">{t('admin.events.door.twiceOffline')}</p>
        </>
      )}
      <p className="checkin-code">{last.kind === 'answer' ? last.answer.codigo : last.codigo}</p>
      <button ref={next} type="button" className="button" onClick={dismiss}>
        {t('admin.events.door.next')}
      </button>
    </div>
  );
}

function Door({ slug, strings, lang, id }: StaffIslandProps & { id: number }) {
  const t = makeT(strings, lang);
  const door = useStore($door);
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState<'off' | 'starting' | 'on'>('off');
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const running = useRef<RunningScanner | null>(null);
  const lastRead = useRef<{ code: string; at: number }>({ code: '', at: 0 });

  useEffect(() => {
    void openDoor(slug, id, localStorage);
    const online = () => setOnline(true);
    const offline = () => setOnline(false);
    addEventListener('online', online);
    addEventListener('offline', offline);
    // The live count, and a retry of what waits on the phone.
    const timer = setInterval(() => {
      if (!navigator.onLine) return;
      void refresh();
      void flush();
    }, 10_000);
    return () => {
      removeEventListener('online', online);
      removeEventListener('offline', offline);
      clearInterval(timer);
      running.current?.stop();
    };
  }, [slug, id]);

  const onCode = (text: string) => {
    const now = Date.now();
    // The camera reads the same QR many times a second: one scan per code every few seconds.
    if (text === lastRead.current.code && now - lastRead.current.at < 4000) return;
    lastRead.current = { code: text, at: now };
    void scan(text);
  };

  const toggleCamera = async () => {
    if (running.current) {
      running.current.stop();
      running.current = null;
      setCamera('off');
      return;
    }
    setCameraError(null);
    setCamera('starting');
    try {
      running.current = await startCamera(video.current!, onCode);
      setCamera('on');
    } catch {
      setCamera('off');
      setCameraError(t('admin.events.door.cameraFailed'));
    }
  };

  if (!door.event && !door.error && door.online) return <Loader label={t('admin.shell.loading')} />;
  return (
    <div className="checkin">
      <Answer t={t} lang={lang} />
      <h1>{t('admin.events.door.title', { title: door.event?.titulo ?? '' })}</h1>
      <p className="checkin-count" aria-live="polite">
        {door.count
          ? t.plural('admin.events.door.count', door.count.admitidos, {
              sold: door.count.vendidos,
            })
          : '—'}
        {!door.online && (
          <span className="events-badge off"> {t('admin.events.door.offline')}</span>
        )}
        {door.queued > 0 && (
          <span className="events-badge wait">
            {' '}
            {t.plural('admin.events.door.waiting', door.queued)}
          </span>
        )}
      </p>
      {door.error && <Notice kind="error">{door.error}</Notice>}
      <form
        className="checkin-form"
        onSubmit={(e) => {
          e.preventDefault();
          void scan(code);
          setCode('');
        }}
      >
        <Field
          label={t('admin.events.door.code')}
          name="codigo"
          value={code}
          onChange={setCode}
          autoComplete="off"
          placeholder="TK-…"
          maxLength={40}
        />
        <button type="submit" className="button" disabled={door.busy || !code.trim()}>
          {t('admin.events.door.check')}
        </button>
      </form>
      <div className="checkin-tools">
        <button
          type="button"
          className="button secondary"
          onClick={toggleCamera}
          aria-pressed={camera === 'on'}
        >
          {t(camera === 'on' ? 'admin.events.door.cameraStop' : 'admin.events.door.camera')}
        </button>
        <label className="button secondary checkin-photo">
          {t('admin.events.door.photo')}
          <input
            type="file"
            name="foto"
            accept="image/*"
            capture="environment"
            className="visually-hidden"
            onChange={async (e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (!file) return;
              setPhotoError(null);
              const text = await decodeImage(file);
              if (text) void scan(text);
              else setPhotoError(t('admin.events.door.photoFailed'));
            }}
          />
        </label>
      </div>
      {cameraError && <Notice kind="error">{cameraError}</Notice>}
      {photoError && <Notice kind="error">{photoError}</Notice>}
      <video
        ref={video}
        className={`checkin-video ${camera === 'off' ? 'hidden' : ''}`}
        muted
        playsInline
        aria-label={t('admin.events.door.cameraView')}
      />
      <Field
        label={t('admin.events.door.door')}
        name="porta"
        value={door.door}
        onChange={setDoor}
        hint={t('admin.events.door.doorHint')}
        maxLength={60}
      />
      {door.reports.length > 0 && (
        <section className="checkin-reports" aria-labelledby="checkin-reports">
          <h2 id="checkin-reports">{t('admin.events.door.reports')}</h2>
          <p>{t('admin.events.door.reportsExplain')}</p>
          <ul>
            {door.reports.map((r, i) => (
              <li key={`${r.codigo}-${i}`}>
                <code>{r.codigo}</code> {r.titular ? `· ${r.titular} ` : ''}·{' '}
                {r.mensagem || t('admin.events.door.twiceOffline')}
              </li>
            ))}
          </ul>
          <button type="button" className="button secondary" onClick={clearReports}>
            {t('admin.events.door.reportsClear')}
          </button>
        </section>
      )}
      <p>
        <a href="/admin/events?vista=checkin">{t('admin.events.door.otherEvent')}</a>
      </p>
    </div>
  );
}

export default function CheckinIsland(props: StaffIslandProps & { id: number }) {
  return (
    <StaffGate {...props} area="checkin">
      {() => <Door {...props} />}
    </StaffGate>
  );
}
