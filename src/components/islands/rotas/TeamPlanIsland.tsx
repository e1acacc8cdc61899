// /praise/escala?id= (docs/volunteers.md): a team's plan on a phone — who serves where and, for
// worship, the set list with each song's key, linked to the song in /praise.
// The plan's load is the store's (src/stores/rota-swaps.ts).
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatDate } from '../../../../common/format.ts';
import { songHref } from '../../../lib/praise/api.ts';
import { $teamPlan, loadTeamPlan } from '../../../stores/rota-swaps.ts';
import {
  Loader,
  makeT,
  MemberGate,
  Notice,
  useMember,
  type IslandProps,
  type T,
} from '../ui/index.ts';

type Props = IslandProps & { slug: string };

function Plan({ t, slug, church, lang }: Props & { t: T }) {
  const { ready } = useMember(church);
  const state = useStore($teamPlan);
  useEffect(() => {
    if (!ready) return;
    const id = Number(new URLSearchParams(location.search).get('id'));
    void loadTeamPlan(slug, id, t('rotas.plan.notFound'));
  }, [ready, slug, t]);
  if (state.state === 'error')
    return <Notice kind="error">{state.message || t('rotas.failed')}</Notice>;
  if (state.state !== 'ready') return <Loader label={t('rotas.loading')} />;
  const plan = state.data;
  return (
    <>
      <h1>
        {plan.equipe}: {plan.titulo}
      </h1>
      <p>
        <strong>
          {formatDate(`${plan.data}T12:00:00Z`, lang, 'UTC')} {plan.horario}
        </strong>
      </p>
      {plan.observacao && <p>{plan.observacao}</p>}
      {plan.repertorio && (
        <section aria-labelledby="rota-setlist">
          <h2 id="rota-setlist">{t('rotas.plan.setList')}</h2>
          <ol className="rota-songs">
            {plan.repertorio.musicas.map((song) => (
              <li key={song.id}>
                <a
                  href={`${songHref(song.id)}${song.tom ? `&tom=${encodeURIComponent(song.tom)}` : ''}`}
                >
                  {song.titulo}
                </a>
                {song.tom && (
                  <span className="rota-key">
                    {t('rotas.plan.key')} {song.tom}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
      <section aria-labelledby="rota-who">
        <h2 id="rota-who">{t('rotas.plan.who')}</h2>
        <ul className="rota-list">
          {plan.posicoes.map((p) => (
            <li key={p.nome}>
              <strong>{p.nome}</strong>
              <span>
                {p.pessoas.length === 0
                  ? t('rotas.plan.open')
                  : p.pessoas.map((a) => `${a.nome} (${t(`rotas.state.${a.estado}`)})`).join(', ')}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export default function TeamPlanIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  return (
    <MemberGate church={props.church} loadingLabel={t('rotas.loading')}>
      <Plan t={t} {...props} />
    </MemberGate>
  );
}
