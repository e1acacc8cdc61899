// /third-parts/mykids: the children check-in uses the children of the account (login required).
import { useStore } from '@nanostores/react';
// The loads are the store's (src/stores/kids.ts).
import { useEffect, useMemo, useState } from 'react';
import { formatLocalDate } from '../../../../contract/account-rules.ts';
import { $myKids, loadMyKids } from '../../../stores/kids.ts';
import { $session } from '../../../stores/session.ts';
import { type IslandProps, MemberGate, type T } from '../ui/index.ts';
import { KidsPrecheckin } from './KidsPrecheckin.tsx';
import { accountT } from './t.ts';

export default function MyKidsIsland(props: IslandProps) {
  const t = useMemo(() => accountT(props), [props.strings, props.lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('account.loading')}>
      <MyKids {...props} t={t} />
    </MemberGate>
  );
}

function MyKids({ church, lang, t }: IslandProps & { t: T }) {
  const session = useStore($session);
  const user = session.user!;
  const { checkins, rooms } = useStore($myKids);
  const [changed, setChanged] = useState(0);
  useEffect(() => {
    // a room volunteer on today's rota sees that room's roster (docs/kids.md "Room volunteers")
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    // and the children's check-ins at the church's rooms (docs/kids.md "For families")
    loadMyKids(user.id, church.id, today);
  }, [church.id, user.id, changed]);
  return (
    <div className="acc-panel">
      <h1>{t('account.third.mykids.title')}</h1>
      <p>{t('account.third.mykids.text')}</p>
      {session.userChildren.length === 0 ? (
        <p className="acc-muted">{t('account.children.empty')}</p>
      ) : (
        <ul className="acc-list">
          {session.userChildren.map((c) => (
            <li key={c.id} className="acc-item">
              <p>
                <strong>{[c.nome, c.sobrenome].filter(Boolean).join(' ')}</strong> ·{' '}
                {formatLocalDate(c.dataNascimento, lang)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <KidsPrecheckin
        userId={user.id}
        churchId={church.id}
        t={t}
        onChange={() => setChanged((n) => n + 1)}
      />
      <h2>{t('kids.mine.title')}</h2>
      {checkins && checkins.length === 0 && <p className="acc-muted">{t('kids.mine.empty')}</p>}
      {checkins && checkins.length > 0 && (
        <ul className="acc-list">
          {checkins.map((c, i) => (
            <li key={`${c.entrada}-${i}`} className="acc-item">
              <p>
                <strong>{c.crianca}</strong> · {c.sala} · {formatLocalDate(c.data, lang)}{' '}
                {c.horario}
                {' · '}
                {c.saida ? t('kids.mine.out') : t('kids.mine.in')}
              </p>
            </li>
          ))}
        </ul>
      )}
      {rooms.map((r) => (
        <section key={r.sessao.id} aria-labelledby={`room-${r.sessao.id}`}>
          <h2 id={`room-${r.sessao.id}`}>
            {t('kids.rooms.title', { room: r.sessao.sala.nome, time: r.sessao.horario })}
          </h2>
          <p>
            {t('kids.rooms.count', { count: r.sessao.presentes, capacity: r.sessao.capacidade })}
          </p>
          <ul className="acc-list">
            {r.criancas
              .filter((c) => !c.saida)
              .map((c) => (
                <li key={c.checkinId} className="acc-item">
                  <p>
                    <strong>{c.nome}</strong> · {c.responsavel}
                    {c.observacoes && <b> · {c.observacoes}</b>}
                  </p>
                </li>
              ))}
          </ul>
        </section>
      ))}
      <p>
        <a className="button" href="/user/data">
          {t('account.third.mykids.manage')}
        </a>
      </p>
    </div>
  );
}
