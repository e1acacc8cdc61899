// /user/giving (auth): the member's recurring gifts (change amount, reason, days, next date or
// card; pause, resume, cancel) and every gift with its reasons, method, status and receipt, by
// year, with the link to the printable yearly statement. A gift whose bank wants the donor there
// to confirm its charge is confirmed here (the bank's page, docs/payments.md "Recurring gifts at a live gateway").
// The flow is the store's (src/stores/giving-account.ts); these are its sections.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { churchToday } from '../../../../common/time-zone.ts';
import type { Reason, RecurringGift } from '../../../../contract/giving.ts';
import type { SavedCard } from '../../../../contract/payments.ts';
import { brandName, formatDate, money } from '../../../../common/format.ts';
import {
  $givingAccount,
  $recurringEdits,
  askCancel,
  chooseYear,
  confirmWithBank,
  loadHistory,
  loadRecurring,
  recurringAction,
  recurringEditOf,
  saveRecurring,
  setRecurringField,
  toggleEditing,
  type RecurringForm,
} from '../../../stores/giving-account.ts';
import {
  Field,
  Loader,
  MemberGate,
  Modal,
  Notice,
  Select,
  SubmitButton,
  makeT,
  useMember,
  type IslandProps,
  type T,
} from '../ui/index.ts';

interface Props extends IslandProps {
  slug: string;
  reasons: Reason[];
}

export default function GivingAccountIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  return (
    <MemberGate church={props.church} loadingLabel={t('give.loading')}>
      <Account {...props} t={t} />
    </MemberGate>
  );
}

const day = (ymd: string, lang: Props['lang']) => formatDate(`${ymd}T12:00:00Z`, lang, 'UTC');

function Account(props: Props & { t: T }) {
  const { t } = props;
  const { userId } = useMember(props.church);
  const { recurring, gifts, cards, year, message, zone } = useStore($givingAccount);
  // the church's year once the history answered its zone (docs/giving.md "Which clock")
  const thisYear = zone ? Number(churchToday(zone).slice(0, 4)) : new Date().getFullYear();
  const churchId = props.church.id;

  useEffect(() => {
    if (userId) void loadRecurring(props.slug, userId, churchId);
  }, [props.slug, userId, churchId]);
  useEffect(() => {
    if (userId) void loadHistory(userId, churchId, year);
  }, [userId, churchId, year]);

  return (
    <div className="give-account">
      <section aria-labelledby="recurring-title">
        <h2 id="recurring-title">{t('give.account.recurring')}</h2>
        {message && <Notice message={message} />}
        {recurring === null ? (
          <Loader label={t('give.loading')} />
        ) : recurring.length === 0 ? (
          <p>{t('give.account.noRecurring')}</p>
        ) : (
          <ul className="give-recurring">
            {recurring.map((g) => (
              <RecurringItem key={g.id} gift={g} {...props} cards={cards} userId={userId!} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="history-title">
        <h2 id="history-title">{t('give.account.history')}</h2>
        <div className="give-history-tools">
          <Select
            label={t('give.account.year')}
            name="ano"
            value={year}
            onChange={chooseYear}
            placeholder={t('give.account.allYears')}
            options={[0, 1, 2, 3].map((n) => ({
              value: String(thisYear - n),
              label: String(thisYear - n),
            }))}
          />
          <a className="button secondary" href={`/user/giving/statement?ano=${year || thisYear}`}>
            {t('give.account.statement', { year: year || thisYear })}
          </a>
        </div>
        {gifts === null ? (
          <Loader label={t('give.loading')} />
        ) : gifts.length === 0 ? (
          <p>{t('give.account.noHistory')}</p>
        ) : (
          <table className="give-history">
            <thead>
              <tr>
                <th scope="col">{t('give.account.date')}</th>
                <th scope="col">{t('give.account.lines')}</th>
                <th scope="col">{t('give.method.label')}</th>
                <th scope="col">{t('give.account.statusCol')}</th>
                <th scope="col">{t('give.totalWithFees')}</th>
                <th scope="col">{t('give.account.receipt')}</th>
              </tr>
            </thead>
            <tbody>
              {gifts.map((g) => (
                <tr key={g.codigo}>
                  <td data-label={t('give.account.date')}>
                    {formatDate(g.dataCadastro, props.lang, zone)}
                  </td>
                  <td data-label={t('give.account.lines')}>
                    <div>
                      <ul>
                        {g.itens.map((l) => (
                          <li key={l.idMotivo}>
                            {l.motivo}: {money(l.valor, g.moeda, props.lang)}
                          </li>
                        ))}
                      </ul>
                      {g.recorrente && (
                        <small className="give-badge">{t('give.account.recurringMark')}</small>
                      )}
                      {g.importada && (
                        <small className="give-badge">{t('give.account.importedMark')}</small>
                      )}
                    </div>
                  </td>
                  <td data-label={t('give.method.label')}>
                    {t(`give.methodName.${g.metodoPagamento}`)}
                  </td>
                  <td data-label={t('give.account.statusCol')}>{t(`give.status.${g.status}`)}</td>
                  <td data-label={t('give.totalWithFees')}>
                    {money(g.valorTotal, g.moeda, props.lang)}
                  </td>
                  <td data-label={t('give.account.receipt')}>
                    <a href={`/give/thank-you?pedido=${encodeURIComponent(g.codigo)}`}>
                      {g.codigo}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

type ItemProps = Props & { t: T; gift: RecurringGift; cards: SavedCard[]; userId: number };

/** One recurring gift with its actions (exported for its test). */
export function RecurringItem(props: ItemProps) {
  const { t, gift, userId } = props;
  const { editing, confirming, busy } = recurringEditOf(gift, useStore($recurringEdits));
  const amount = money(gift.valor, gift.moeda, props.lang);
  const generic = t('give.error.generic');
  const act = (acao: 'pausar' | 'retomar' | 'cancelar') =>
    void recurringAction(userId, gift, acao, generic);
  return (
    <li className={`give-recurring-item status-${gift.status}`}>
      <div>
        <strong>{gift.motivo.nome}</strong> —{' '}
        {t('give.account.every', { amount, days: gift.recorrenciaDias })}
        <span className="give-badge">{t(`give.account.status.${gift.status}`)}</span>
      </div>
      {gift.status !== 'cancelada' && (
        <div className="give-muted">
          {t('give.account.next', { date: day(gift.proximaCobranca, props.lang) })}
        </div>
      )}
      <div className="give-muted">
        {t('give.account.card', {
          card: gift.cartao
            ? `${brandName(gift.cartao.bandeira)} •••• ${gift.cartao.final}`
            : t('give.account.noCard'),
        })}
      </div>
      {gift.tentativasFalhas > 0 && (
        <div className="give-muted">{t.plural('give.account.failed', gift.tentativasFalhas)}</div>
      )}
      {gift.confirmacaoPendente && (
        <div className="give-confirm">
          <p>{t('give.account.confirmReason')}</p>
          <button
            type="button"
            className="button"
            onClick={() => void confirmWithBank(userId, gift, props.church.id, generic)}
            disabled={busy}
          >
            {t('give.account.confirmBank')}
          </button>
        </div>
      )}
      {gift.status !== 'cancelada' && (
        <div className="give-actions">
          <button
            type="button"
            className="button secondary"
            onClick={() => toggleEditing(gift)}
            aria-expanded={editing}
            disabled={busy}
          >
            {t('give.account.edit')}
          </button>
          {gift.status === 'ativa' && (
            <button
              type="button"
              className="button secondary"
              onClick={() => act('pausar')}
              disabled={busy}
            >
              {t('give.account.pause')}
            </button>
          )}
          {gift.status === 'pausada' && (
            <button
              type="button"
              className="button secondary"
              onClick={() => act('retomar')}
              disabled={busy}
            >
              {t('give.account.resume')}
            </button>
          )}
          <button
            type="button"
            className="button secondary danger"
            onClick={() => askCancel(gift, true)}
            disabled={busy}
          >
            {t('give.account.cancel')}
          </button>
        </div>
      )}
      {editing && <RecurringEditForm {...props} />}
      <Modal
        open={confirming}
        title={t('give.account.cancel')}
        onClose={() => askCancel(gift, false)}
        closeLabel={t('give.account.close')}
      >
        <p>{t('give.account.cancelConfirm')}</p>
        <div className="give-actions">
          <button
            type="button"
            className="button danger"
            onClick={() => act('cancelar')}
            disabled={busy}
          >
            {t('give.account.cancelYes')}
          </button>
        </div>
      </Modal>
    </li>
  );
}

/** A recurring gift's changes: amount, reason, days, next date, card. */
function RecurringEditForm(props: ItemProps) {
  const { t, gift, userId } = props;
  const { busy, errors, form } = recurringEditOf(gift, useStore($recurringEdits));
  const generic = t('give.error.generic');
  const set = (field: keyof RecurringForm) => (value: string) =>
    setRecurringField(gift, field, value);
  return (
    <form
      className="give-edit"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void saveRecurring(userId, gift, { saved: t('give.account.saved'), generic });
      }}
    >
      <Field
        label={t('give.account.amount')}
        name="valor"
        value={form.valor}
        onChange={set('valor')}
        inputMode="numeric"
        error={errors.valor}
      />
      <Select
        label={t('give.account.reason')}
        name="motivo"
        value={form.motivo}
        onChange={set('motivo')}
        error={errors.motivo}
        options={props.reasons.map((r) => ({ value: String(r.id), label: r.nome }))}
      />
      <Field
        label={t('give.days')}
        name="dias"
        value={form.dias}
        onChange={set('dias')}
        inputMode="numeric"
        error={errors.recorrenciaDias}
      />
      <Field
        label={t('give.account.nextDate')}
        name="data"
        value={form.data}
        onChange={set('data')}
        error={errors.proximaCobranca}
      />
      {props.cards.length > 0 && (
        <Select
          label={t('give.account.cardLabel')}
          name="cartao"
          value={form.cartao}
          onChange={set('cartao')}
          error={errors.idCartao}
          options={props.cards.map((c) => ({
            value: String(c.id),
            label: `${brandName(c.bandeira)} •••• ${c.final}`,
          }))}
        />
      )}
      {errors._ && <Notice kind="error">{errors._}</Notice>}
      <SubmitButton
        submitting={busy}
        label={t('give.account.save')}
        busyLabel={t('give.account.saving')}
      />
    </form>
  );
}
