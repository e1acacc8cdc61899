// /admin/play/plans: a new plan, then the plans in the order members see them, each moved up or
// down, edited in place, withdrawn or deleted.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { StaffPlan } from '../../../../../../contract/play-staff.ts';
import {
  $editingRow,
  $planNotices,
  $playPlans,
  editRow,
  loadPlans,
  planBody,
  savePlan,
} from '../../../../../stores/admin-play.ts';
import { Check, Field, Loader, Notice, type T } from '../../../ui/index.ts';
import { money, PlanRow } from './PlanRow.tsx';
import { RowForm, type RowFields } from './RowForm.tsx';

const planFields =
  (t: T): RowFields =>
  (v, set, e) => (
    <>
      <Field
        label={t('admin.play.field.nome')}
        name="nome"
        value={String(v.nome)}
        onChange={set('nome')}
        error={e.nome}
        required
      />
      <Field
        label={t('admin.play.field.valor')}
        name="valor"
        inputMode="numeric"
        value={String(v.valor)}
        onChange={set('valor')}
        error={e.valor}
        required
      />
      <Field
        label={t('admin.play.field.taxaAdesao')}
        name="taxaAdesao"
        inputMode="numeric"
        value={String(v.taxaAdesao)}
        onChange={set('taxaAdesao')}
        error={e.taxaAdesao}
      />
      <Field
        label={t('admin.play.field.periodicidadeDias')}
        name="periodicidadeDias"
        type="number"
        value={String(v.periodicidadeDias)}
        onChange={set('periodicidadeDias')}
        error={e.periodicidadeDias}
        required
      />
      <Field
        label={t('admin.play.field.descricao')}
        name="descricao"
        value={String(v.descricao)}
        onChange={set('descricao')}
        error={e.descricao}
      />
      <Check
        name="ativo"
        label={t('admin.play.field.planAtivo')}
        checked={Boolean(v.ativo)}
        onChange={set('ativo')}
      />
    </>
  );

function PlanEdit({ slug, t, plan }: { slug: string; t: T; plan: StaffPlan }) {
  return (
    <tr>
      <td colSpan={5}>
        <RowForm
          t={t}
          label={t('admin.play.save')}
          initial={{
            nome: plan.nome,
            descricao: plan.descricao,
            valor: money(plan.valor, 'en').replace(/,/g, ''),
            taxaAdesao: money(plan.taxaAdesao, 'en').replace(/,/g, ''),
            periodicidadeDias: String(plan.periodicidadeDias),
            ativo: plan.ativo,
          }}
          fields={planFields(t)}
          save={(v) => savePlan(slug, plan.id, { ...planBody(v), ordem: plan.ordem })}
          done={() => {
            editRow(null);
            void loadPlans(slug);
          }}
        />
      </td>
    </tr>
  );
}

export function Plans({ slug, t, lang }: { slug: string; t: T; lang: string }) {
  const list = useStore($playPlans);
  const editing = useStore($editingRow);
  const { problem, moved } = useStore($planNotices);
  useEffect(() => void loadPlans(slug), [slug]);
  if (!list.data)
    return list.state === 'error' ? (
      <Notice kind="error">{list.message}</Notice>
    ) : (
      <Loader label={t('admin.shell.loading')} />
    );
  return (
    <>
      <h2>{t('admin.play.newPlan')}</h2>
      <RowForm
        t={t}
        label={t('admin.play.create')}
        initial={{
          nome: '',
          descricao: '',
          valor: '',
          taxaAdesao: '0',
          periodicidadeDias: '30',
          ativo: true,
        }}
        fields={planFields(t)}
        save={(v) => savePlan(slug, null, planBody(v))}
        done={() => void loadPlans(slug)}
      />
      {problem && <Notice kind="error">{problem}</Notice>}
      <p className="play-order-hint">{t('admin.play.planOrderHint')}</p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {moved}
      </p>
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">{t('admin.play.field.nome')}</th>
            <th scope="col">{t('admin.play.field.valor')}</th>
            <th scope="col">{t('admin.play.field.periodicidadeDias')}</th>
            <th scope="col">{t('admin.play.activeSubscribers')}</th>
            <th scope="col">{t('admin.play.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data.map((p, index, all) =>
            editing === p.id ? (
              <PlanEdit key={p.id} slug={slug} t={t} plan={p} />
            ) : (
              <PlanRow
                key={p.id}
                slug={slug}
                t={t}
                lang={lang}
                plan={p}
                index={index}
                last={index === all.length - 1}
              />
            ),
          )}
        </tbody>
      </table>
    </>
  );
}
