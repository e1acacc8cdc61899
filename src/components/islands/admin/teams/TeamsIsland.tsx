// /admin/teams (docs/volunteers.md): the teams, a team (?equipe=: positions, members, plans) and
// a plan (?equipe=&escala=: who serves where, availability, a fair proposal, check-in on the day);
// the month's served counts and their CSV. The server decides who may do what.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { fetchReport } from '../../../../lib/staff/teams-api.ts';
import { $teams, createTeam, downloadReport, loadTeams } from '../../../../stores/admin-teams.ts';
import { StaffGate, useUrlState, type StaffIslandProps } from '../kit/index.ts';
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
import { PlanView } from './PlanView.tsx';
import { useMessage } from './shared.tsx';
import { TeamView } from './TeamView.tsx';
import './teams.css';

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
      trocaComAprovacao: false,
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
