// The volunteer's rotas on /user and /user/rotas (docs/volunteers.md): the next assignments with
// accept/decline, the plan's page for the team, swaps, blockout dates and teams to ask to join. The
// compact form (on /user) shows only the next rotas, and nothing when there are none.
// The flow is the store's (src/stores/rota-swaps.ts).
import { useStore } from '@nanostores/react';
import { useEffect, type FormEvent } from 'react';
import { churchToday } from '../../../../common/time-zone.ts';
import { formatDate } from '../../../../common/format.ts';
import {
  $myRotas,
  addBlockout,
  answerRota,
  askToJoinTeam,
  checkInRota,
  loadMyRotas,
  removeBlockout,
  runRotaAction,
  setBlockoutField,
} from '../../../stores/rota-swaps.ts';
import {
  Field,
  Loader,
  makeT,
  MemberGate,
  Notice,
  useMember,
  type IslandProps,
  type T,
} from '../ui/index.ts';
import { MySwaps } from './MySwaps.tsx';

type Props = IslandProps & { slug: string; compact?: boolean };

const day = (date: string, lang: Props['lang']) => formatDate(`${date}T12:00:00Z`, lang, 'UTC');

function Rotas({ t, slug, church, lang, compact }: Props & { t: T }) {
  const { ready } = useMember(church);
  const { data, message, errors, form } = useStore($myRotas);
  // "I am here" shows on the plan's day on the church's clock, as the server counts it (its
  // country's zone; docs/volunteers.md "Which clock"): UTC is tomorrow at a Brasília evening service
  const today = churchToday(church.fusoHorario);
  useEffect(() => {
    if (ready) void loadMyRotas(slug, t('rotas.failed'));
  }, [ready, slug, t]);
  const run = (call: () => Promise<unknown>, ok: string | ((result: unknown) => string)) =>
    runRotaAction(slug, call, ok, t('rotas.failed'));
  function submitBlockout(e: FormEvent) {
    e.preventDefault();
    void addBlockout(slug, { ok: t('rotas.blockoutSaved'), failed: t('rotas.failed') });
  }
  if (!data)
    return message ? (
      <Notice kind="error">{message.text}</Notice>
    ) : (
      <Loader label={t('rotas.loading')} />
    );
  if (compact && data.escalas.length === 0) return null;
  return (
    <section className="rota-mine" aria-labelledby="rota-mine">
      <h2 id="rota-mine">{t('rotas.title')}</h2>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {data.escalas.length === 0 ? (
        <p>{t('rotas.none')}</p>
      ) : (
        <ul className="rota-list">
          {data.escalas.map((r) => (
            <li key={r.id}>
              <span>
                <strong>
                  {day(r.data, lang)} {r.horario}
                </strong>{' '}
                · {r.equipe}: {r.posicao} · {r.titulo} —{' '}
                <span className="rota-state">{t(`rotas.state.${r.estado}`)}</span>
              </span>
              <span className="rota-actions">
                <a href={`/praise/escala?id=${r.idEscala}`}>{t('rotas.openPlan')}</a>
                {r.estado !== 'recusada' && r.data === today && (
                  <button
                    type="button"
                    className="button"
                    onClick={() => run(() => checkInRota(slug, r.id), t('rotas.checkedIn'))}
                  >
                    {t('rotas.checkIn', { what: r.posicao })}
                  </button>
                )}
                {r.estado !== 'aceita' && (
                  <button
                    type="button"
                    className="button"
                    onClick={() =>
                      run(() => answerRota(slug, r.id, 'aceitar'), t('rotas.accepted'))
                    }
                  >
                    {t('rotas.acceptOne', { what: `${r.posicao} ${day(r.data, lang)}` })}
                  </button>
                )}
                {r.estado !== 'recusada' && (
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() =>
                      run(() => answerRota(slug, r.id, 'recusar'), t('rotas.declined'))
                    }
                  >
                    {t('rotas.declineOne', { what: `${r.posicao} ${day(r.data, lang)}` })}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {compact ? (
        <p>
          <a href="/user/rotas">{t('rotas.more')}</a>
        </p>
      ) : (
        <>
          <MySwaps t={t} slug={slug} lang={lang} data={data} run={run} />
          <h2>{t('rotas.blockouts')}</h2>
          <p>{t('rotas.blockoutsIntro')}</p>
          <ul className="rota-list">
            {data.bloqueios.map((b) => (
              <li key={b.id}>
                <span>
                  {day(b.inicio, lang)} – {day(b.fim, lang)}
                  {b.motivo && ` · ${b.motivo}`}
                </span>
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => run(() => removeBlockout(slug, b.id), t('rotas.blockoutRemoved'))}
                >
                  {t('rotas.removeBlockout', { date: day(b.inicio, lang) })}
                </button>
              </li>
            ))}
          </ul>
          <form className="rota-blockout" onSubmit={submitBlockout} noValidate>
            <Field
              label={t('rotas.from')}
              name="inicio"
              type="date"
              value={form.inicio}
              onChange={(v) => setBlockoutField('inicio', v)}
              error={errors.inicio}
              required
            />
            <Field
              label={t('rotas.until')}
              name="fim"
              type="date"
              value={form.fim}
              onChange={(v) => setBlockoutField('fim', v)}
              error={errors.fim}
              required
            />
            <Field
              label={t('rotas.reason')}
              name="motivo"
              value={form.motivo}
              maxLength={200}
              onChange={(v) => setBlockoutField('motivo', v)}
              error={errors.motivo}
            />
            <button type="submit" className="button">
              {t('rotas.addBlockout')}
            </button>
          </form>
          <h2>{t('rotas.teams')}</h2>
          <ul className="rota-list">
            {data.equipes.map((team) => (
              <li key={team.id}>
                <span>{team.nome}</span>
                {team.estado === null ? (
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() => run(() => askToJoinTeam(slug, team.id), t('rotas.joinSent'))}
                  >
                    {t('rotas.join', { team: team.nome })}
                  </button>
                ) : (
                  <span>{t(team.estado === 'ativo' ? 'rotas.onTeam' : 'rotas.asked')}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export default function MyRotasIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  return (
    <MemberGate church={props.church} loadingLabel={t('rotas.loading')}>
      <Rotas t={t} {...props} />
    </MemberGate>
  );
}
