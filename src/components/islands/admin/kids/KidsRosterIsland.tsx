// /admin/kids/roster?sessao={id} (docs/kids.md "In the room"): the teacher's phone — the live roster
// (children still in first, allergies first), headcount against capacity and the adults the ratio
// asks for, paging a parent, and letting a child go against the family's code.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  $kidsRoster,
  kidsPageParent,
  kidsPickUp,
  loadKidsRoster,
} from '../../../../stores/admin-kids.ts';
import { StaffGate, useUrlState, type StaffIslandProps } from '../kit/index.ts';
import { Field, Loader, makeT, Notice } from '../../ui/index.ts';
import { ageText } from './age.ts';
import './kids.css';

function Roster({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const [params] = useUrlState();
  const id = Number(params.get('sessao'));
  const roster = useStore($kidsRoster);
  const [codes, setCodes] = useState<Record<number, string>>({});
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  useEffect(() => {
    if (!id) return;
    void loadKidsRoster(slug, id);
    // live: the roster follows the stations every 15 seconds
    const timer = setInterval(() => void loadKidsRoster(slug, id), 15_000);
    return () => clearInterval(timer);
  }, [slug, id]);
  const data = roster.data;
  if (roster.state === 'error' && !data) return <Notice kind="error">{roster.message}</Notice>;
  if (!data) return <Loader label={t('admin.kids.loading')} />;
  const s = data.sessao;
  const full = s.presentes >= s.capacidade;
  return (
    <div className="kids-roster">
      <h1>
        {s.sala.nome} · {s.data} {s.horario}
      </h1>
      <p className={`kids-count${full ? ' kids-full' : ''}`}>
        {t('admin.kids.headcount', { n: s.presentes, capacity: s.capacidade })} ·{' '}
        {t('admin.kids.adultsNeeded', { n: data.adultosNecessarios, ratio: s.proporcao })}
      </p>
      <p>
        <a href={`/admin/kids/door?data=${s.data}`}>{t('admin.kids.doorScreen')}</a>
      </p>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {data.criancas.length === 0 ? (
        <p>{t('admin.kids.rosterEmpty')}</p>
      ) : (
        <ul className="kids-roster-list">
          {data.criancas.map((c) => (
            <li key={c.checkinId} className={c.saida ? 'kids-left' : undefined}>
              <p>
                <strong>{c.nome}</strong> · {ageText(c.idadeMeses, t)}
                {c.visitante && <span className="staff-badge"> {t('admin.kids.visitor')}</span>}
              </p>
              {c.observacoes && <p className="kids-notes">{c.observacoes}</p>}
              <p className="kids-muted">
                {c.responsavel}
                {c.saida && ` · ${t('admin.kids.left')}`}
                {c.chamado && !c.saida && ` · ${t('admin.kids.paged')}`}
              </p>
              {!c.saida && (
                <div className="kids-actions">
                  <button
                    type="button"
                    className="button secondary"
                    onClick={async () => {
                      const failure = await kidsPageParent(slug, c.checkinId, id);
                      setNotice(
                        failure
                          ? { kind: 'error', text: failure.message }
                          : { kind: 'ok', text: t('admin.kids.pagedOk', { code: c.codigo }) },
                      );
                    }}
                  >
                    {t('admin.kids.pageParent')}
                  </button>
                  <form
                    className="kids-pickup-inline"
                    onSubmit={async (e) => {
                      e.preventDefault();
                      const failure = await kidsPickUp(
                        slug,
                        c.checkinId,
                        { codigo: codes[c.checkinId] ?? '' },
                        () => loadKidsRoster(slug, id),
                      );
                      setNotice(
                        failure
                          ? { kind: 'error', text: failure.message }
                          : { kind: 'ok', text: t('admin.kids.leftOk', { name: c.nome }) },
                      );
                    }}
                  >
                    <Field
                      label={t('admin.kids.parentCode')}
                      value={codes[c.checkinId] ?? ''}
                      onChange={(v) => setCodes({ ...codes, [c.checkinId]: v.toUpperCase() })}
                      autoComplete="off"
                      maxLength={8}
                    />
                    <button type="submit" className="button">
                      {t('admin.kids.letGo', { name: c.nome })}
                    </button>
                  </form>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function KidsRosterIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="kids">
      {() => <Roster {...props} />}
    </StaffGate>
  );
}
