// One family found at the station: its children, ticked for check-in each to a room (the one
// their age fits, or one chosen by hand), or let go at pick-up; a family pre-checked from the
// parent's phone is confirmed with one press.
import { useStore } from '@nanostores/react';
import type { KidsSession } from '../../../../../../contract/kids.ts';
import type { StationFamily } from '../../../../../stores/admin-kids-offline.ts';
import {
  $cardPicks,
  $stationDesk,
  cardKey,
  checkInFamily,
  checkInList,
  childKey,
  confirmArrival,
  isIn,
  picksOf,
  setPick,
} from '../../../../../stores/admin-kids-station.ts';
import type { T } from '../../../ui/index.ts';
import { ageText } from '../age.ts';
import { PickUpForm } from './PickUpForm.tsx';

export function FamilyCard({
  slug,
  family,
  sessions,
  t,
}: {
  slug: string;
  family: StationFamily;
  sessions: KidsSession[];
  t: T;
}) {
  const desk = useStore($stationDesk);
  const card = cardKey(family, desk);
  const picks = picksOf(useStore($cardPicks), card);
  const { mode } = desk;
  // pre-checked from the parent's phone (docs/kids.md "From the parent's phone"): one press confirms
  const arriving = family.criancas.find((c) => c.chegando && c.codigoId);
  const chosen = checkInList(family, picks);
  return (
    <li className="kids-family">
      <h2>
        {family.responsavel}
        {family.visitante && <span className="staff-badge">{t('admin.kids.visitor')}</span>}
      </h2>
      {family.telefone && <p className="kids-muted">{family.telefone}</p>}
      <ul className="kids-children">
        {family.criancas.map((c) => {
          const key = childKey(c);
          const id = `kid-${family.chave}-${key}`;
          const suggested = sessions.find((s) => s.id === c.sessaoSugerida);
          return (
            <li key={key} className="kids-child">
              {mode === 'checkin' ? (
                <label className="kids-tick" htmlFor={id}>
                  <input
                    id={id}
                    type="checkbox"
                    checked={Boolean(picks.ticked[key]) || isIn(c)}
                    disabled={isIn(c)}
                    onChange={(e) => setPick(card, 'ticked', key, e.target.checked)}
                  />
                  <span>
                    <strong>{c.nome}</strong> · {ageText(c.idadeMeses, t)}
                    {c.observacoes && <b className="kids-notes"> · {c.observacoes}</b>}
                    {isIn(c) && (
                      <span className="staff-badge">
                        {' '}
                        {c.chegando ? t('admin.kids.arriving') : t('admin.kids.alreadyIn')}
                      </span>
                    )}
                  </span>
                </label>
              ) : (
                <p>
                  <strong>{c.nome}</strong>
                  {c.observacoes && <b className="kids-notes"> · {c.observacoes}</b>}
                </p>
              )}
              {mode === 'checkin' && !isIn(c) && (
                <div className="kids-room-pick">
                  <label htmlFor={`${id}-room`}>{t('admin.kids.room')}</label>
                  <select
                    id={`${id}-room`}
                    value={picks.rooms[key] ?? String(c.sessaoSugerida ?? '')}
                    onChange={(e) => setPick(card, 'rooms', key, e.target.value)}
                  >
                    <option value="">
                      {suggested ? suggested.sala.nome : t('admin.kids.noRoomFits')}
                    </option>
                    {sessions.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.sala.nome} ({s.presentes}/{s.capacidade})
                      </option>
                    ))}
                  </select>
                </div>
              )}
              {mode === 'pickup' &&
                (isIn(c) && !c.chegando ? (
                  <PickUpForm family={family} child={c} card={card} picks={picks} t={t} />
                ) : (
                  <p className="kids-muted">{t('admin.kids.notIn')}</p>
                ))}
            </li>
          );
        })}
      </ul>
      {mode === 'checkin' && arriving && (
        <button
          type="button"
          className="button kids-big"
          onClick={() => void confirmArrival(slug, arriving.codigoId!)}
        >
          {t('admin.kids.confirmArrival')}
        </button>
      )}
      {mode === 'checkin' && (
        <button
          type="button"
          className="button kids-big"
          disabled={chosen.length === 0}
          onClick={() => void checkInFamily(family, sessions)}
        >
          {t('admin.kids.checkInCount', { count: chosen.length })}
        </button>
      )}
    </li>
  );
}
