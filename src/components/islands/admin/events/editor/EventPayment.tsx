// The editor's payment section: registration open, visitors, the methods, currency, installments,
// days to pay cash, interest and who pays the fees.
import { EVENT_PAYMENT_METHODS } from '../../../../../../contract/events-staff.ts';
import { editEvent, tickMethod } from '../../../../../stores/admin-events.ts';
import { Check, Field, Notice, type T } from '../../../ui/index.ts';
import { useEventForm } from './use-event-form.ts';

export function EventPayment({ t }: { t: T }) {
  const { form, err } = useEventForm();
  return (
    <fieldset>
      <legend>{t('admin.events.section.payment')}</legend>
      <Check
        name="flagInscricaoAberta"
        label={t('admin.events.field.open')}
        checked={form.flagInscricaoAberta}
        onChange={(flagInscricaoAberta) => editEvent({ flagInscricaoAberta })}
      />
      <Check
        name="flagVisitante"
        label={t('admin.events.field.visitors')}
        checked={form.flagVisitante}
        onChange={(flagVisitante) => editEvent({ flagVisitante })}
      />
      <Check
        name="todosMetodos"
        label={t('admin.events.field.allMethods')}
        checked={form.todosMetodos}
        onChange={(todosMetodos) => editEvent({ todosMetodos })}
      />
      {!form.todosMetodos && (
        <fieldset className="events-methods">
          <legend>{t('admin.events.field.methods')}</legend>
          {EVENT_PAYMENT_METHODS.map((m) => (
            <Check
              key={m}
              name={`metodo-${m}`}
              label={t(`admin.events.method.${m}`)}
              checked={form.metodos.includes(m)}
              onChange={(on) => tickMethod(m, on)}
            />
          ))}
          {err('metodosPagamento') && <Notice kind="error">{err('metodosPagamento')}</Notice>}
        </fieldset>
      )}
      <div className="events-grid">
        <Field
          label={t('admin.events.field.currency')}
          name="moeda"
          value={form.moeda}
          onChange={(moeda) => editEvent({ moeda })}
          error={err('moeda')}
          maxLength={3}
        />
        <Field
          label={t('admin.events.field.installments')}
          name="qtdeMaxParcelas"
          type="number"
          value={form.qtdeMaxParcelas}
          onChange={(qtdeMaxParcelas) => editEvent({ qtdeMaxParcelas })}
          error={err('qtdeMaxParcelas')}
        />
        <Field
          label={t('admin.events.field.cashDays')}
          name="diasPagamentoDinheiro"
          type="number"
          value={form.diasPagamentoDinheiro}
          onChange={(diasPagamentoDinheiro) => editEvent({ diasPagamentoDinheiro })}
          error={err('diasPagamentoDinheiro')}
        />
      </div>
      <Check
        name="flagJuros"
        label={t('admin.events.field.interest')}
        checked={form.flagJuros}
        onChange={(flagJuros) => editEvent({ flagJuros })}
      />
      <Check
        name="flagAssumirTaxasServico"
        label={t('admin.events.field.churchPaysFees')}
        checked={form.flagAssumirTaxasServico}
        onChange={(flagAssumirTaxasServico) => editEvent({ flagAssumirTaxasServico })}
      />
    </fieldset>
  );
}
