// The totals of the filtered gifts: sum and count, the chart by day or month, and the sums by
// reason, method and period.
import type { GivingSummary } from '../../../../../../contract/giving-staff.ts';
import type { T } from '../../../ui/index.ts';
import { GivingChart } from '../GivingChart.tsx';

export function GivingTotals({
  summary,
  fmt,
  t,
}: {
  summary: GivingSummary;
  fmt: (value: number) => string;
  t: T;
}) {
  const methodLabel = (m: string) => t(`admin.giving.method.${m}`);
  return (
    <section aria-labelledby="giving-totals" className="giving-dashboard">
      <h2 id="giving-totals">{t('admin.giving.totals')}</h2>
      <dl className="giving-figures">
        <div>
          <dt>{t('admin.giving.total')}</dt>
          <dd data-testid="giving-total">{fmt(summary.total)}</dd>
        </div>
        <div>
          <dt>{t('admin.giving.count')}</dt>
          <dd>{summary.quantidade}</dd>
        </div>
      </dl>
      {summary.porPeriodo.length > 0 && (
        <GivingChart
          labels={summary.porPeriodo.map((p) => p.periodo)}
          values={summary.porPeriodo.map((p) => p.valor)}
          label={t(
            summary.agrupamento === 'dia' ? 'admin.giving.chartByDay' : 'admin.giving.chartByMonth',
          )}
          format={fmt}
        />
      )}
      <div className="giving-breakdown">
        <table className="staff-table">
          <caption>{t('admin.giving.byReason')}</caption>
          <tbody>
            {summary.porMotivo.map((r) => (
              <tr key={r.id}>
                <th scope="row">{r.nome}</th>
                <td className="num">{fmt(r.valor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="staff-table">
          <caption>{t('admin.giving.byMethod')}</caption>
          <tbody>
            {summary.porMetodo.map((r) => (
              <tr key={r.metodo}>
                <th scope="row">{methodLabel(r.metodo)}</th>
                <td className="num">{fmt(r.valor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="staff-table">
          <caption>{t('admin.giving.byPeriod')}</caption>
          <tbody>
            {summary.porPeriodo.map((r) => (
              <tr key={r.periodo}>
                <th scope="row">{r.periodo}</th>
                <td className="num">{fmt(r.valor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
