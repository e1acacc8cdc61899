// The page of filtered gifts: date and code, giver, reasons, method, status, amount, a refund for
// those that allow one, and the sum of all the filtered gifts.
import type { StaffGiftsPage } from '../../../../../../contract/giving-staff.ts';
import type { Lang } from '../../../../../../contract/language.ts';
import { formatDate } from '../../../../../../common/format.ts';
import type { GiftFilter } from '../../../../../lib/staff/giving-api.ts';
import { refundOne } from '../../../../../stores/admin-giving.ts';
import { ConfirmButton } from '../../kit/index.ts';
import type { T } from '../../../ui/index.ts';

export function GiftsTable({
  slug,
  gifts,
  filter,
  page,
  filtered,
  fmt,
  t,
  lang,
}: {
  slug: string;
  gifts: StaffGiftsPage;
  filter: GiftFilter;
  page: number;
  filtered: boolean;
  fmt: (value: number) => string;
  t: T;
  lang: Lang;
}) {
  const methodLabel = (m: string) => t(`admin.giving.method.${m}`);
  const statusLabel = (s: string) => t(`admin.giving.status.${s}`);
  return gifts.doacoes.length === 0 ? (
    <p>{filtered ? t('admin.giving.noMatch') : t('admin.giving.empty')}</p>
  ) : (
    <table className="staff-table">
      <caption className="visually-hidden">{t('admin.giving.gifts')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('admin.giving.date')}</th>
          <th scope="col">{t('admin.giving.giver')}</th>
          <th scope="col">{t('admin.giving.reasons')}</th>
          <th scope="col">{t('admin.giving.method')}</th>
          <th scope="col">{t('admin.giving.statusLabel')}</th>
          <th scope="col">{t('admin.giving.amount')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('admin.giving.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {gifts.doacoes.map((g) => (
          <tr key={g.id}>
            <td data-label={t('admin.giving.date')}>
              <time dateTime={g.data}>{formatDate(g.data, lang, gifts.fusoHorario)}</time>
              <br />
              <small>{g.codigo}</small>
            </td>
            <td data-label={t('admin.giving.giver')}>
              {g.doador.id ? (
                <a href={`/admin/people/${g.doador.id}`}>{g.doador.nome}</a>
              ) : (
                g.doador.nome
              )}
              {g.recorrente && (
                <>
                  {' '}
                  <span className="staff-badge">{t('admin.giving.recurringBadge')}</span>
                </>
              )}
              {g.importada && (
                <>
                  {' '}
                  <span className="staff-badge">{t('admin.giving.importedBadge')}</span>
                </>
              )}
            </td>
            <td data-label={t('admin.giving.reasons')}>
              {g.itens.map((i) => i.motivo).join(', ')}
            </td>
            <td data-label={t('admin.giving.method')}>{methodLabel(g.metodo)}</td>
            <td data-label={t('admin.giving.statusLabel')}>
              <span className="staff-badge">{statusLabel(g.status)}</span>
            </td>
            <td data-label={t('admin.giving.amount')} className="num">
              {fmt(g.valor)}
            </td>
            <td>
              {g.estornavel && (
                <ConfirmButton
                  label={t('admin.giving.refund')}
                  title={t('admin.giving.refundTitle')}
                  explanation={t('admin.giving.refundExplain', {
                    amount: fmt(g.valor),
                    name: g.doador.nome,
                  })}
                  confirmLabel={t('admin.giving.refundConfirm')}
                  cancelLabel={t('admin.giving.cancel')}
                  className="button secondary"
                  onConfirm={() =>
                    refundOne(
                      slug,
                      g.codigo,
                      filter,
                      page,
                      t('admin.giving.refunded', { code: g.codigo }),
                    )
                  }
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={5}>
            {t('admin.giving.sumAll')}
          </th>
          <td className="num">{fmt(gifts.soma)}</td>
          <td />
        </tr>
      </tfoot>
    </table>
  );
}
