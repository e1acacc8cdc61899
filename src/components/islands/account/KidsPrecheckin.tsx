// My kids: a parent checks their children in from the phone before arriving (docs/kids.md "From
// the parent's phone"); the family's code shows large as the pick-up tag, and the station confirms
// the arrival. Cancelling is possible until then.
// The flow is the store's (src/stores/kids.ts).
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import {
  $precheckin,
  cancelPrecheckin,
  loadPrecheckin,
  precheckIn,
  tickChild,
} from '../../../stores/kids.ts';
import { Notice, type T } from '../ui/index.ts';
import './kids-precheckin.css';

export function KidsPrecheckin({
  userId,
  churchId,
  t,
  onChange,
}: {
  userId: number;
  churchId: number;
  t: T;
  onChange: () => void;
}) {
  const { view, ticked, busy, message } = useStore($precheckin);
  useEffect(() => void loadPrecheckin(userId, churchId), [userId, churchId]);

  async function act(work: (failed: string) => Promise<boolean>) {
    if (await work(t('kids.pre.error'))) onChange();
  }

  if (!view || (view.servicos.length === 0 && view.codigos.length === 0)) return null;
  return (
    <section className="kids-pre" aria-labelledby="kids-pre-title">
      <h2 id="kids-pre-title">{t('kids.pre.title')}</h2>
      <Notice message={message} />
      {view.codigos.map((c) => (
        <div key={c.codigoId} className="kids-pre-tag" data-testid="kids-pre-tag">
          <p>{t('kids.pre.tag', { time: c.horario })}</p>
          <p className="kids-pre-code" aria-label={t('kids.pre.codeLabel', { code: c.codigo })}>
            {c.codigo}
          </p>
          <p>{c.criancas.map((k) => `${k.nome} → ${k.sala}`).join(' · ')}</p>
          <p>
            <strong>{c.chegando ? t('kids.pre.arriving') : t('kids.mine.in')}</strong>
          </p>
          {c.chegando && (
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              onClick={() =>
                void act((failed) => cancelPrecheckin(userId, churchId, c.codigoId, failed))
              }
            >
              {t('kids.pre.cancel')}
            </button>
          )}
        </div>
      ))}
      {view.servicos.map((s) => {
        const open = s.criancas.filter((c) => !c.checkin && c.sala);
        const picks = open.filter((c) => ticked[`${s.horario}-${c.id}`]).map((c) => c.id);
        if (open.length === 0) return null;
        return (
          <fieldset key={s.horario} className="kids-pre-service">
            <legend>{t('kids.pre.service', { time: s.horario })}</legend>
            {!s.aberto ? (
              <p className="acc-muted">{t('kids.pre.opens', { time: s.abre })}</p>
            ) : (
              <>
                {open.map((c) => {
                  const id = `kids-pre-${s.horario.replace(':', '')}-${c.id}`;
                  return (
                    <p key={c.id}>
                      <input
                        id={id}
                        type="checkbox"
                        checked={Boolean(ticked[`${s.horario}-${c.id}`])}
                        onChange={(e) => tickChild(`${s.horario}-${c.id}`, e.target.checked)}
                      />{' '}
                      <label htmlFor={id}>
                        <strong>{c.nome}</strong> → {c.sala}
                      </label>
                    </p>
                  );
                })}
                <button
                  type="button"
                  className="button"
                  disabled={busy || picks.length === 0}
                  onClick={() =>
                    void act((failed) => precheckIn(userId, churchId, s.horario, picks, failed))
                  }
                >
                  {t('kids.pre.checkIn', { count: picks.length })}
                </button>
              </>
            )}
          </fieldset>
        );
      })}
    </section>
  );
}
