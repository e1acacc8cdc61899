// /admin/kids/station (docs/kids.md "At the station"): a kiosk for a tablet or phone — find a family
// by phone, name or member-card QR, tick the children present, each to the room their age fits
// (or one chosen by hand), one code for the family and its labels to print; visitors' children are
// added here; pick-up lets a child go only against the family's code (or staff's reason). Without
// a connection it keeps working from the slot's family list (src/stores/admin-kids-offline.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { KidsSession } from '../../../../../contract/kids.ts';
import {
  $kidsDay,
  $kidsFamilies,
  $kidsLast,
  addKidsVisitor,
  kidsConfirmArrival,
  localDay,
} from '../../../../stores/admin-kids.ts';
import {
  $kidsStation,
  keepFamilyList,
  openKidsStation,
  setKidsOnline,
  stationCheckIn,
  stationLoadDay,
  stationPickUp,
  stationSearch,
  type StationChild,
  type StationFamily,
} from '../../../../stores/admin-kids-offline.ts';
import type { ApiFailure } from '../../../../lib/staff/http.ts';
import { StaffGate, type StaffIslandProps } from '../kit/index.ts';
import { Field, Loader, makeT, Notice, type T } from '../../ui/index.ts';
import { ageText } from './age.ts';
import { LabelSheet } from './LabelSheet.tsx';
import { StationStatus } from './StationStatus.tsx';
import './kids.css';

type Mode = 'checkin' | 'pickup' | 'visitor';

const isFailure = (v: unknown): v is ApiFailure =>
  typeof v === 'object' && v !== null && 'status' in v && 'message' in v;

function FamilyCard({
  family,
  sessions,
  mode,
  t,
  onCheckIn,
  onPickUp,
  onArrived,
}: {
  family: StationFamily;
  sessions: KidsSession[];
  mode: Mode;
  t: T;
  onCheckIn: (
    family: StationFamily,
    picks: { child: StationChild; sessaoId: number | null }[],
  ) => void;
  onPickUp: (child: StationChild, body: { codigo?: string; motivo?: string }) => void;
  onArrived: (codeId: number) => void;
}) {
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [rooms, setRooms] = useState<Record<string, string>>({});
  const [codes, setCodes] = useState<Record<string, string>>({});
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const key = (c: StationChild) => `${c.tipo}${c.id}`;
  // in the room: checked in on the server, or on this tablet while offline
  const isIn = (c: StationChild) => Boolean(c.checkinId ?? c.fila);
  // pre-checked from the parent's phone (docs/kids.md "From the parent's phone"): one press confirms
  const arriving = family.criancas.find((c) => c.chegando && c.codigoId);
  const picks = family.criancas
    .filter((c) => ticked[key(c)] && !isIn(c))
    .map((c) => ({ child: c, sessaoId: rooms[key(c)] ? Number(rooms[key(c)]) : c.sessaoSugerida }));
  return (
    <li className="kids-family">
      <h2>
        {family.responsavel}
        {family.visitante && <span className="staff-badge">{t('admin.kids.visitor')}</span>}
      </h2>
      {family.telefone && <p className="kids-muted">{family.telefone}</p>}
      <ul className="kids-children">
        {family.criancas.map((c) => {
          const id = `kid-${family.chave}-${key(c)}`;
          const suggested = sessions.find((s) => s.id === c.sessaoSugerida);
          return (
            <li key={key(c)} className="kids-child">
              {mode === 'checkin' ? (
                <label className="kids-tick" htmlFor={id}>
                  <input
                    id={id}
                    type="checkbox"
                    checked={Boolean(ticked[key(c)]) || isIn(c)}
                    disabled={isIn(c)}
                    onChange={(e) => setTicked({ ...ticked, [key(c)]: e.target.checked })}
                  />
                  <span>
                    <strong>{c.nome}</strong> · {ageText(c.idadeMeses, t)}
                    {c.observacoes && <b className="kids-notes"> · {c.observacoes}</b>}
                    {isIn(c) && (
                      <span className="staff-badge">
                        {' '}
                        {c.chegando ? t('admin.kids.arriving') : t('admin.kids.alreadyIn')}
                      </span>
                    )}
                  </span>
                </label>
              ) : (
                <p>
                  <strong>{c.nome}</strong>
                  {c.observacoes && <b className="kids-notes"> · {c.observacoes}</b>}
                </p>
              )}
              {mode === 'checkin' && !isIn(c) && (
                <div className="kids-room-pick">
                  <label htmlFor={`${id}-room`}>{t('admin.kids.room')}</label>
                  <select
                    id={`${id}-room`}
                    value={rooms[key(c)] ?? String(c.sessaoSugerida ?? '')}
                    onChange={(e) => setRooms({ ...rooms, [key(c)]: e.target.value })}
                  >
                    <option value="">
                      {suggested ? suggested.sala.nome : t('admin.kids.noRoomFits')}
                    </option>
                    {sessions.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.sala.nome} ({s.presentes}/{s.capacidade})
                      </option>
                    ))}
                  </select>
                </div>
              )}
              {mode === 'pickup' &&
                (isIn(c) && !c.chegando ? (
                  <form
                    className="kids-pickup"
                    onSubmit={(e) => {
                      e.preventDefault();
                      const motivo = reasons[key(c)]?.trim();
                      onPickUp(
                        c,
                        codes[key(c)] ? { codigo: codes[key(c)] } : { motivo: motivo ?? '' },
                      );
                    }}
                  >
                    <Field
                      label={t('admin.kids.parentCode')}
                      value={codes[key(c)] ?? ''}
                      onChange={(v) => setCodes({ ...codes, [key(c)]: v.toUpperCase() })}
                      autoComplete="off"
                      maxLength={8}
                    />
                    <Field
                      label={t('admin.kids.overrideReason')}
                      hint={t('admin.kids.overrideHint')}
                      value={reasons[key(c)] ?? ''}
                      onChange={(v) => setReasons({ ...reasons, [key(c)]: v })}
                      maxLength={300}
                    />
                    <button className="button kids-big" type="submit">
                      {t('admin.kids.letGo', { name: c.nome })}
                    </button>
                  </form>
                ) : (
                  <p className="kids-muted">{t('admin.kids.notIn')}</p>
                ))}
            </li>
          );
        })}
      </ul>
      {mode === 'checkin' && arriving && (
        <button
          type="button"
          className="button kids-big"
          onClick={() => onArrived(arriving.codigoId!)}
        >
          {t('admin.kids.confirmArrival')}
        </button>
      )}
      {mode === 'checkin' && (
        <button
          type="button"
          className="button kids-big"
          disabled={picks.length === 0}
          onClick={() => onCheckIn(family, picks)}
        >
          {t('admin.kids.checkInCount', { count: picks.length })}
        </button>
      )}
    </li>
  );
}

function VisitorForm({ slug, t, onDone }: { slug: string; t: T; onDone: (phone: string) => void }) {
  const blank = { nome: '', sobrenome: '', dataNascimento: '', observacoes: '' };
  const [guardian, setGuardian] = useState('');
  const [phone, setPhone] = useState('');
  const [kids, setKids] = useState([blank]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const err = (name: string) => errors[name]?.[0];
  async function submit(e: FormEvent) {
    e.preventDefault();
    const answer = await addKidsVisitor(slug, {
      responsavel: guardian,
      telefone: phone,
      criancas: kids,
    });
    if (isFailure(answer)) {
      setErrors(answer.errors);
      setMessage(answer.message);
      return;
    }
    onDone(phone);
  }
  return (
    <form className="kids-visitor" onSubmit={submit} noValidate>
      <h2>{t('admin.kids.visitorTitle')}</h2>
      {message && <Notice kind="error">{message}</Notice>}
      <Field
        label={t('admin.kids.guardian')}
        value={guardian}
        onChange={setGuardian}
        required
        error={err('responsavel')}
      />
      <Field
        label={t('admin.kids.phone')}
        type="tel"
        inputMode="tel"
        value={phone}
        onChange={setPhone}
        required
        error={err('telefone')}
      />
      {kids.map((k, i) => {
        const set = (name: keyof typeof blank) => (v: string) =>
          setKids(kids.map((x, j) => (j === i ? { ...x, [name]: v } : x)));
        return (
          <fieldset key={i} className="kids-visitor-child">
            <legend>{t('admin.kids.childN', { n: i + 1 })}</legend>
            <Field
              label={t('admin.kids.firstName')}
              value={k.nome}
              onChange={set('nome')}
              required
              error={err(`criancas.${i}.nome`)}
            />
            <Field
              label={t('admin.kids.lastName')}
              value={k.sobrenome}
              onChange={set('sobrenome')}
            />
            <Field
              label={t('admin.kids.birthDate')}
              type="date"
              value={k.dataNascimento}
              onChange={set('dataNascimento')}
              required
              error={err(`criancas.${i}.dataNascimento`)}
            />
            <Field
              label={t('admin.kids.notes')}
              hint={t('admin.kids.notesHint')}
              value={k.observacoes}
              onChange={set('observacoes')}
            />
          </fieldset>
        );
      })}
      <div className="kids-actions">
        {kids.length < 6 && (
          <button
            type="button"
            className="button secondary"
            onClick={() => setKids([...kids, blank])}
          >
            {t('admin.kids.addChild')}
          </button>
        )}
        <button type="submit" className="button kids-big">
          {t('admin.kids.saveVisitor')}
        </button>
      </div>
    </form>
  );
}

function Station({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const [day, setDay] = useState(localDay());
  const [time, setTime] = useState('');
  const [station, setStation] = useState('');
  const [mode, setMode] = useState<Mode>('checkin');
  const [term, setTerm] = useState('');
  const [searched, setSearched] = useState('');
  const [notice, setNotice] = useState<{
    kind: 'ok' | 'error';
    text: string;
    alarm?: boolean;
  } | null>(null);
  const dayState = useStore($kidsDay);
  const families = useStore($kidsFamilies);
  const last = useStore($kidsLast);
  const link = useStore($kidsStation);
  const [printing, setPrinting] = useState(false);

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
    if (times.length && !times.includes(time)) setTime(times[0]!);
  }, [times, time]);
  const slot = sessions.filter((s) => s.horario === time);
  // the slot's family list for an hour offline, taken again every 10 minutes and after a sync
  useEffect(() => {
    if (!link.online || link.queued) return;
    void keepFamilyList(day, time);
    const every = setInterval(() => void keepFamilyList(day, time), 10 * 60 * 1000);
    return () => clearInterval(every);
  }, [day, time, link.online, link.queued]);

  const search = (busca: string) => {
    setSearched(busca);
    if (busca.trim().length >= 2 && time) void stationSearch(busca.trim(), day, time);
  };
  const refresh = async () => {
    await stationLoadDay(day);
    if (searched) search(searched);
    if (navigator.onLine) void keepFamilyList(day, time);
  };

  async function checkIn(
    family: StationFamily,
    picks: { child: StationChild; sessaoId: number | null }[],
  ) {
    setNotice(null);
    const form = {
      data: day,
      horario: time,
      estacao: station,
      familia: family.chave,
      criancas: picks.map(({ child, sessaoId }) => ({
        tipo: child.tipo,
        id: child.id,
        ...(sessaoId && sessaoId !== child.sessaoSugerida ? { sessaoId } : {}),
      })),
    };
    const answer = await stationCheckIn(form, family, slot);
    if (isFailure(answer)) setNotice({ kind: 'error', text: answer.message });
    if (!isFailure(answer) && answer.codigoId > 0) await refresh();
  }

  async function arrived(codeId: number) {
    setNotice(null);
    const answer = await kidsConfirmArrival(slug, codeId, station);
    if (isFailure(answer)) setNotice({ kind: 'error', text: answer.message });
    else await refresh();
  }

  async function pickUp(
    family: StationFamily,
    child: StationChild,
    body: { codigo?: string; motivo?: string },
  ) {
    setNotice(null);
    const failure = await stationPickUp(
      child,
      family,
      { data: day, horario: time, estacao: station },
      body,
    );
    if (!failure && link.online) await refresh();
    setNotice(
      failure
        ? {
            kind: 'error',
            // refused on the tablet offline: the server's wording is not at hand
            text: failure.message || t('admin.kids.wrongCodeOffline', { code: body.codigo ?? '' }),
            alarm: failure.status === 403,
          }
        : { kind: 'ok', text: t('admin.kids.leftOk', { name: child.nome }) },
    );
  }

  if (printing && last)
    return <LabelSheet labels={last} only={false} t={t} onBack={() => setPrinting(false)} />;

  return (
    <div className="kids-station">
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
          onChange={(v) => v && setDay(v)}
        />
        <div className="ui-field">
          <label htmlFor="kids-time">{t('admin.kids.time')}</label>
          <select id="kids-time" value={time} onChange={(e) => setTime(e.target.value)}>
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
          onChange={setStation}
          maxLength={40}
        />
      </div>
      <StationStatus station={link} lang={lang} t={t} />
      {dayState.state === 'ready' && times.length === 0 && (
        <Notice kind="info">{t('admin.kids.noSessions')}</Notice>
      )}
      <nav className="kids-modes" aria-label={t('admin.kids.modes')}>
        {(['checkin', 'pickup', 'visitor'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={`button kids-big ${mode === m ? '' : 'secondary'}`}
            aria-pressed={mode === m}
            onClick={() => {
              setMode(m);
              setNotice(null);
            }}
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
      {mode === 'checkin' && last && (
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
              <button type="button" className="button kids-big" onClick={() => setPrinting(true)}>
                {t('admin.kids.printLabels')}
              </button>
            )}
            <button
              type="button"
              className="button secondary kids-big"
              onClick={() => $kidsLast.set(null)}
            >
              {t('admin.kids.nextFamily')}
            </button>
          </div>
        </section>
      )}
      {mode === 'visitor' ? (
        <VisitorForm
          slug={slug}
          t={t}
          onDone={(phone) => {
            setMode('checkin');
            setTerm(phone);
            search(phone);
            setNotice({ kind: 'ok', text: t('admin.kids.visitorSaved') });
          }}
        />
      ) : (
        <>
          <form
            className="kids-search"
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              search(term);
            }}
          >
            <Field
              label={t('admin.kids.search')}
              hint={t('admin.kids.searchHint')}
              value={term}
              onChange={setTerm}
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
                    family={f}
                    sessions={slot}
                    mode={mode}
                    t={t}
                    onCheckIn={(fam, picks) => void checkIn(fam, picks)}
                    onPickUp={(c, body) => void pickUp(f, c, body)}
                    onArrived={(codeId) => void arrived(codeId)}
                  />
                ))}
              </ul>
            ))}
        </>
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
