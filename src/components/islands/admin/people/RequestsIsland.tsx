// /admin/people/requests (docs/staff.md "People"): the deletion requests of spec §7
// (`pedido-exclusao`), open ones first; carrying one out removes the person's data, keeps the
// gifts, and tells the person by e-mail.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { mediumDateTime } from '../../../../../common/format.ts';
import {
  $deletionRequests,
  carryOutDeletion,
  loadDeletionRequests,
} from '../../../../stores/admin-people.ts';
import { ConfirmButton, StaffGate, type StaffIslandProps } from '../kit/index.ts';
import { Loader, makeT, Notice } from '../../ui/index.ts';
import { PeopleTabs } from './PeopleTabs.tsx';
import './people.css';

function Requests({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const requests = useStore($deletionRequests);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  useEffect(() => {
    void loadDeletionRequests(slug);
  }, [slug]);
  const list = requests.data;
  return (
    <>
      <h1>{t('admin.people.requestsTitle')}</h1>
      <PeopleTabs current="requests" t={t} />
      <p>{t('admin.people.requestsIntro')}</p>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {requests.state === 'error' && <Notice kind="error">{requests.message}</Notice>}
      {!list ? (
        requests.state !== 'error' && <Loader label={t('admin.shell.loading')} />
      ) : list.length === 0 ? (
        <p>{t('admin.people.noRequests')}</p>
      ) : (
        <table className="staff-table">
          <caption className="visually-hidden">{t('admin.people.requestsTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.people.requestedAt')}</th>
              <th scope="col">{t('admin.people.name')}</th>
              <th scope="col">{t('admin.people.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('admin.people.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr key={r.id}>
                <td data-label={t('admin.people.requestedAt')}>
                  {mediumDateTime(r.criadoEm, lang)}
                </td>
                <td data-label={t('admin.people.name')}>
                  {r.nome ?? '—'}
                  <br />
                  <small>{r.email}</small>
                </td>
                <td data-label={t('admin.people.status')}>
                  {r.concluidoEm ? (
                    t('admin.people.doneBy', {
                      name: r.concluidoPor ?? '',
                      date: mediumDateTime(r.concluidoEm, lang),
                    })
                  ) : (
                    <span className="staff-badge">{t('admin.people.open')}</span>
                  )}
                </td>
                <td>
                  {!r.concluidoEm && (
                    <ConfirmButton
                      label={t('admin.people.carryOut')}
                      title={t('admin.people.carryOutTitle')}
                      explanation={t('admin.people.carryOutExplain', { email: r.email })}
                      confirmLabel={t('admin.people.carryOut')}
                      cancelLabel={t('admin.people.cancel')}
                      onConfirm={async () => {
                        const failure = await carryOutDeletion(slug, r.id);
                        setMessage(
                          failure
                            ? { kind: 'error', text: failure.message }
                            : {
                                kind: 'ok',
                                text: t('admin.people.carriedOut', { email: r.email }),
                              },
                        );
                      }}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export default function RequestsIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="people">
      {() => <Requests {...props} />}
    </StaffGate>
  );
}
