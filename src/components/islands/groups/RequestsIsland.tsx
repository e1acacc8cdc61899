// The leader's requests (/groups/{celulaId}/requests, login): who asked to join, with their
// message; accept or decline each pending one. The member is told by notification and e-mail
// (server side). Anyone but the leader gets the API's 403/404 explanation.
import { useEffect, useMemo, useState } from 'react';
import type { GroupRequest } from '../../../../contract/groups.ts';
import { mediumDateTime } from '../../../lib/format.ts';
import { answerRequest, loadRequests } from '../../../lib/groups/api.ts';
import {
  failureMessage,
  Loader,
  makeT,
  MemberGate,
  Notice,
  type IslandProps,
  type Message,
  type T,
} from '../ui/index.ts';

type Props = IslandProps & { groupId: number };

export default function RequestsIsland(props: Props) {
  const t = useMemo(() => makeT(props.strings, props.lang), [props.strings, props.lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('groups.loading')}>
      <Requests {...props} t={t} />
    </MemberGate>
  );
}

function Requests({ groupId, lang, t }: Props & { t: T }) {
  const [state, setState] = useState<
    { group: { id: number; nome: string }; requests: GroupRequest[] } | { error: string } | null
  >(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => {
    loadRequests(groupId).then(
      (r) => setState({ group: r.celula, requests: r.solicitacoes }),
      async (e) =>
        setState({ error: (await failureMessage(e, t('groups.requests.failed'))).message }),
    );
  }, [groupId, t]);

  async function answer(request: GroupRequest, acao: 'aceitar' | 'recusar') {
    setBusy(request.id);
    setMessage(null);
    try {
      const r = await answerRequest(groupId, request.id, acao);
      setState((s) =>
        s && 'requests' in s
          ? {
              ...s,
              requests: s.requests.map((q) => (q.id === r.solicitacao.id ? r.solicitacao : q)),
            }
          : s,
      );
      setMessage({ kind: 'ok', text: r.message });
    } catch (e) {
      setMessage({
        kind: 'error',
        text: (await failureMessage(e, t('groups.requests.answerFailed'))).message,
      });
    }
    setBusy(null);
  }

  const toGroup = `/groups/${groupId}`;
  if (!state) return <Loader label={t('groups.loading')} />;
  if ('error' in state)
    return (
      <div className="content-empty content-missing">
        <h1>{t('groups.requests.title')}</h1>
        <Notice kind="error">{state.error}</Notice>
        <p className="groups-links">
          <a className="button" href={toGroup}>
            {t('groups.meetings.toGroup')}
          </a>
        </p>
      </div>
    );
  const pending = state.requests.filter((r) => r.situacao === 'pendente');
  const answered = state.requests.filter((r) => r.situacao !== 'pendente');
  const item = (r: GroupRequest) => (
    <li key={r.id} className="groups-item">
      <h3>
        {r.usuario.nome}{' '}
        {r.situacao !== 'pendente' && (
          <span className={`groups-status ${r.situacao}`}>
            {t(`groups.requests.status.${r.situacao}`)}
          </span>
        )}
      </h3>
      <p className="groups-item-meta">
        {t('groups.requests.sentOn', { date: mediumDateTime(r.dataCadastro, lang) })}
      </p>
      <p>{r.mensagem ?? <span className="groups-muted">{t('groups.requests.noMessage')}</span>}</p>
      {r.situacao === 'pendente' && (
        <div className="groups-item-actions">
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            aria-busy={busy === r.id || undefined}
            onClick={() => answer(r, 'aceitar')}
            aria-label={`${t('groups.requests.accept')}: ${r.usuario.nome}`}
          >
            {t('groups.requests.accept')}
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={busy !== null}
            onClick={() => answer(r, 'recusar')}
            aria-label={`${t('groups.requests.decline')}: ${r.usuario.nome}`}
          >
            {t('groups.requests.decline')}
          </button>
        </div>
      )}
    </li>
  );
  return (
    <div>
      <a className="content-back" href={toGroup}>
        ← {t('groups.meetings.toGroup')}
      </a>
      <p className="groups-muted">{state.group.nome}</p>
      <h1>{t('groups.requests.title')}</h1>
      <Notice message={message} />
      <h2 className="groups-section-title">{t('groups.requests.pending')}</h2>
      {pending.length === 0 ? (
        <p className="groups-muted">{t('groups.requests.none')}</p>
      ) : (
        <ul className="groups-list">{pending.map(item)}</ul>
      )}
      {answered.length > 0 && (
        <>
          <h2 className="groups-section-title">{t('groups.requests.answered')}</h2>
          <ul className="groups-list">{answered.map(item)}</ul>
        </>
      )}
    </div>
  );
}
