// The leader's requests (/groups/{celulaId}/requests, login): who asked to join, with their
// message; accept or decline each pending one. The member is told by notification and e-mail
// (server side). Anyone but the leader gets the API's 403/404 explanation.
// The flow is the store's (src/stores/groups.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import type { GroupRequest } from '../../../../contract/groups.ts';
import { mediumDateTime } from '../../../../common/format.ts';
import {
  $groupRequests,
  $requestAnswer,
  answerGroupRequest,
  loadGroupRequests,
} from '../../../stores/groups.ts';
import { Loader, makeT, MemberGate, Notice, type IslandProps, type T } from '../ui/index.ts';

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
  const loaded = useStore($groupRequests);
  const { busy, notice } = useStore($requestAnswer);
  useEffect(() => void loadGroupRequests(groupId), [groupId]);
  const answer = (request: GroupRequest, acao: 'aceitar' | 'recusar') =>
    void answerGroupRequest(groupId, request.id, acao, t('groups.requests.answerFailed'));

  const toGroup = `/groups/${groupId}`;
  if (loaded.state === 'error')
    return (
      <div className="content-empty content-missing">
        <h1>{t('groups.requests.title')}</h1>
        <Notice kind="error">{loaded.message || t('groups.requests.failed')}</Notice>
        <p className="groups-links">
          <a className="button" href={toGroup}>
            {t('groups.meetings.toGroup')}
          </a>
        </p>
      </div>
    );
  const state = loaded.data;
  if (!state) return <Loader label={t('groups.loading')} />;
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
      <Notice message={notice} />
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
