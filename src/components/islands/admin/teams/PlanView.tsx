// /admin/teams?equipe=&escala= (docs/volunteers.md): a plan's positions with their people and
// answers, scheduling with availability (away, conflicts, recent service), the proposed fair
// fill, check-in on the day (by the leader or the plan's QR), swaps, notes and the counts.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { PlanDetail } from '../../../../../contract/teams-staff.ts';
import type { Lang } from '../../../../../common/format.ts';
import {
  $plan,
  $proposal,
  loadPlan,
  loadProposal,
  markPresence,
  schedulePerson,
  unschedule,
} from '../../../../stores/admin-teams.ts';
import { Loader, Notice, Select, type T } from '../../ui/index.ts';
import { CountsLine, planCounts, PlanNotes, PlanQr, PlanSwaps } from './PlanExtras.tsx';
import { day, Remove, useMessage } from './shared.tsx';

export function PlanView({
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
        <CountsLine t={t} counts={planCounts(data)} /> ·{' '}
        <a href={`/praise/escala?id=${data.id}`}>{t('admin.teams.teamView')}</a>
      </p>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <PlanSwaps slug={slug} t={t} id={id} data={data} report={report} />
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
      <PlanNotes slug={slug} t={t} id={id} data={data} report={report} />
      <PlanQr t={t} lang={lang} data={data} />
    </>
  );
}
