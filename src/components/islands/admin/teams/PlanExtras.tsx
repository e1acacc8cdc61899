// The parts of a plan's page beyond scheduling (docs/volunteers.md): the counts at a glance,
// the notes the team reads on their phones, the swaps between volunteers (approve or refuse
// when the team asks for it), and the QR shown at the venue for check-in on the day.
import { useEffect, useState } from 'react';
import type { PlanDetail, TeamDetail } from '../../../../../contract/teams-staff.ts';
import { decideSwap, savePlanNotes, setSwapApproval } from '../../../../stores/admin-teams.ts';
import { Check, TextArea, type T } from '../../ui/index.ts';
import type { Lang } from '../../../../../common/format.ts';
import { day, type useMessage } from './shared.tsx';

type Report = ReturnType<typeof useMessage>[1];

/** Asked / accepted / declined / open of one plan. */
export function planCounts(data: PlanDetail) {
  const people = data.posicoes.flatMap((p) => p.pessoas);
  return {
    pedidas: people.filter((a) => a.estado === 'pedida').length,
    aceitas: people.filter((a) => a.estado === 'aceita').length,
    recusadas: people.filter((a) => a.estado === 'recusada').length,
    abertas: data.posicoes.reduce((n, p) => n + p.abertas, 0),
  };
}

export function CountsLine({
  t,
  counts,
}: {
  t: T;
  counts: { pedidas: number; aceitas: number; recusadas: number; abertas: number };
}) {
  return (
    <span className="teams-admin-counts">
      {t('admin.teams.counts', {
        asked: counts.pedidas,
        accepted: counts.aceitas,
        declined: counts.recusadas,
        open: counts.abertas,
      })}
    </span>
  );
}

export function PlanNotes({
  slug,
  t,
  id,
  data,
  report,
}: {
  slug: string;
  t: T;
  id: number;
  data: PlanDetail;
  report: Report;
}) {
  const [notes, setNotes] = useState(data.observacao ?? '');
  useEffect(() => setNotes(data.observacao ?? ''), [data.observacao]);
  return (
    <section aria-labelledby="teams-notes" className="teams-admin-notes">
      <h2 id="teams-notes">{t('admin.teams.notes')}</h2>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          report(await savePlanNotes(slug, id, data.id, notes), t('admin.teams.notesSaved'));
        }}
      >
        <TextArea
          label={t('admin.teams.notesLabel')}
          name="observacao"
          value={notes}
          onChange={setNotes}
          hint={t('admin.teams.notesHint')}
          rows={4}
          max={2000}
        />
        <button type="submit" className="button">
          {t('admin.teams.saveNotes')}
        </button>
      </form>
    </section>
  );
}

export function PlanSwaps({
  slug,
  t,
  id,
  data,
  report,
}: {
  slug: string;
  t: T;
  id: number;
  data: PlanDetail;
  report: Report;
}) {
  if (!data.trocas.length) return null;
  return (
    <section aria-labelledby="teams-swaps">
      <h2 id="teams-swaps">{t('admin.teams.swaps')}</h2>
      <ul className="teams-admin-list">
        {data.trocas.map((s) => (
          <li key={s.id}>
            <span>
              {t('admin.teams.swapLine', {
                position: s.posicao,
                from: s.pedidaPor,
                to: s.para ?? t('admin.teams.swapAnyone'),
              })}
              {s.tomadaPor && ` · ${t('admin.teams.swapTaker', { name: s.tomadaPor })}`}{' '}
              <span className="staff-badge">{t(`admin.teams.swapState.${s.estado}`)}</span>
            </span>
            {s.estado === 'aguardando' && (
              <span className="teams-admin-actions">
                <button
                  type="button"
                  className="button"
                  onClick={async () =>
                    report(
                      await decideSwap(slug, id, data.id, s.id, true),
                      t('admin.teams.swapApproved'),
                    )
                  }
                >
                  {t('admin.teams.swapApprove', { name: s.tomadaPor ?? '' })}
                </button>
                <button
                  type="button"
                  className="button secondary"
                  onClick={async () =>
                    report(
                      await decideSwap(slug, id, data.id, s.id, false),
                      t('admin.teams.swapRefused'),
                    )
                  }
                >
                  {t('admin.teams.swapRefuse', { name: s.tomadaPor ?? '' })}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The check-in QR for the venue: drawn in the browser (the qrcode library loads only here). */
export function PlanQr({ t, lang, data }: { t: T; lang: Lang; data: PlanDetail }) {
  const [svg, setSvg] = useState<string | null>(null);
  // the full address, so any phone's camera opens this church's site
  const url =
    typeof window === 'undefined'
      ? data.linkPresenca
      : `${window.location.origin}${data.linkPresenca}`;
  useEffect(() => {
    let live = true;
    void import('qrcode').then((QRCode) =>
      QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((s) => {
        if (live) setSvg(s);
      }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <section aria-labelledby="teams-qr" className="teams-admin-qr">
      <h2 id="teams-qr">{t('admin.teams.qr')}</h2>
      <p>{t('admin.teams.qrIntro')}</p>
      <figure>
        {svg ? (
          <span
            role="img"
            aria-label={t('admin.teams.qrLabel', { title: data.titulo })}
            dangerouslySetInnerHTML={{ __html: svg }}
          />
        ) : (
          <span className="teams-admin-qr-wait" />
        )}
        <figcaption>
          {data.titulo} · {day(data.data, lang)} {data.horario}
        </figcaption>
      </figure>
      <button type="button" className="button secondary" onClick={() => window.print()}>
        {t('admin.teams.qrPrint')}
      </button>
    </section>
  );
}

/** On the team's page: whether swaps wait for a leader. */
export function SwapSetting({
  slug,
  t,
  data,
  report,
}: {
  slug: string;
  t: T;
  data: TeamDetail;
  report: Report;
}) {
  return (
    <Check
      name="troca-aprovacao"
      label={t('admin.teams.swapApproval')}
      hint={t('admin.teams.swapApprovalHint')}
      checked={data.trocaComAprovacao}
      onChange={async (on) =>
        report(await setSwapApproval(slug, data, on), t('admin.teams.swapApprovalSaved'))
      }
    />
  );
}
