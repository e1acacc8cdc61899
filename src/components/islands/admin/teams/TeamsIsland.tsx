// /admin/teams (docs/volunteers.md): the teams, a team (?equipe=: positions, members, plans) and
// a plan (?equipe=&escala=: who serves where, availability, a fair proposal, check-in on the day);
// the month's served counts and their CSV. The server decides who may do what.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { PlanDetail, TeamDetail } from '../../../../../contract/teams-staff.ts';
import { formatDate, type Lang } from '../../../../lib/format.ts';
import type { ApiFailure } from '../../../../lib/staff/http.ts';
import { fetchReport } from '../../../../lib/staff/teams-api.ts';
import {
  $plan,
  $proposal,
  $team,
  $teams,
  addMember,
  addPosition,
  changeMember,
  createTeam,
  downloadReport,
  loadPlan,
  loadProposal,
  loadTeam,
  loadTeams,
  makePlans,
  markPresence,
  removeMember,
  removePosition,
  schedulePerson,
  searchTeamPeople,
  unschedule,
} from '../../../../stores/admin-teams.ts';
import { ConfirmButton, StaffGate, useUrlState, type StaffIslandProps } from '../kit/index.ts';
import {
  Field,
  firstErrors,
  Loader,
  makeT,
  Notice,
  Select,
  SubmitButton,
  type T,
} from '../../ui/index.ts';
import './teams.css';

type Message = { kind: 'ok' | 'error'; text: string } | null;

const day = (date: string, lang: Lang) => formatDate(`${date}T12:00:00Z`, lang, 'UTC');

/** Removing asks once, naming what goes (docs/staff.md "Dangerous actions"). */
function Remove({ t, name, onConfirm }: { t: T; name: string; onConfirm: () => Promise<unknown> }) {
  return (
    <ConfirmButton
      label={t('admin.teams.remove')}
      title={t('admin.teams.confirmRemove', { name })}
      explanation={t('admin.teams.removeExplanation')}
      confirmLabel={t('admin.teams.remove')}
      cancelLabel={t('admin.teams.cancel')}
      className="button secondary"
      onConfirm={async () => {
        await onConfirm();
      }}
    />
  );
}

function useMessage(): [Message, (failure: ApiFailure | null, ok?: string) => boolean] {
  const [message, setMessage] = useState<Message>(null);
  return [
    message,
    (failure, ok) => {
      if (failure) {
        const field = Object.values(failure.errors)[0]?.[0];
        setMessage({ kind: 'error', text: field ?? failure.message });
        return false;
      }
      setMessage(ok ? { kind: 'ok', text: ok } : null);
      return true;
    },
  ];
}

function TeamList({ slug, t }: { slug: string; t: T }) {
  const teams = useStore($teams);
  const [nome, setNome] = useState('');
  const [tipo, setTipo] = useState('geral');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadTeams(slug);
  }, [slug]);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const made = await createTeam(slug, {
      nome,
      descricao: null,
      tipo: tipo as 'geral' | 'louvor' | 'porta',
    });
    setBusy(false);
    if ('id' in made) {
      setNome('');
      setErrors({});
      window.location.assign(`/admin/teams?equipe=${made.id}`);
    } else
      setErrors({
        ...firstErrors(made.errors),
        ...(made.errors.nome ? {} : { form: made.message }),
      });
  }
  const data = teams.data;
  return (
    <>
      <h1>{t('admin.teams.title')}</h1>
      {teams.state === 'error' && <Notice kind="error">{teams.message}</Notice>}
      {!data ? (
        teams.state !== 'error' && <Loader label={t('admin.teams.loading')} />
      ) : data.equipes.length === 0 ? (
        <p>{t('admin.teams.empty')}</p>
      ) : (
        <table className="staff-table teams-admin-table">
          <caption className="visually-hidden">{t('admin.teams.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.teams.name')}</th>
              <th scope="col">{t('admin.teams.positions')}</th>
              <th scope="col">{t('admin.teams.members')}</th>
            </tr>
          </thead>
          <tbody>
            {data.equipes.map((team) => (
              <tr key={team.id}>
                <td>
                  <a href={`/admin/teams?equipe=${team.id}`}>{team.nome}</a>{' '}
                  <small className="teams-admin-muted">{t(`admin.teams.kind.${team.tipo}`)}</small>
                </td>
                <td data-label={t('admin.teams.positions')}>
                  {team.posicoes.map((p) => p.nome).join(', ') || '—'}
                </td>
                <td data-label={t('admin.teams.members')}>
                  {team.membros}{' '}
                  {team.pedidos > 0 && (
                    <span className="staff-badge">
                      {t('admin.teams.requests', { count: team.pedidos })}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="teams-admin-form" onSubmit={submit} noValidate>
        <h2>{t('admin.teams.new')}</h2>
        {errors.form && <Notice kind="error">{errors.form}</Notice>}
        <Field
          label={t('admin.teams.name')}
          name="nome"
          value={nome}
          onChange={setNome}
          maxLength={80}
          required
          error={errors.nome}
        />
        <Select
          label={t('admin.teams.kindLabel')}
          name="tipo"
          value={tipo}
          onChange={setTipo}
          error={errors.tipo}
          options={(['geral', 'louvor', 'porta'] as const).map((k) => ({
            value: k,
            label: t(`admin.teams.kind.${k}`),
          }))}
        />
        <SubmitButton
          submitting={busy}
          label={t('admin.teams.create')}
          busyLabel={t('admin.teams.saving')}
        />
      </form>
      <Report slug={slug} t={t} />
    </>
  );
}

function Report({ slug, t }: { slug: string; t: T }) {
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const [rows, setRows] = useState<Awaited<ReturnType<typeof fetchReport>> | null>(null);
  const [message, report] = useMessage();
  useEffect(() => {
    if (!/^\d{4}-\d{2}$/.test(month)) return;
    fetchReport(slug, month)
      .then(setRows)
      .catch(() => setRows(null));
  }, [slug, month]);
  return (
    <section className="teams-admin-report" aria-labelledby="teams-report">
      <h2 id="teams-report">{t('admin.teams.report')}</h2>
      <div className="staff-toolbar">
        <Field
          label={t('admin.teams.month')}
          name="mes"
          type="month"
          value={month}
          onChange={setMonth}
        />
        <button
          type="button"
          className="button secondary"
          onClick={async () => report(await downloadReport(slug, month))}
        >
          {t('admin.teams.csv')}
        </button>
      </div>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {rows && rows.linhas.length === 0 && <p>{t('admin.teams.reportEmpty')}</p>}
      {rows && rows.linhas.length > 0 && (
        <table className="staff-table">
          <caption className="visually-hidden">{t('admin.teams.report')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.teams.team')}</th>
              <th scope="col">{t('admin.teams.person')}</th>
              <th scope="col">{t('admin.teams.asked')}</th>
              <th scope="col">{t('admin.teams.served')}</th>
              <th scope="col">{t('admin.teams.declined')}</th>
              <th scope="col">{t('admin.teams.noShows')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.linhas.map((r) => (
              <tr key={`${r.equipe}-${r.pessoa}`}>
                <td>{r.equipe}</td>
                <td>{r.pessoa}</td>
                <td>{r.escalas}</td>
                <td>{r.serviu}</td>
                <td>{r.recusou}</td>
                <td>{r.faltas}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function PersonPicker({ slug, t, onPick }: { slug: string; t: T; onPick: (id: number) => void }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ id: number; nome: string; email: string }[] | null>(null);
  async function find(e: FormEvent) {
    e.preventDefault();
    if (!query.trim()) return;
    setFound(await searchTeamPeople(slug, query.trim()).catch(() => []));
  }
  return (
    <form className="teams-admin-picker" onSubmit={find}>
      <Field
        label={t('admin.teams.findPerson')}
        name="busca-pessoa"
        type="search"
        value={query}
        maxLength={100}
        onChange={setQuery}
      />
      <button type="submit" className="button secondary">
        {t('admin.teams.find')}
      </button>
      {found && (
        <ul className="teams-admin-list" aria-live="polite">
          {found.length === 0 && <li>{t('admin.teams.nobody')}</li>}
          {found.map((p) => (
            <li key={p.id}>
              <span>
                {p.nome} <small className="teams-admin-muted">{p.email}</small>
              </span>
              <button
                type="button"
                className="button secondary"
                onClick={() => {
                  onPick(p.id);
                  setFound(null);
                  setQuery('');
                }}
              >
                {t('admin.teams.addToTeam', { name: p.nome })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

function TeamView({ slug, t, lang, id }: { slug: string; t: T; lang: Lang; id: number }) {
  const team = useStore($team);
  const [message, report] = useMessage();
  const [position, setPosition] = useState('');
  const [count, setCount] = useState('1');
  const [service, setService] = useState('');
  const [weeks, setWeeks] = useState('4');
  const [event, setEvent] = useState('');
  useEffect(() => {
    void loadTeam(slug, id);
  }, [slug, id]);
  const data: TeamDetail | undefined = team.data;
  if (team.state === 'error') return <Notice kind="error">{team.message}</Notice>;
  if (!data) return <Loader label={t('admin.teams.loading')} />;
  const serviceId = service || String(data.cultos.find((c) => c.diaSemana === 7)?.id ?? '');
  return (
    <>
      <p>
        <a href="/admin/teams">{t('admin.teams.back')}</a>
      </p>
      <h1>{data.nome}</h1>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <section aria-labelledby="teams-positions">
        <h2 id="teams-positions">{t('admin.teams.positions')}</h2>
        <ul className="teams-admin-list">
          {data.posicoes.map((p) => (
            <li key={p.id}>
              <span>
                {p.nome} <small className="teams-admin-muted">× {p.quantidade}</small>
              </span>
              <Remove
                t={t}
                name={p.nome}
                onConfirm={async () => report(await removePosition(slug, id, p.id))}
              />
            </li>
          ))}
        </ul>
        <form
          className="teams-admin-inline"
          onSubmit={async (e) => {
            e.preventDefault();
            if (report(await addPosition(slug, id, position, Number(count) || 0))) setPosition('');
          }}
        >
          <Field
            label={t('admin.teams.positionName')}
            name="posicao"
            value={position}
            onChange={setPosition}
            maxLength={60}
          />
          <Field
            label={t('admin.teams.needed')}
            name="quantidade"
            type="number"
            inputMode="numeric"
            value={count}
            onChange={setCount}
          />
          <button type="submit" className="button secondary">
            {t('admin.teams.addPosition')}
          </button>
        </form>
      </section>
      <section aria-labelledby="teams-members">
        <h2 id="teams-members">{t('admin.teams.members')}</h2>
        <ul className="teams-admin-list">
          {data.pessoas.map((p) => (
            <li key={p.id}>
              <span>
                {p.nome} {p.lider && <span className="staff-badge">{t('admin.teams.leader')}</span>}
                {p.estado === 'pedido' && (
                  <span className="staff-badge">{t('admin.teams.request')}</span>
                )}
              </span>
              <span className="teams-admin-actions">
                {p.estado === 'pedido' ? (
                  <button
                    type="button"
                    className="button secondary"
                    onClick={async () =>
                      report(await changeMember(slug, id, p.id, { aprovar: true }))
                    }
                  >
                    {t('admin.teams.approve', { name: p.nome })}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button secondary"
                    onClick={async () =>
                      report(await changeMember(slug, id, p.id, { lider: !p.lider }))
                    }
                  >
                    {t(p.lider ? 'admin.teams.unmakeLeader' : 'admin.teams.makeLeader')}
                  </button>
                )}
                <Remove
                  t={t}
                  name={p.nome}
                  onConfirm={async () => report(await removeMember(slug, id, p.id))}
                />
              </span>
            </li>
          ))}
        </ul>
        <PersonPicker
          slug={slug}
          t={t}
          onPick={async (userId) => report(await addMember(slug, id, userId, false))}
        />
      </section>
      <section aria-labelledby="teams-plans">
        <h2 id="teams-plans">{t('admin.teams.plans')}</h2>
        {data.escalas.length === 0 ? (
          <p>{t('admin.teams.noPlans')}</p>
        ) : (
          <table className="staff-table">
            <caption className="visually-hidden">{t('admin.teams.plans')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.teams.plan')}</th>
                <th scope="col">{t('admin.teams.filled')}</th>
              </tr>
            </thead>
            <tbody>
              {data.escalas.map((p) => (
                <tr key={p.id}>
                  <td>
                    <a href={`/admin/teams?equipe=${id}&escala=${p.id}`}>
                      {day(p.data, lang)} {p.horario} · {p.titulo}
                    </a>
                  </td>
                  <td data-label={t('admin.teams.filled')}>
                    {p.preenchidas}/{p.precisa}
                    {p.recusadas > 0 && (
                      <span className="staff-badge">
                        {t('admin.teams.declinedCount', { count: p.recusadas })}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <form
          className="teams-admin-inline"
          onSubmit={async (e) => {
            e.preventDefault();
            report(
              await makePlans(slug, id, {
                idCulto: Number(serviceId),
                semanas: Number(weeks) || 0,
              }),
              t('admin.teams.plansMade'),
            );
          }}
        >
          <Select
            label={t('admin.teams.service')}
            name="culto"
            value={serviceId}
            onChange={setService}
            options={data.cultos.map((c) => ({
              value: String(c.id),
              label: `${t(`admin.teams.weekday.${c.diaSemana}`)} ${c.horario} · ${c.titulo}`,
            }))}
          />
          <Field
            label={t('admin.teams.weeks')}
            name="semanas"
            type="number"
            inputMode="numeric"
            value={weeks}
            onChange={setWeeks}
          />
          <button type="submit" className="button secondary">
            {t('admin.teams.makePlans')}
          </button>
        </form>
        {data.eventos.length > 0 && (
          <form
            className="teams-admin-inline"
            onSubmit={async (e) => {
              e.preventDefault();
              const idEvento = Number(event || data.eventos[0]!.id);
              report(await makePlans(slug, id, { idEvento }), t('admin.teams.plansMade'));
            }}
          >
            <Select
              label={t('admin.teams.event')}
              name="evento"
              value={event || String(data.eventos[0]!.id)}
              onChange={setEvent}
              options={data.eventos.map((ev) => ({
                value: String(ev.id),
                label: `${formatDate(ev.inicio, lang)} · ${ev.titulo}`,
              }))}
            />
            <button type="submit" className="button secondary">
              {t('admin.teams.makeEventPlan')}
            </button>
          </form>
        )}
      </section>
    </>
  );
}

function PlanView({
  slug,
  t,
  lang,
  id,
  planId,
}: {
  slug: string;
  t: T;
  lang: Lang;
  id: number;
  planId: number;
}) {
  const plan = useStore($plan);
  const proposal = useStore($proposal);
  const [message, report] = useMessage();
  const [picked, setPicked] = useState<Record<number, string>>({});
  useEffect(() => {
    $proposal.set(null);
    void loadPlan(slug, id, planId);
  }, [slug, id, planId]);
  const data: PlanDetail | undefined = plan.data;
  if (plan.state === 'error') return <Notice kind="error">{plan.message}</Notice>;
  if (!data) return <Loader label={t('admin.teams.loading')} />;
  const declined = data.posicoes.some((p) => p.pessoas.some((a) => a.estado === 'recusada'));
  const open = data.posicoes.some((p) => p.abertas > 0);
  // a plan with a decline shows its substitutes at once
  if (declined && open && proposal === null) void loadProposal(slug, id, planId);
  const label = (c: PlanDetail['candidatos'][number]) =>
    [
      c.nome,
      c.bloqueado && t('admin.teams.away'),
      c.conflito && t('admin.teams.conflict', { what: c.conflito }),
      c.nestaEscala && t('admin.teams.inPlan'),
      c.ultimaVez
        ? t('admin.teams.lastServed', { date: day(c.ultimaVez, lang), count: c.vezes })
        : t('admin.teams.neverServed'),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <>
      <p>
        <a href={`/admin/teams?equipe=${id}`}>
          {t('admin.teams.backTo', { name: data.equipe.nome })}
        </a>
      </p>
      <h1>
        {data.titulo} · {day(data.data, lang)} {data.horario}
      </h1>
      <p>
        <a href={`/praise/escala?id=${data.id}`}>{t('admin.teams.teamView')}</a>
      </p>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {data.posicoes.map((p) => (
        <section key={p.id} className="teams-admin-position" aria-labelledby={`pos-${p.id}`}>
          <h2 id={`pos-${p.id}`}>
            {p.nome}{' '}
            <small className="teams-admin-muted">
              {t('admin.teams.openCount', { count: p.abertas })}
            </small>
          </h2>
          <ul className="teams-admin-list">
            {p.pessoas.map((a) => (
              <li key={a.id}>
                <span>
                  {a.pessoa.nome}{' '}
                  <span className={`staff-badge teams-state-${a.estado}`}>
                    {t(`admin.teams.state.${a.estado}`)}
                  </span>{' '}
                  {a.presenca && <span className="staff-badge">{t('admin.teams.present')}</span>}
                  {a.falta && <span className="staff-badge">{t('admin.teams.missing')}</span>}
                  {a.estado !== 'recusada' && !a.presenca && !a.falta && (
                    <small className="teams-admin-muted"> {t('admin.teams.notArrived')}</small>
                  )}
                </span>
                {a.estado !== 'recusada' && (
                  <span className="teams-admin-actions">
                    <button
                      type="button"
                      className="button secondary"
                      onClick={async () => report(await markPresence(slug, id, planId, a.id, true))}
                    >
                      {t('admin.teams.checkIn', { name: a.pessoa.nome })}
                    </button>
                    <button
                      type="button"
                      className="button secondary"
                      onClick={async () =>
                        report(await markPresence(slug, id, planId, a.id, false))
                      }
                    >
                      {t('admin.teams.noShow', { name: a.pessoa.nome })}
                    </button>
                    <Remove
                      t={t}
                      name={a.pessoa.nome}
                      onConfirm={async () => report(await unschedule(slug, id, planId, a.id))}
                    />
                  </span>
                )}
              </li>
            ))}
          </ul>
          {p.abertas > 0 && (
            <form
              className="teams-admin-inline"
              onSubmit={async (e) => {
                e.preventDefault();
                const userId = Number(picked[p.id]);
                if (!userId) return;
                if (
                  report(
                    await schedulePerson(slug, id, planId, p.id, userId),
                    t('admin.teams.askedDone'),
                  )
                )
                  setPicked({ ...picked, [p.id]: '' });
              }}
            >
              <Select
                label={t('admin.teams.choose', { position: p.nome })}
                name={`pessoa-${p.id}`}
                value={picked[p.id] ?? ''}
                onChange={(v) => setPicked({ ...picked, [p.id]: v })}
                placeholder={t('admin.teams.choosePlaceholder')}
                options={data.candidatos.map((c) => ({ value: String(c.id), label: label(c) }))}
              />
              <button type="submit" className="button">
                {t('admin.teams.schedule')}
              </button>
            </form>
          )}
        </section>
      ))}
      {open && (
        <section aria-labelledby="teams-proposal" className="teams-admin-proposal">
          <h2 id="teams-proposal">{t('admin.teams.proposal')}</h2>
          {!proposal ? (
            <button
              type="button"
              className="button secondary"
              onClick={() => loadProposal(slug, id, planId)}
            >
              {t('admin.teams.propose')}
            </button>
          ) : proposal.propostas.length === 0 ? (
            <p>{t('admin.teams.noProposal')}</p>
          ) : (
            <ul className="teams-admin-list">
              {proposal.propostas.map((s) => (
                <li key={`${s.idPosicao}-${s.pessoa.id}`}>
                  <span>
                    {s.posicao}: {s.pessoa.nome}
                  </span>
                  <button
                    type="button"
                    className="button"
                    onClick={async () =>
                      report(
                        await schedulePerson(slug, id, planId, s.idPosicao, s.pessoa.id),
                        t('admin.teams.askedDone'),
                      )
                    }
                  >
                    {t('admin.teams.accept', { name: s.pessoa.nome, position: s.posicao })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

function Teams({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const [params] = useUrlState();
  const team = Number(params.get('equipe')) || null;
  const plan = Number(params.get('escala')) || null;
  if (team && plan) return <PlanView slug={slug} t={t} lang={lang} id={team} planId={plan} />;
  if (team) return <TeamView slug={slug} t={t} lang={lang} id={team} />;
  return <TeamList slug={slug} t={t} />;
}

export default function TeamsIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="teams">
      {() => <Teams {...props} />}
    </StaffGate>
  );
}
