// /admin/kids (docs/kids.md "Setting up"): rooms (ages in months or school years, capacity, ratio), the sessions of
// a day (made from the service schedule, or one by hand) with links to each room's roster and the
// station, and attendance for a range with first-time visitors and the CSV.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { KidsRoom } from '../../../../../contract/kids.ts';
import {
  $kidsAttendance,
  $kidsDay,
  $kidsPositions,
  $kidsRooms,
  addKidsSession,
  downloadKidsCsv,
  generateKidsSessions,
  loadKidsAttendance,
  loadKidsDay,
  loadKidsPositions,
  loadKidsRooms,
  localDay,
  saveKidsRoom,
} from '../../../../stores/admin-kids.ts';
import type { KidsRoomForm } from '../../../../lib/staff/kids-api.ts';
import { StaffGate, StaffTabs, useUrlState, type StaffIslandProps } from '../kit/index.ts';
import { Check, Field, Loader, makeT, Notice, Select, type T } from '../../ui/index.ts';
import './kids.css';

const BLANK: KidsRoomForm = {
  nome: '',
  idadeMinMeses: '',
  idadeMaxMeses: '',
  anoEscolarMin: '',
  anoEscolarMax: '',
  capacidade: '',
  proporcao: '',
  ativo: true,
  posicaoId: '',
};

function RoomForm({
  slug,
  t,
  room,
  onDone,
}: {
  slug: string;
  t: T;
  room: KidsRoom | null;
  onDone: () => void;
}) {
  const [form, setForm] = useState<KidsRoomForm>(
    room
      ? {
          ...room,
          anoEscolarMin: room.anoEscolarMin ?? '',
          anoEscolarMax: room.anoEscolarMax ?? '',
          posicaoId: room.posicaoId ?? '',
        }
      : BLANK,
  );
  const positions = useStore($kidsPositions);
  useEffect(() => {
    void loadKidsPositions(slug);
  }, [slug]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const set = (name: keyof KidsRoomForm) => (v: string) => setForm({ ...form, [name]: v });
  async function submit(e: FormEvent) {
    e.preventDefault();
    const failure = await saveKidsRoom(slug, room?.id ?? null, form);
    if (failure) {
      setErrors(failure.errors);
      setMessage(failure.message);
      return;
    }
    onDone();
  }
  const err = (n: string) => errors[n]?.[0];
  return (
    <form className="kids-room-form" onSubmit={submit} noValidate>
      <h3>{room ? t('admin.kids.editRoom') : t('admin.kids.newRoom')}</h3>
      {message && <Notice kind="error">{message}</Notice>}
      <Field
        label={t('admin.kids.roomName')}
        value={form.nome}
        onChange={set('nome')}
        required
        error={err('nome')}
      />
      <Field
        label={t('admin.kids.minMonths')}
        type="number"
        inputMode="numeric"
        value={String(form.idadeMinMeses)}
        onChange={set('idadeMinMeses')}
        required
        error={err('idadeMinMeses')}
      />
      <Field
        label={t('admin.kids.maxMonths')}
        type="number"
        inputMode="numeric"
        value={String(form.idadeMaxMeses)}
        onChange={set('idadeMaxMeses')}
        required
        error={err('idadeMaxMeses')}
      />
      <Field
        label={t('admin.kids.firstYear')}
        hint={t('admin.kids.yearsHint')}
        type="number"
        inputMode="numeric"
        value={String(form.anoEscolarMin)}
        onChange={set('anoEscolarMin')}
        error={err('anoEscolarMin')}
      />
      <Field
        label={t('admin.kids.lastYear')}
        type="number"
        inputMode="numeric"
        value={String(form.anoEscolarMax)}
        onChange={set('anoEscolarMax')}
        error={err('anoEscolarMax')}
      />
      <Field
        label={t('admin.kids.capacity')}
        type="number"
        inputMode="numeric"
        value={String(form.capacidade)}
        onChange={set('capacidade')}
        required
        error={err('capacidade')}
      />
      <Field
        label={t('admin.kids.ratio')}
        hint={t('admin.kids.ratioHint')}
        type="number"
        inputMode="numeric"
        value={String(form.proporcao)}
        onChange={set('proporcao')}
        required
        error={err('proporcao')}
      />
      <Select
        label={t('admin.kids.position')}
        hint={t('admin.kids.positionHint')}
        placeholder={t('admin.kids.positionNone')}
        value={String(form.posicaoId ?? '')}
        onChange={set('posicaoId')}
        options={(positions.data?.posicoes ?? []).map((p) => ({
          value: String(p.id),
          label: `${p.equipe} · ${p.nome}`,
        }))}
        error={err('posicaoId')}
      />
      <Check
        name="ativo"
        label={t('admin.kids.active')}
        checked={form.ativo}
        onChange={(v) => setForm({ ...form, ativo: v })}
      />
      <div className="kids-actions">
        <button type="submit" className="button">
          {t('admin.kids.save')}
        </button>
        <button type="button" className="button secondary" onClick={onDone}>
          {t('admin.kids.cancel')}
        </button>
      </div>
    </form>
  );
}

function Rooms({ slug, t }: { slug: string; t: T }) {
  const rooms = useStore($kidsRooms);
  const [editing, setEditing] = useState<KidsRoom | 'new' | null>(null);
  useEffect(() => {
    void loadKidsRooms(slug);
  }, [slug]);
  return (
    <section>
      <div className="staff-toolbar">
        <h2>{t('admin.kids.rooms')}</h2>
        <button type="button" className="button" onClick={() => setEditing('new')}>
          {t('admin.kids.newRoom')}
        </button>
      </div>
      {editing && (
        <RoomForm
          key={editing === 'new' ? 'new' : editing.id}
          slug={slug}
          t={t}
          room={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {rooms.state === 'error' && <Notice kind="error">{rooms.message}</Notice>}
      {!rooms.data ? (
        <Loader label={t('admin.kids.loading')} />
      ) : rooms.data.salas.length === 0 ? (
        <p>{t('admin.kids.noRooms')}</p>
      ) : (
        <table className="staff-table">
          <caption className="visually-hidden">{t('admin.kids.rooms')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.kids.roomName')}</th>
              <th scope="col">{t('admin.kids.ages')}</th>
              <th scope="col">{t('admin.kids.capacity')}</th>
              <th scope="col">{t('admin.kids.ratio')}</th>
              <th scope="col">{t('admin.kids.state')}</th>
            </tr>
          </thead>
          <tbody>
            {rooms.data.salas.map((r) => (
              <tr key={r.id}>
                <td>
                  <button type="button" className="link-button" onClick={() => setEditing(r)}>
                    {r.nome}
                  </button>
                </td>
                <td data-label={t('admin.kids.ages')}>
                  {r.anoEscolarMin !== null
                    ? t('admin.kids.yearsRange', {
                        min: r.anoEscolarMin,
                        max: r.anoEscolarMax ?? '',
                      })
                    : t('admin.kids.agesRange', { min: r.idadeMinMeses, max: r.idadeMaxMeses })}
                </td>
                <td data-label={t('admin.kids.capacity')}>{r.capacidade}</td>
                <td data-label={t('admin.kids.ratio')}>1:{r.proporcao}</td>
                <td>
                  <span className="staff-badge">
                    {t(r.ativo ? 'admin.kids.active' : 'admin.kids.inactive')}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Sessions({ slug, t }: { slug: string; t: T }) {
  const day = useStore($kidsDay);
  const rooms = useStore($kidsRooms);
  const [date, setDate] = useState(localDay());
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [adhoc, setAdhoc] = useState({ salaId: '', horario: '', titulo: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  useEffect(() => {
    void loadKidsDay(slug, date);
    void loadKidsRooms(slug);
  }, [slug, date]);
  const sessions = day.data?.data === date ? day.data.sessoes : [];
  return (
    <section>
      <h2>{t('admin.kids.sessions')}</h2>
      <div className="staff-toolbar">
        <Field
          label={t('admin.kids.day')}
          type="date"
          value={date}
          onChange={(v) => v && setDate(v)}
        />
        <button
          type="button"
          className="button"
          onClick={async () => {
            const failure = await generateKidsSessions(slug, date);
            setMessage(
              failure
                ? { kind: 'error', text: failure.message }
                : { kind: 'ok', text: t('admin.kids.generated') },
            );
          }}
        >
          {t('admin.kids.generate')}
        </button>
        <a className="button secondary" href="/admin/kids/station">
          {t('admin.kids.openStation')}
        </a>
      </div>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {sessions.length === 0 ? (
        <p>{t('admin.kids.noSessions')}</p>
      ) : (
        <table className="staff-table">
          <caption className="visually-hidden">{t('admin.kids.sessions')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.kids.time')}</th>
              <th scope="col">{t('admin.kids.room')}</th>
              <th scope="col">{t('admin.kids.present')}</th>
              <th scope="col">{t('admin.kids.roster')}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id}>
                <td>
                  {s.horario} · {s.titulo}
                </td>
                <td data-label={t('admin.kids.room')}>{s.sala.nome}</td>
                <td data-label={t('admin.kids.present')}>
                  {s.presentes}/{s.capacidade} ({s.total})
                </td>
                <td>
                  <a href={`/admin/kids/roster?sessao=${s.id}`}>
                    {t('admin.kids.openRoster', { room: s.sala.nome })}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        className="kids-adhoc"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const failure = await addKidsSession(slug, {
            salaId: Number(adhoc.salaId),
            data: date,
            horario: adhoc.horario,
            titulo: adhoc.titulo,
          });
          setErrors(failure?.errors ?? {});
          if (failure) setMessage({ kind: 'error', text: failure.message });
        }}
      >
        <h3>{t('admin.kids.adhoc')}</h3>
        <div className="ui-field">
          <label htmlFor="kids-adhoc-room">{t('admin.kids.room')}</label>
          <select
            id="kids-adhoc-room"
            value={adhoc.salaId}
            onChange={(e) => setAdhoc({ ...adhoc, salaId: e.target.value })}
          >
            <option value="">—</option>
            {rooms.data?.salas.map((r) => (
              <option key={r.id} value={r.id}>
                {r.nome}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('admin.kids.time')}
          type="time"
          value={adhoc.horario}
          onChange={(v) => setAdhoc({ ...adhoc, horario: v })}
          error={errors.horario?.[0]}
        />
        <Field
          label={t('admin.kids.sessionTitle')}
          value={adhoc.titulo}
          onChange={(v) => setAdhoc({ ...adhoc, titulo: v })}
          error={errors.titulo?.[0]}
        />
        <button type="submit" className="button secondary">
          {t('admin.kids.addSession')}
        </button>
      </form>
    </section>
  );
}

function Attendance({ slug, t }: { slug: string; t: T }) {
  const report = useStore($kidsAttendance);
  const today = localDay();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  useEffect(() => {
    void loadKidsAttendance(slug, from, to);
  }, [slug, from, to]);
  const data = report.data;
  return (
    <section>
      <h2>{t('admin.kids.attendance')}</h2>
      <div className="staff-toolbar">
        <Field
          label={t('admin.kids.from')}
          type="date"
          value={from}
          onChange={(v) => v && setFrom(v)}
        />
        <Field label={t('admin.kids.to')} type="date" value={to} onChange={(v) => v && setTo(v)} />
        <button
          type="button"
          className="button secondary"
          onClick={() => void downloadKidsCsv(slug, from, to)}
        >
          {t('admin.kids.csv')}
        </button>
      </div>
      {report.state === 'error' && <Notice kind="error">{report.message}</Notice>}
      {!data ? (
        <Loader label={t('admin.kids.loading')} />
      ) : (
        <>
          <h3>{t('admin.kids.bySession')}</h3>
          {data.sessoes.length === 0 ? (
            <p>{t('admin.kids.noSessions')}</p>
          ) : (
            <table className="staff-table" data-testid="kids-attendance-sessions">
              <caption className="visually-hidden">{t('admin.kids.bySession')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.kids.day')}</th>
                  <th scope="col">{t('admin.kids.room')}</th>
                  <th scope="col">{t('admin.kids.checkedIn')}</th>
                </tr>
              </thead>
              <tbody>
                {data.sessoes.map((s) => (
                  <tr key={s.id}>
                    <td>
                      {s.data} {s.horario}
                    </td>
                    <td data-label={t('admin.kids.room')}>{s.sala.nome}</td>
                    <td data-label={t('admin.kids.checkedIn')}>{s.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h3>{t('admin.kids.byChild')}</h3>
          {data.criancas.length === 0 ? (
            <p>{t('admin.kids.noAttendance')}</p>
          ) : (
            <table className="staff-table" data-testid="kids-attendance-children">
              <caption className="visually-hidden">{t('admin.kids.byChild')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.kids.child')}</th>
                  <th scope="col">{t('admin.kids.guardian')}</th>
                  <th scope="col">{t('admin.kids.times')}</th>
                </tr>
              </thead>
              <tbody>
                {data.criancas.map((c) => (
                  <tr key={`${c.nome}-${c.responsavel}`}>
                    <td>
                      {c.nome}
                      {c.visitante && (
                        <span className="staff-badge"> {t('admin.kids.visitor')}</span>
                      )}
                    </td>
                    <td data-label={t('admin.kids.guardian')}>{c.responsavel}</td>
                    <td data-label={t('admin.kids.times')}>{c.vezes}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h3>{t('admin.kids.firstTime')}</h3>
          {data.visitantes.length === 0 ? (
            <p>{t('admin.kids.noVisitors')}</p>
          ) : (
            <ul>
              {data.visitantes.map((v) => (
                <li key={v.id}>
                  <strong>{v.responsavel}</strong> · {v.telefone} · {v.criancas.join(', ')}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function KidsAdmin({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const [params] = useUrlState();
  const tab = params.get('vista') ?? 'sessoes';
  return (
    <>
      <h1>{t('admin.kids.title')}</h1>
      <StaffTabs
        label={t('admin.kids.title')}
        current={tab}
        tabs={[
          ['sessoes', '/admin/kids'],
          ['salas', '/admin/kids?vista=salas'],
          ['frequencia', '/admin/kids?vista=frequencia'],
        ]}
        tabLabel={(key) => t(`admin.kids.tab.${key}`)}
      />
      {tab === 'salas' ? (
        <Rooms slug={slug} t={t} />
      ) : tab === 'frequencia' ? (
        <Attendance slug={slug} t={t} />
      ) : (
        <Sessions slug={slug} t={t} />
      )}
    </>
  );
}

export default function KidsAdminIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="kids">
      {() => <KidsAdmin {...props} />}
    </StaffGate>
  );
}
