// /admin/teams?equipe= (docs/volunteers.md): a team's positions (the weekly template), members
// (find and add, leader, approve a request, remove) and plans (made from the schedule or an event).
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { TeamDetail } from '../../../../../contract/teams-staff.ts';
import { formatDate, type Lang } from '../../../../../common/format.ts';
import {
  $team,
  addMember,
  addPosition,
  changeMember,
  loadTeam,
  makePlans,
  removeMember,
  removePosition,
  searchTeamPeople,
} from '../../../../stores/admin-teams.ts';
import { Field, Loader, Notice, Select, type T } from '../../ui/index.ts';
import { CountsLine, SwapSetting } from './PlanExtras.tsx';
import { day, Remove, useMessage } from './shared.tsx';

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

function PlansSection({
  slug,
  t,
  lang,
  id,
  data,
  report,
}: {
  slug: string;
  t: T;
  lang: Lang;
  id: number;
  data: TeamDetail;
  report: ReturnType<typeof useMessage>[1];
}) {
  const [service, setService] = useState('');
  const [weeks, setWeeks] = useState('4');
  const [event, setEvent] = useState('');
  const serviceId = service || String(data.cultos.find((c) => c.diaSemana === 7)?.id ?? '');
  return (
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
                  {p.preenchidas}/{p.precisa} · <CountsLine t={t} counts={p} />
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
  );
}

export function TeamView({ slug, t, lang, id }: { slug: string; t: T; lang: Lang; id: number }) {
  const team = useStore($team);
  const [message, report] = useMessage();
  const [position, setPosition] = useState('');
  const [count, setCount] = useState('1');
  useEffect(() => {
    void loadTeam(slug, id);
  }, [slug, id]);
  const data: TeamDetail | undefined = team.data;
  if (team.state === 'error') return <Notice kind="error">{team.message}</Notice>;
  if (!data) return <Loader label={t('admin.teams.loading')} />;
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
      <section aria-labelledby="teams-swap-setting">
        <h2 id="teams-swap-setting">{t('admin.teams.swaps')}</h2>
        <SwapSetting slug={slug} t={t} data={data} report={report} />
      </section>
      <PlansSection slug={slug} t={t} lang={lang} id={id} data={data} report={report} />
    </>
  );
}
