// /user/giving/statement?ano= (auth): the yearly giving statement of this church, laid out to
// print; the browser's print dialog saves it as PDF.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatCpf } from '../../../../contract/account-rules.ts';
import { formatDate, money } from '../../../../common/format.ts';
import { $statement, loadStatement } from '../../../stores/giving-account.ts';
import {
  Loader,
  MemberGate,
  Notice,
  makeT,
  useMember,
  type IslandProps,
  type T,
} from '../ui/index.ts';

interface Props extends IslandProps {
  year: number;
}

export default function StatementIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  return (
    <MemberGate church={props.church} loadingLabel={t('give.loading')}>
      <StatementView {...props} t={t} />
    </MemberGate>
  );
}

function StatementView(props: Props & { t: T }) {
  const { t, lang } = props;
  const { userId } = useMember(props.church);
  const data = useStore($statement);
  const churchId = props.church.id;
  useEffect(() => {
    if (userId) void loadStatement(userId, churchId, props.year);
  }, [userId, churchId, props.year]);
  if (data === undefined) return <Loader label={t('give.loading')} />;
  if (data === null) return <Notice kind="error">{t('give.error.generic')}</Notice>;
  const m = (v: number) => money(v, data.moeda, lang);
  return (
    <article className="give-statement">
      <h1>{t('give.statement.title', { year: data.ano })}</h1>
      <dl className="give-facts">
        <div>
          <dt>{t('give.statement.church')}</dt>
          <dd>
            {data.igreja.nome}
            {data.igreja.cidade ? ` — ${data.igreja.cidade}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('give.statement.donor')}</dt>
          <dd>
            {data.doador.nome} ({data.doador.email})
            {data.doador.cpf ? ` — CPF ${formatCpf(data.doador.cpf)}` : ''}
          </dd>
        </div>
      </dl>
      {data.doacoes.length === 0 ? (
        <p>{t('give.statement.empty')}</p>
      ) : (
        <>
          <table className="give-history">
            <thead>
              <tr>
                <th scope="col">{t('give.account.date')}</th>
                <th scope="col">{t('give.account.lines')}</th>
                <th scope="col">{t('give.method.label')}</th>
                <th scope="col">{t('give.order')}</th>
                <th scope="col">{t('give.total')}</th>
              </tr>
            </thead>
            <tbody>
              {data.doacoes.map((g) => (
                <tr key={g.codigo}>
                  <td data-label={t('give.account.date')}>
                    {formatDate(g.pagoEm ?? g.dataCadastro, lang, data.fusoHorario)}
                  </td>
                  <td data-label={t('give.account.lines')}>
                    {g.itens.map((l) => `${l.motivo}: ${m(l.valor)}`).join('; ')}
                  </td>
                  <td data-label={t('give.method.label')}>
                    {t(`give.methodName.${g.metodoPagamento}`)}
                  </td>
                  <td data-label={t('give.order')}>{g.codigo}</td>
                  <td data-label={t('give.total')}>{m(g.valor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{t('give.statement.byReason')}</h2>
          <dl className="give-facts">
            {data.totaisPorMotivo.map((x) => (
              <div key={x.motivo}>
                <dt>{x.motivo}</dt>
                <dd>{m(x.valor)}</dd>
              </div>
            ))}
            <div className="give-grand">
              <dt>{t('give.statement.total')}</dt>
              <dd>{m(data.total)}</dd>
            </div>
          </dl>
        </>
      )}
      <p className="give-muted">
        {t('give.statement.note')}{' '}
        {t('give.statement.issued', { date: formatDate(data.emitidoEm, lang, data.fusoHorario) })}
      </p>
      <p className="give-actions no-print">
        <button type="button" className="button" onClick={() => window.print()}>
          {t('give.statement.print')}
        </button>
        <a className="button secondary" href="/user/giving">
          {t('give.statement.back')}
        </a>
      </p>
    </article>
  );
}
