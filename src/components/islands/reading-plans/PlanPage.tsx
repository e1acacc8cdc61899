// Reading plans, a plan (spec §2, §4): today's reading, progress, "catch me up", marking a day
// read (with its undo), every day of the plan, and the reset with its question. The flow is the
// store's (src/stores/reading-plans.ts).
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import type { PlanDetail, Subscription } from '../../../../contract/reading-plans.ts';
import { dayToShow } from '../../../lib/reading-plans/progress.ts';
import {
  $plan,
  $planPage,
  $reading,
  askReset,
  catchUpPlan,
  loadDayReading,
  loadOpenPlan,
  openPlanPage,
  resetReading,
  showDay,
  startReading,
  toggleDay,
  undoMarked,
} from '../../../stores/reading-plans.ts';
import { Loader, Modal, Notice, currentPath, loginHref, type T } from '../ui/index.ts';
import { Failed, ProgressBar, type SectionProps } from './plan-parts.tsx';

export default function PlanPage(props: SectionProps) {
  const { t, slug, base, uuid = '', loggedIn } = props;
  const load = useStore($plan);
  const { day, busy, failed, asking, marked } = useStore($planPage);
  useEffect(openPlanPage, []);
  useEffect(() => void loadOpenPlan(slug, uuid, loggedIn), [slug, uuid, loggedIn]);
  if (load.state === 'error')
    return (
      <Failed
        t={t}
        status={load.status}
        retry={() => void loadOpenPlan(slug, uuid, loggedIn)}
        base={base}
      />
    );
  if (load.state !== 'ready') return <Loader label={t('plans.loading')} />;
  const { plan, sub } = load.data;
  const shown = day ?? (sub ? dayToShow(sub) : 1);
  const isRead = !!sub?.diasLidos.includes(shown);
  return (
    <article className="plans-detail">
      <header>
        <h1>{plan.plano.nome}</h1>
        <p>{plan.plano.descricao}</p>
        <p className="plans-meta">{t.plural('plans.days', plan.plano.dias)}</p>
      </header>
      {failed && <Notice kind="error">{t('plans.failed')}</Notice>}
      {!sub ? (
        loggedIn ? (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void startReading(slug, uuid)}
          >
            {t('plans.start')}
          </button>
        ) : (
          <a className="button" href={loginHref(currentPath())}>
            {t('plans.loginToStart')}
          </a>
        )
      ) : (
        <section className="plans-status" aria-label={t('plans.progressLabel')}>
          <ProgressBar t={t} sub={sub} />
          {sub.atrasados > 0 && (
            <div className="plans-behind">
              <p>
                {t.plural('plans.behind', sub.atrasados)} {t('plans.catchUpHint')}
              </p>
              <button
                type="button"
                className="button secondary"
                disabled={busy}
                onClick={() => void catchUpPlan(slug, uuid)}
              >
                {t('plans.catchUp')}
              </button>
            </div>
          )}
        </section>
      )}
      <Reading
        t={t}
        slug={slug}
        uuid={uuid}
        day={shown}
        total={plan.plano.dias}
        today={sub ? sub.diaHoje === shown : shown === 1}
      >
        {sub && (
          <button
            type="button"
            className={isRead ? 'button secondary' : 'button'}
            aria-pressed={isRead}
            disabled={busy}
            onClick={() => void toggleDay(slug, uuid, shown, !isRead)}
          >
            {isRead ? t('plans.markUnread', { day: shown }) : t('plans.markRead', { day: shown })}
          </button>
        )}
        {sub && marked !== null && sub.diasLidos.includes(marked) && (
          <Notice kind="ok">
            {t('plans.markedRead', { day: marked })}{' '}
            <button
              type="button"
              className="plans-link"
              disabled={busy}
              onClick={() => void undoMarked(slug, uuid)}
            >
              {t('plans.undo')}
            </button>
          </Notice>
        )}
      </Reading>
      <DayList t={t} plan={plan} sub={sub} shown={shown} onShow={showDay} />
      {sub && (
        <div className="plans-actions plans-manage">
          <button
            type="button"
            className="button secondary"
            disabled={busy}
            onClick={() => askReset(true)}
          >
            {t('plans.reset')}
          </button>
          <a className="plans-link" href={`${base}/${uuid}/delete`}>
            {t('plans.delete')}
          </a>
        </div>
      )}
      <Modal
        open={asking}
        title={t('plans.reset')}
        onClose={() => askReset(false)}
        closeLabel={t('plans.close')}
      >
        <p>{t('plans.resetQuestion')}</p>
        <div className="plans-actions">
          <button
            type="button"
            className="button danger"
            onClick={() => void resetReading(slug, uuid)}
          >
            {t('plans.resetConfirm')}
          </button>
          <button type="button" className="button secondary" onClick={() => askReset(false)}>
            {t('plans.cancel')}
          </button>
        </div>
      </Modal>
      <p>
        <a href={base}>{t('plans.back')}</a>
      </p>
    </article>
  );
}

function Reading({
  t,
  slug,
  uuid,
  day,
  total,
  today,
  children,
}: {
  t: T;
  slug: string;
  uuid: string;
  day: number;
  total: number;
  today: boolean;
  children: ReactNode;
}) {
  const state = useStore($reading);
  useEffect(() => void loadDayReading(slug, uuid, day), [slug, uuid, day]);
  const retry = () => void loadDayReading(slug, uuid, day);
  return (
    <section className="plans-reading" aria-labelledby="plans-reading-title">
      <h2 id="plans-reading-title">
        {today ? `${t('plans.today')} · ` : ''}
        {t('plans.dayOf', { day, total })}
      </h2>
      {(state.state === 'idle' || state.state === 'loading') && (
        <Loader label={t('plans.loading')} inline />
      )}
      {state.state === 'error' && <Failed t={t} status={0} retry={retry} base="" />}
      {state.state === 'ready' && (
        <>
          {!state.data.textoDisponivel && <Notice kind="info">{t('plans.noText')}</Notice>}
          {state.data.passagens.map((p) => (
            <div key={`${p.livro}-${p.capitulo}`} className="plans-passage">
              <h3>{p.referencia}</h3>
              {p.versiculos ? (
                <p className="scripture">
                  {p.versiculos.map((v) => (
                    <span key={v.numero}>
                      <sup>{v.numero}</sup>
                      {v.texto}{' '}
                    </span>
                  ))}
                </p>
              ) : (
                <p>
                  <a href={`/bible/${p.livro}/${p.capitulo}`}>
                    {t('plans.openChapter', { reference: p.referencia })}
                  </a>
                </p>
              )}
            </div>
          ))}
          {state.data.versao && (
            <p className="plans-meta">
              {t('plans.translation', { name: state.data.versao.nome })}
              {/* the translation's credit, which its licence may require beside the text (docs/bible.md) */}
              <br />
              <small lang={state.data.versao.idioma}>{state.data.versao.descricao}</small>
            </p>
          )}
        </>
      )}
      {children}
    </section>
  );
}

function DayList({
  t,
  plan,
  sub,
  shown,
  onShow,
}: {
  t: T;
  plan: PlanDetail;
  sub: Subscription | null;
  shown: number;
  onShow: (day: number) => void;
}) {
  const read = new Set(sub?.diasLidos ?? []);
  return (
    <details className="plans-days">
      <summary>{t('plans.allDays')}</summary>
      <ol>
        {plan.dias.map((d) => (
          <li key={d.dia} className={d.dia === shown ? 'current' : undefined}>
            <button
              type="button"
              className="plans-link"
              onClick={() => onShow(d.dia)}
              aria-current={d.dia === shown ? 'step' : undefined}
            >
              {t('plans.dayTitle', { day: d.dia })}
            </button>{' '}
            {d.passagens.map((p) => p.referencia).join(', ')}
            {read.has(d.dia) && <span className="plans-read"> · {t('plans.read')}</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}
