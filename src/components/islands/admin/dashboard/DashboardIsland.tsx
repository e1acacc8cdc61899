// /admin: where a staff member starts (docs/staff.md "First steps and what needs attention"). A
// new church sees its first steps, each ticked by the server from what the church holds and
// linked to the page that does it; once they are done (or an admin put them away), what needs
// the team this week. Then the areas the caller may use. Every part follows the caller's areas.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Dashboard } from '../../../../../contract/dashboard.ts';
import {
  $dashboard,
  loadDashboard,
  setChecklistDismissed,
} from '../../../../stores/admin-dashboard.ts';
import { dateTime } from '../../../../../common/format.ts';
import { areaHref, StaffGate, type StaffIslandProps } from '../kit/index.ts';
import { Loader, makeT, Notice, type Lang, type T } from '../../ui/index.ts';
import './dashboard.css';

function Checklist({
  slug,
  checklist,
  t,
}: {
  slug: string;
  checklist: NonNullable<Dashboard['checklist']>;
  t: T;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const done = checklist.itens.filter((i) => i.feito).length;
  const dismiss = async () => {
    setBusy(true);
    const failure = await setChecklistDismissed(slug, true);
    setBusy(false);
    setError(failure?.message ?? null);
  };
  return (
    <section className="dashboard-steps" aria-labelledby="dashboard-steps-title">
      <h2 id="dashboard-steps-title">{t('admin.dashboard.steps.title')}</h2>
      <p>{t('admin.dashboard.steps.progress', { done, total: checklist.itens.length })}</p>
      <progress value={done} max={checklist.itens.length} aria-labelledby="dashboard-steps-title" />
      <ol>
        {checklist.itens.map((entry) => (
          <li key={entry.item} className={entry.feito ? 'done' : undefined}>
            <span className="staff-badge">
              {entry.feito ? t('admin.dashboard.steps.done') : t('admin.dashboard.steps.todo')}
            </span>{' '}
            <a href={entry.href}>{t(`admin.dashboard.steps.item.${entry.item}`)}</a>
          </li>
        ))}
      </ol>
      {checklist.podeDispensar && (
        <button type="button" className="button secondary" disabled={busy} onClick={dismiss}>
          {t('admin.dashboard.steps.dismiss')}
        </button>
      )}
      {error && <Notice message={{ kind: 'error', text: error }} />}
    </section>
  );
}

function Attention({ data, t, lang }: { data: Dashboard['atencao']; t: T; lang: Lang }) {
  const { eventos, grupos, recorrentes, posts, importacoes, criancas } = data;
  const failing = recorrentes && recorrentes.pausadas + recorrentes.recusadas > 0;
  const anything =
    !!eventos?.length ||
    !!grupos?.length ||
    failing ||
    !!(posts && posts.agendados + posts.rascunhos > 0) ||
    !!importacoes?.length ||
    !!criancas?.semana;
  return (
    <section className="dashboard-attention" aria-labelledby="dashboard-attention-title">
      <h2 id="dashboard-attention-title">{t('admin.dashboard.attention.title')}</h2>
      {!anything && <p>{t('admin.dashboard.attention.none')}</p>}
      {!!eventos?.length && (
        <>
          <h3>{t('admin.dashboard.attention.events')}</h3>
          <ul>
            {eventos.map((e) => (
              <li key={e.id}>
                <a href={`/admin/events/${e.id}`}>{e.titulo}</a> — {dateTime(e.inicio, lang)}.{' '}
                {t('admin.dashboard.attention.registered', { count: e.inscricoes })}
                {e.pendentes > 0 &&
                  ` · ${t('admin.dashboard.attention.pending', { count: e.pendentes })}`}
                {!e.publicado && (
                  <>
                    {' '}
                    <span className="staff-badge">
                      {t('admin.dashboard.attention.unpublished')}
                    </span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {!!grupos?.length && (
        <>
          <h3>{t('admin.dashboard.attention.groups')}</h3>
          <ul>
            {grupos.map((g) => (
              <li key={g.id}>
                <a href={`/admin/groups/${g.id}`}>{g.nome}</a> —{' '}
                {t('admin.dashboard.attention.requests', { count: g.pedidos })}
              </li>
            ))}
          </ul>
        </>
      )}
      {!!criancas?.semana && (
        <>
          <h3>{t('admin.dashboard.attention.kids')}</h3>
          <p>
            {t('admin.dashboard.attention.kidsCounts', {
              today: criancas.hoje,
              week: criancas.semana,
            })}{' '}
            <a href="/admin/kids?vista=frequencia">{t('admin.dashboard.attention.kidsLink')}</a>
          </p>
        </>
      )}
      {failing && (
        <>
          <h3>{t('admin.dashboard.attention.recurring')}</h3>
          <p>
            {t('admin.dashboard.attention.recurringCounts', {
              paused: recorrentes.pausadas,
              declined: recorrentes.recusadas,
            })}{' '}
            <a href="/admin/giving/recurring">{t('admin.dashboard.attention.recurringLink')}</a>
          </p>
        </>
      )}
      {posts && posts.agendados + posts.rascunhos > 0 && (
        <>
          <h3>{t('admin.dashboard.attention.posts')}</h3>
          <p>
            {t('admin.dashboard.attention.postCounts', {
              scheduled: posts.agendados,
              drafts: posts.rascunhos,
            })}
          </p>
          <ul>
            {posts.itens.map((p) => (
              <li key={p.id}>
                <a href={`/admin/content/${p.tipo}/${p.id}`}>{p.titulo}</a> —{' '}
                {p.status === 'agendado' && p.publicadoEm
                  ? t('admin.dashboard.attention.scheduledFor', {
                      date: dateTime(p.publicadoEm, lang),
                    })
                  : t('admin.dashboard.attention.draft')}
              </li>
            ))}
          </ul>
        </>
      )}
      {!!importacoes?.length && (
        <>
          <h3>{t('admin.dashboard.attention.imports')}</h3>
          <ul>
            {importacoes.map((i) => (
              <li key={i.id}>
                <a href="/admin/import">{i.arquivo}</a> — {t(`admin.import.kind.${i.tipo}`)},{' '}
                {t(`admin.import.state.${i.estado}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Body({ slug, t, lang }: { slug: string; t: T; lang: Lang }) {
  const state = useStore($dashboard);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void loadDashboard(slug);
  }, [slug]);
  if (state.state === 'error' && !state.data)
    return <Notice message={{ kind: 'error', text: state.message }} />;
  if (!state.data) return <Loader label={t('admin.dashboard.loading')} />;
  const { checklist, atencao } = state.data;
  const showSteps = checklist && !checklist.dispensado && !checklist.completo;
  const restore = async () => {
    const failure = await setChecklistDismissed(slug, false);
    setError(failure?.message ?? null);
  };
  return (
    <>
      {showSteps ? (
        <Checklist slug={slug} checklist={checklist} t={t} />
      ) : (
        <Attention data={atencao} t={t} lang={lang} />
      )}
      {checklist?.dispensado && !checklist.completo && checklist.podeDispensar && (
        <p>
          <button type="button" className="link-button" onClick={restore}>
            {t('admin.dashboard.steps.restore')}
          </button>
        </p>
      )}
      {error && <Notice message={{ kind: 'error', text: error }} />}
    </>
  );
}

export default function DashboardIsland(props: StaffIslandProps) {
  const t = makeT(props.strings, props.lang);
  return (
    <StaffGate {...props} area="dashboard">
      {(me) => {
        // the areas of the caller's roles that this church has (the server leaves out the others)
        const areas = me.areas.flatMap((area) => {
          const href = areaHref(area, me);
          return href ? [{ area, href }] : [];
        });
        return (
          <>
            <h1>{t('admin.dashboard.title')}</h1>
            <p>{t('admin.dashboard.hello', { name: me.usuario.nome, church: me.igreja.nome })}</p>
            <Body slug={props.slug} t={t} lang={props.lang} />
            <h2>{t('admin.dashboard.areas')}</h2>
            {areas.length === 0 ? (
              <p>{t('admin.dashboard.noAreas')}</p>
            ) : (
              <ul className="staff-cards">
                {areas.map(({ area, href }) => (
                  <li key={area}>
                    <a href={href}>
                      <strong>{t(`admin.area.${area}`)}</strong>
                      {t(`admin.dashboard.about.${area}`)}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </>
        );
      }}
    </StaffGate>
  );
}
