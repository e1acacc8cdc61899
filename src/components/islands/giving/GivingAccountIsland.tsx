// /user/giving (auth): the member's recurring gifts (change amount, reason, days, next date or
// card; pause, resume, cancel) and every gift with its reasons, method, status and receipt, by
// year, with the link to the printable yearly statement. A gift whose bank wants the donor there
// to confirm its charge is confirmed here (the bank's page, docs/payments.md "Recurring gifts at a live gateway").
import { useEffect, useState } from 'react';
import type { Gift, Reason, RecurringGift } from '../../../../contract/giving.ts';
import type { SavedCard } from '../../../../contract/payments.ts';
import { brandName, formatDate, money } from '../../../lib/format.ts';
import { checkout } from '../../../lib/checkout/api.ts';
import { confirmGift } from '../../../lib/giving/confirm.ts';
import { giving } from '../../../lib/giving/api.ts';
import {
  Field,
  Loader,
  MemberGate,
  Modal,
  Notice,
  Select,
  SubmitButton,
  failureMessage,
  firstErrors,
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
  const [recurring, setRecurring] = useState<RecurringGift[] | null>(null);
  const [gifts, setGifts] = useState<Gift[] | null>(null);
  const [cards, setCards] = useState<SavedCard[]>([]);
  const [year, setYear] = useState('');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const thisYear = new Date().getFullYear();

  useEffect(() => {
    if (!userId) return;
    void giving.recurring(userId, props.church.id).then(
      (r) => setRecurring(r.doacoesRecorrentes),
      () => setRecurring([]),
    );
    void checkout.savedCards(props.slug, userId).then(setCards, () => setCards([]));
  }, [userId]);
  useEffect(() => {
    if (!userId) return;
    void giving.history(userId, props.church.id, year ? Number(year) : undefined).then(
      (r) => setGifts(r.doacoes),
      () => setGifts([]),
    );
  }, [userId, year]);

  const replace = (gift: RecurringGift) =>
    setRecurring((list) => (list ?? []).map((g) => (g.id === gift.id ? gift : g)));

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
              <RecurringItem
                key={g.id}
                gift={g}
                {...props}
                cards={cards}
                userId={userId!}
                onChange={replace}
                onMessage={setMessage}
              />
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
            onChange={setYear}
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
                    {formatDate(g.dataCadastro, props.lang)}
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

/** One recurring gift with its actions (exported for its test). */
export function RecurringItem(
  props: Props & {
    t: T;
    gift: RecurringGift;
    cards: SavedCard[];
    userId: number;
    onChange: (g: RecurringGift) => void;
    onMessage: (m: { kind: 'ok' | 'error'; text: string } | null) => void;
  },
) {
  const { t, gift } = props;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [form, setForm] = useState({
    valor: String(gift.valor),
    motivo: String(gift.motivo.id),
    dias: String(gift.recorrenciaDias),
    data: gift.proximaCobranca,
    cartao: gift.cartao ? String(gift.cartao.id) : '',
  });
  const amount = money(gift.valor, gift.moeda, props.lang);

  async function act(acao: 'pausar' | 'retomar' | 'cancelar') {
    setBusy(true);
    props.onMessage(null);
    try {
      props.onChange((await giving.recurringAction(props.userId, gift.id, acao)).doacaoRecorrente);
    } catch (e) {
      props.onMessage({
        kind: 'error',
        text: (await failureMessage(e, t('give.error.generic'))).message,
      });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  async function confirmWithBank() {
    setBusy(true);
    props.onMessage(null);
    try {
      const then = await confirmGift(props.userId, gift.id, props.church.id);
      if (then.kind === 'leave') return location.assign(then.url);
      props.onMessage({ kind: 'error', text: then.message ?? t('give.error.generic') });
      setBusy(false);
    } catch (e) {
      props.onMessage({
        kind: 'error',
        text: (await failureMessage(e, t('give.error.generic'))).message,
      });
      setBusy(false);
    }
  }

  async function save() {
    setBusy(true);
    setErrors({});
    try {
      const valor = Number(form.valor.replace(',', '.'));
      const changes = {
        ...(form.valor !== String(gift.valor)
          ? { valor: Number.isNaN(valor) ? (form.valor as unknown as number) : valor }
          : {}),
        ...(form.motivo !== String(gift.motivo.id) ? { motivo: Number(form.motivo) } : {}),
        ...(form.dias !== String(gift.recorrenciaDias)
          ? { recorrenciaDias: Number(form.dias) }
          : {}),
        ...(form.data !== gift.proximaCobranca ? { proximaCobranca: form.data } : {}),
        ...(form.cartao && form.cartao !== String(gift.cartao?.id ?? '')
          ? { idCartao: Number(form.cartao) }
          : {}),
      };
      props.onChange(
        (await giving.updateRecurring(props.userId, gift.id, changes)).doacaoRecorrente,
      );
      setEditing(false);
      props.onMessage({ kind: 'ok', text: t('give.account.saved') });
    } catch (e) {
      const failure = await failureMessage(e, t('give.error.generic'));
      const fields = firstErrors(failure.errors);
      setErrors(Object.keys(fields).length ? fields : { _: failure.message });
    } finally {
      setBusy(false);
    }
  }

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
            onClick={() => void confirmWithBank()}
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
            onClick={() => setEditing(!editing)}
            aria-expanded={editing}
            disabled={busy}
          >
            {t('give.account.edit')}
          </button>
          {gift.status === 'ativa' && (
            <button
              type="button"
              className="button secondary"
              onClick={() => void act('pausar')}
              disabled={busy}
            >
              {t('give.account.pause')}
            </button>
          )}
          {gift.status === 'pausada' && (
            <button
              type="button"
              className="button secondary"
              onClick={() => void act('retomar')}
              disabled={busy}
            >
              {t('give.account.resume')}
            </button>
          )}
          <button
            type="button"
            className="button secondary danger"
            onClick={() => setConfirming(true)}
            disabled={busy}
          >
            {t('give.account.cancel')}
          </button>
        </div>
      )}
      {editing && (
        <form
          className="give-edit"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Field
            label={t('give.account.amount')}
            name="valor"
            value={form.valor}
            onChange={(v) => setForm({ ...form, valor: v })}
            inputMode="numeric"
            error={errors.valor}
          />
          <Select
            label={t('give.account.reason')}
            name="motivo"
            value={form.motivo}
            onChange={(v) => setForm({ ...form, motivo: v })}
            error={errors.motivo}
            options={props.reasons.map((r) => ({ value: String(r.id), label: r.nome }))}
          />
          <Field
            label={t('give.days')}
            name="dias"
            value={form.dias}
            onChange={(v) => setForm({ ...form, dias: v })}
            inputMode="numeric"
            error={errors.recorrenciaDias}
          />
          <Field
            label={t('give.account.nextDate')}
            name="data"
            value={form.data}
            onChange={(v) => setForm({ ...form, data: v })}
            error={errors.proximaCobranca}
          />
          {props.cards.length > 0 && (
            <Select
              label={t('give.account.cardLabel')}
              name="cartao"
              value={form.cartao}
              onChange={(v) => setForm({ ...form, cartao: v })}
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
      )}
      <Modal
        open={confirming}
        title={t('give.account.cancel')}
        onClose={() => setConfirming(false)}
        closeLabel={t('give.account.close')}
      >
        <p>{t('give.account.cancelConfirm')}</p>
        <div className="give-actions">
          <button
            type="button"
            className="button danger"
            onClick={() => void act('cancelar')}
            disabled={busy}
          >
            {t('give.account.cancelYes')}
          </button>
        </div>
      </Modal>
    </li>
  );
}
