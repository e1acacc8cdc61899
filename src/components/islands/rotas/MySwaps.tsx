// The swaps on /user/rotas (docs/volunteers.md "Swaps"): ask the team or one member to take one
// of my rotas, withdraw it, and take a swap a team mate asked for (the first to accept wins, or
// a leader approves first when the team asks for it).
import { useState, type FormEvent } from 'react';
import type { MyRotas } from '../../../../contract/rotas.ts';
import type { Lang } from '../../../../common/format.ts';
import { formatDate } from '../../../../common/format.ts';
import { askSwap, cancelSwap, takeSwap } from '../../../stores/rota-swaps.ts';
import { Select, type T } from '../ui/index.ts';

const day = (date: string, lang: Lang) => formatDate(`${date}T12:00:00Z`, lang, 'UTC');

type Run = (call: () => Promise<unknown>, ok: string | ((result: unknown) => string)) => unknown;

export function MySwaps({
  t,
  slug,
  lang,
  data,
  run,
}: {
  t: T;
  slug: string;
  lang: Lang;
  data: MyRotas;
  run: Run;
}) {
  const live = new Set(
    data.trocas
      .filter((s) => s.minha && (s.estado === 'aberta' || s.estado === 'aguardando'))
      .map((s) => s.idEscalaPessoa),
  );
  const askable = data.escalas.filter((r) => r.estado !== 'recusada' && !live.has(r.id));
  const [rota, setRota] = useState('');
  const [to, setTo] = useState('');
  const chosen = rota || String(askable[0]?.id ?? '');
  const what = (s: { posicao: string; data: string }) => `${s.posicao} ${day(s.data, lang)}`;
  function ask(e: FormEvent) {
    e.preventDefault();
    if (!chosen) return;
    void run(() => askSwap(slug, Number(chosen), to), t('rotas.swapAsked'));
    setTo('');
  }
  if (!data.trocas.length && !askable.length) return null;
  return (
    <section aria-labelledby="rota-swaps">
      <h2 id="rota-swaps">{t('rotas.swaps')}</h2>
      <p>{t('rotas.swapsIntro')}</p>
      {data.trocas.length > 0 && (
        <ul className="rota-list">
          {data.trocas.map((s) => (
            <li key={s.id}>
              <span>
                <strong>
                  {day(s.data, lang)} {s.horario}
                </strong>{' '}
                · {s.equipe}: {s.posicao} · {s.titulo} —{' '}
                {s.minha ? t('rotas.swapMine') : t('rotas.swapFrom', { name: s.pedidaPor })}{' '}
                <span className="rota-state">{t(`rotas.swapState.${s.estado}`)}</span>
                {s.tomadaPor && ` · ${t('rotas.swapTaker', { name: s.tomadaPor })}`}
              </span>
              <span className="rota-actions">
                {s.minha && (s.estado === 'aberta' || s.estado === 'aguardando') && (
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() => run(() => cancelSwap(slug, s.id), t('rotas.swapCancelled'))}
                  >
                    {t('rotas.swapCancel', { what: what(s) })}
                  </button>
                )}
                {!s.minha && s.estado === 'aberta' && (
                  <button
                    type="button"
                    className="button"
                    onClick={() =>
                      run(
                        () => takeSwap(slug, s.id),
                        (estado) => t(estado === 'feita' ? 'rotas.swapTaken' : 'rotas.swapWaiting'),
                      )
                    }
                  >
                    {t('rotas.swapTake', { what: what(s) })}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {askable.length > 0 && (
        <form className="rota-swap" onSubmit={ask} noValidate>
          <Select
            label={t('rotas.swapWhich')}
            name="escala"
            value={chosen}
            onChange={(v) => {
              setRota(v);
              setTo('');
            }}
            options={askable.map((r) => ({
              value: String(r.id),
              label: `${day(r.data, lang)} ${r.horario} · ${r.equipe}: ${r.posicao}`,
            }))}
          />
          <Select
            label={t('rotas.swapWho', {
              what: what(askable.find((r) => String(r.id) === chosen) ?? askable[0]!),
            })}
            name="para"
            value={to}
            onChange={setTo}
            options={[
              { value: '', label: t('rotas.swapAnyone') },
              ...data.colegas
                .filter((c) => String(c.idEscalaPessoa) === chosen)
                .map((c) => ({ value: String(c.id), label: c.nome })),
            ]}
          />
          <button type="submit" className="button">
            {t('rotas.swapAsk', {
              what: what(askable.find((r) => String(r.id) === chosen) ?? askable[0]!),
            })}
          </button>
        </form>
      )}
    </section>
  );
}
