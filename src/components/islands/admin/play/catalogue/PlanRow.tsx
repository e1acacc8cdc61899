// One plan of the plans table: its price, period and subscribers, moved up or down (the focus
// stays on the row's arrows), edited or deleted.
import { numberFormat } from '../../../../../../common/format.ts';
import type { StaffPlan } from '../../../../../../contract/play-staff.ts';
import { deletePlan, editRow, movePlan } from '../../../../../stores/admin-play.ts';
import { ConfirmButton } from '../../kit/index.ts';
import type { T } from '../../../ui/index.ts';

/** An amount with two decimals in the page's language. */
export const money = (amount: number, lang: string) =>
  numberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);

export function PlanRow({
  slug,
  t,
  lang,
  plan: p,
  index,
  last,
}: {
  slug: string;
  t: T;
  lang: string;
  plan: StaffPlan;
  index: number;
  last: boolean;
}) {
  async function move(by: -1 | 1) {
    const id = await movePlan(slug, index, by, (name, position) =>
      t('admin.play.planMoved', { name, position }),
    );
    if (id === null) return;
    // the button pressed may now be disabled (first or last): keep the focus on its row's twin
    requestAnimationFrame(() => {
      const row = document.querySelector<HTMLElement>(`[data-plan-row="${id}"]`);
      const same = row?.querySelector<HTMLButtonElement>(
        `button[data-move="${by < 0 ? 'up' : 'down'}"]:not(:disabled)`,
      );
      (same ?? row?.querySelector<HTMLButtonElement>('button[data-move]:not(:disabled)'))?.focus();
    });
  }
  return (
    <tr data-plan-row={p.id}>
      <td>
        {p.nome}
        {!p.ativo && <> · {t('admin.play.withdrawn')}</>}
      </td>
      <td data-label={t('admin.play.field.valor')}>
        {money(p.valor, lang)}
        {p.taxaAdesao > 0 && <> + {money(p.taxaAdesao, lang)}</>}
      </td>
      <td data-label={t('admin.play.field.periodicidadeDias')}>{p.periodicidadeDias}</td>
      <td data-label={t('admin.play.activeSubscribers')}>{p.assinantesAtivos}</td>
      <td>
        <button
          type="button"
          className="button secondary"
          data-move="up"
          disabled={index === 0}
          aria-label={t('admin.play.moveUp', { name: p.nome })}
          onClick={() => void move(-1)}
        >
          ↑
        </button>{' '}
        <button
          type="button"
          className="button secondary"
          data-move="down"
          disabled={last}
          aria-label={t('admin.play.moveDown', { name: p.nome })}
          onClick={() => void move(1)}
        >
          ↓
        </button>{' '}
        <button type="button" className="button secondary" onClick={() => editRow(p.id)}>
          {t('admin.play.edit')}
        </button>{' '}
        <ConfirmButton
          label={t('admin.play.delete')}
          title={t('admin.play.deletePlan', { name: p.nome })}
          explanation={t('admin.play.deletePlanExplain')}
          confirmLabel={t('admin.play.delete')}
          cancelLabel={t('admin.shell.cancel')}
          onConfirm={() => deletePlan(slug, p.id)}
        />
      </td>
    </tr>
  );
}
