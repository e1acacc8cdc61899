// Reading plans (spec §2 /reading-plans and /embed/reading-plans; §4 start, reset, delete —
// irreversible, with confirmation): Discover and My plans tabs, a plan with today's reading,
// progress, "catch me up", and the two delete steps. `base` tells the app pages from the embeds.
import { useMemo, useState, type ReactNode } from 'react';
import type {
  PlanDetail,
  PlanReading,
  PlanSummary,
  Subscription,
} from '../../../../contract/reading-plans.ts';
import {
  catchUp,
  deletePlan,
  loadMyPlans,
  loadPlan,
  loadPlans,
  loadReading,
  loadSubscription,
  markDay,
  resetPlan,
  startPlan,
} from '../../../lib/reading-plans/api.ts';
import { dayToShow, splitMyPlans } from '../../../lib/reading-plans/progress.ts';
import {
  Loader,
  MemberGate,
  Modal,
  Notice,
  currentPath,
  loginHref,
  makeT,
  useLoad,
  useSession,
  type IslandProps,
  type T,
} from '../ui/index.ts';

type Mode = 'list' | 'detail' | 'delete' | 'confirm';
type Props = IslandProps & {
  slug: string;
  base: '/reading-plans' | '/embed/reading-plans';
  mode: Mode;
  uuid?: string;
  planName?: string;
  description?: string;
};

export default function ReadingPlansIsland(props: Props) {
  const t = useMemo(() => makeT(props.strings, props.lang), [props.strings, props.lang]);
  const body = <Screen {...props} t={t} />;
  // the app's routes need a login (routes.tsv "auth"); the embeds are public and ask for it only to act
  return props.base === '/reading-plans' ? (
    <MemberGate church={props.church} loadingLabel={t('plans.loading')}>
      {body}
    </MemberGate>
  ) : (
    body
  );
}

function Screen(props: Props & { t: T }) {
  const { loggedIn, ready } = useSession(props.church);
  if (!ready) return <Loader label={props.t('plans.loading')} />;
  if (props.mode === 'list') return <PlansList {...props} loggedIn={loggedIn} />;
  if (props.mode === 'detail') return <PlanPage {...props} loggedIn={loggedIn} />;
  return <DeleteSteps {...props} loggedIn={loggedIn} />;
}

/** The HTTP status of a failed load (the kit's useLoad names 404/400 "missing"). */
const failedStatus = (state: { kind: 'missing' } | { kind: 'error'; status: number }) =>
  state.kind === 'missing' ? 404 : state.status;

function Failed({
  t,
  status,
  retry,
  base,
}: {
  t: T;
  status: number;
  retry: () => void;
  base: string;
}) {
  if (status === 404 || status === 400)
    return (
      <div className="plans-missing">
        <Notice kind="error">{t('plans.notFound')}</Notice>
        <a className="button" href={base}>
          {t('plans.back')}
        </a>
      </div>
    );
  return (
    <div>
      <Notice kind="error">{t('plans.loadFailed')}</Notice>
      <button type="button" className="button secondary" onClick={retry}>
        {t('plans.retry')}
      </button>
    </div>
  );
}

function ProgressBar({ t, sub }: { t: T; sub: Subscription }) {
  const text = t('plans.progress', {
    read: sub.diasLidos.length,
    total: sub.plano.dias,
    percent: sub.progresso,
  });
  return (
    <div className="plans-progress">
      <progress
        max={100}
        value={sub.progresso}
        aria-label={t('plans.progressLabel')}
        aria-valuetext={text}
      />
      <span>{text}</span>
    </div>
  );
}

function PlanCard({
  t,
  plan,
  base,
  sub,
  level = 3,
}: {
  t: T;
  plan: PlanSummary;
  base: string;
  sub?: Subscription;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <li className="plans-card">
      <Heading>
        <a href={`${base}/${plan.uuid}`}>{plan.nome}</a>
      </Heading>
      <p>{plan.descricao}</p>
      <p className="plans-meta">
        {t.plural('plans.days', plan.dias)}
        {sub && !sub.concluido ? ` · ${t('plans.started')}` : ''}
      </p>
      {sub && <ProgressBar t={t} sub={sub} />}
    </li>
  );
}

function PlansList(props: Props & { t: T; loggedIn: boolean }) {
  const { t, slug, base, loggedIn } = props;
  const initialTab =
    typeof location !== 'undefined' && location.hash === '#mine' ? 'mine' : 'discover';
  const [tab, setTab] = useState<'discover' | 'mine'>(initialTab);
  const { state, retry } = useLoad(
    async () => ({ plans: await loadPlans(slug), mine: loggedIn ? await loadMyPlans(slug) : [] }),
    [loggedIn],
  );
  if (state.kind === 'loading') return <Loader label={t('plans.loading')} />;
  if (state.kind === 'error' || state.kind === 'missing')
    return <Failed t={t} status={failedStatus(state)} retry={retry} base={base} />;
  const { plans, mine } = state.value;
  const byPlan = new Map(mine.map((s) => [s.plano.uuid, s]));
  const { inProgress, completed } = splitMyPlans(mine);
  const choose = (next: 'discover' | 'mine') => {
    setTab(next);
    history.replaceState(
      history.state,
      '',
      next === 'mine' ? '#mine' : location.pathname + location.search,
    );
  };
  const tabButton = (id: 'discover' | 'mine', label: string) => (
    <button
      type="button"
      role="tab"
      id={`plans-tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`plans-panel-${id}`}
      tabIndex={tab === id ? 0 : -1}
      className="plans-tab"
      onClick={() => choose(id)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
          const other = id === 'discover' ? 'mine' : 'discover';
          choose(other);
          document.getElementById(`plans-tab-${other}`)?.focus();
        }
      }}
    >
      {label}
    </button>
  );
  return (
    <>
      <div role="tablist" aria-label={t('plans.tabs')} className="plans-tabs">
        {tabButton('discover', t('plans.discover'))}
        {tabButton('mine', t('plans.mine'))}
      </div>
      <div
        role="tabpanel"
        id="plans-panel-discover"
        aria-labelledby="plans-tab-discover"
        hidden={tab !== 'discover'}
      >
        {plans.length ? (
          <ul className="plans-grid">
            {plans.map((p) => (
              <PlanCard
                key={p.uuid}
                t={t}
                plan={p}
                base={base}
                sub={byPlan.get(p.uuid)}
                level={2}
              />
            ))}
          </ul>
        ) : (
          <p>{t('plans.none')}</p>
        )}
      </div>
      <div
        role="tabpanel"
        id="plans-panel-mine"
        aria-labelledby="plans-tab-mine"
        hidden={tab !== 'mine'}
      >
        {!loggedIn ? (
          <p>
            {t('plans.loginForMine')} <a href={loginHref(currentPath())}>{t('plans.login')}</a>
          </p>
        ) : (
          <>
            <h2>{t('plans.inProgress')}</h2>
            {inProgress.length ? (
              <ul className="plans-grid">
                {inProgress.map((s) => (
                  <PlanCard key={s.uuid} t={t} plan={s.plano} base={base} sub={s} />
                ))}
              </ul>
            ) : (
              <p>{t('plans.noneInProgress')}</p>
            )}
            <h2>{t('plans.completed')}</h2>
            {completed.length ? (
              <ul className="plans-grid">
                {completed.map((s) => (
                  <PlanCard key={s.uuid} t={t} plan={s.plano} base={base} sub={s} />
                ))}
              </ul>
            ) : (
              <p>{t('plans.noneCompleted')}</p>
            )}
          </>
        )}
      </div>
    </>
  );
}

function PlanPage(props: Props & { t: T; loggedIn: boolean }) {
  const { t, slug, base, uuid = '', loggedIn } = props;
  const { state, setState, retry } = useLoad(
    async () => ({
      plan: await loadPlan(slug, uuid),
      sub: loggedIn ? await loadSubscription(slug, uuid) : null,
    }),
    [loggedIn],
  );
  const [day, setDay] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [asking, setAsking] = useState(false);
  // The day just marked read: the page moves on to the next one, so its undo stays here.
  const [marked, setMarked] = useState<number | null>(null);
  if (state.kind === 'loading') return <Loader label={t('plans.loading')} />;
  if (state.kind === 'error' || state.kind === 'missing')
    return <Failed t={t} status={failedStatus(state)} retry={retry} base={base} />;
  const { plan, sub } = state.value;
  const setSub = (next: Subscription | null) =>
    setState({ kind: 'ok', value: { plan, sub: next } });
  const act = async (run: () => Promise<{ inscricao: Subscription }>) => {
    setBusy(true);
    setFailed(false);
    try {
      setSub((await run()).inscricao);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
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
            onClick={() => void act(() => startPlan(slug, uuid))}
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
                onClick={() => void act(() => catchUp(slug, uuid)).then(() => setDay(null))}
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
            onClick={() => {
              setMarked(isRead ? null : shown);
              void act(() => markDay(slug, uuid, shown, !isRead));
            }}
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
              onClick={() => {
                const day = marked;
                setMarked(null);
                setDay(null); // the undone day is the first unread one again
                void act(() => markDay(slug, uuid, day, false));
              }}
            >
              {t('plans.undo')}
            </button>
          </Notice>
        )}
      </Reading>
      <DayList t={t} plan={plan} sub={sub} shown={shown} onShow={setDay} />
      {sub && (
        <div className="plans-actions plans-manage">
          <button
            type="button"
            className="button secondary"
            disabled={busy}
            onClick={() => setAsking(true)}
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
        onClose={() => setAsking(false)}
        closeLabel={t('plans.close')}
      >
        <p>{t('plans.resetQuestion')}</p>
        <div className="plans-actions">
          <button
            type="button"
            className="button danger"
            onClick={() => {
              setAsking(false);
              setDay(null);
              void act(() => resetPlan(slug, uuid));
            }}
          >
            {t('plans.resetConfirm')}
          </button>
          <button type="button" className="button secondary" onClick={() => setAsking(false)}>
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
  const { state, retry } = useLoad<PlanReading>(() => loadReading(slug, uuid, day), [day]);
  return (
    <section className="plans-reading" aria-labelledby="plans-reading-title">
      <h2 id="plans-reading-title">
        {today ? `${t('plans.today')} · ` : ''}
        {t('plans.dayOf', { day, total })}
      </h2>
      {state.kind === 'loading' && <Loader label={t('plans.loading')} inline />}
      {(state.kind === 'error' || state.kind === 'missing') && (
        <Failed t={t} status={0} retry={retry} base="" />
      )}
      {state.kind === 'ok' && (
        <>
          {!state.value.textoDisponivel && <Notice kind="info">{t('plans.noText')}</Notice>}
          {state.value.passagens.map((p) => (
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
          {state.value.versao && (
            <p className="plans-meta">
              {t('plans.translation', { name: state.value.versao.nome })}
              {/* the translation's credit, which its licence may require beside the text (docs/bible.md) */}
              <br />
              <small lang={state.value.versao.idioma}>{state.value.versao.descricao}</small>
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

function DeleteSteps(props: Props & { t: T; loggedIn: boolean }) {
  const { t, slug, base, uuid = '', mode, loggedIn } = props;
  const { state } = useLoad(
    async () => ({
      plan: await loadPlan(slug, uuid),
      sub: loggedIn ? await loadSubscription(slug, uuid) : null,
    }),
    [loggedIn],
  );
  const [phase, setPhase] = useState<'ask' | 'busy' | 'done' | 'failed'>('ask');
  if (!loggedIn)
    return (
      <p>
        <a className="button" href={loginHref(currentPath())}>
          {t('plans.login')}
        </a>
      </p>
    );
  if (state.kind === 'loading') return <Loader label={t('plans.loading')} />;
  if (state.kind === 'error' || state.kind === 'missing')
    return (
      <Failed t={t} status={failedStatus(state)} retry={() => location.reload()} base={base} />
    );
  const { plan, sub } = state.value;
  if (phase === 'done')
    return (
      <>
        <h1>{t('plans.deleteTitle')}</h1>
        <Notice kind="ok">{t('plans.deleted')}</Notice>
        <a className="button" href={`${base}#mine`}>
          {t('plans.back')}
        </a>
      </>
    );
  if (!sub)
    return (
      <>
        <h1>{t('plans.deleteTitle')}</h1>
        <p>{t('plans.notStarted')}</p>
        <a className="button" href={`${base}/${uuid}`}>
          {t('plans.backToPlan')}
        </a>
      </>
    );
  const remove = async () => {
    setPhase('busy');
    try {
      await deletePlan(slug, uuid);
      setPhase('done');
    } catch {
      setPhase('failed');
    }
  };
  return (
    <>
      <h1>{mode === 'delete' ? t('plans.deleteTitle') : t('plans.deleteConfirmTitle')}</h1>
      <p>{t('plans.deleteQuestion', { name: plan.plano.nome })}</p>
      <ProgressBar t={t} sub={sub} />
      {mode === 'confirm' && (
        <p>
          <strong>{t('plans.deleteIrreversible')}</strong>
        </p>
      )}
      {phase === 'failed' && <Notice kind="error">{t('plans.failed')}</Notice>}
      <div className="plans-actions">
        {mode === 'delete' ? (
          <a className="button danger" href={`${base}/${uuid}/delete/confirm`}>
            {t('plans.deleteContinue')}
          </a>
        ) : (
          <button
            type="button"
            className="button danger"
            disabled={phase === 'busy'}
            onClick={() => void remove()}
          >
            {t('plans.deleteFinal')}
          </button>
        )}
        <a className="button secondary" href={`${base}/${uuid}`}>
          {t('plans.cancel')}
        </a>
      </div>
    </>
  );
}
