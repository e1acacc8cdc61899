// The event's "Door team" section (docs/events.md "Door team"): the admin ticks the door
// volunteers who check in at this event. A volunteer given any event checks in at those only;
// one given none, at every event, so the section says so next to each name.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $doorTeam, loadDoorTeam, saveTeam } from '../../../../stores/admin-door-team.ts';
import { Check, Loader, Notice, type T } from '../../ui/index.ts';

export function DoorTeam({ slug, id, t }: { slug: string; id: number; t: T }) {
  const team = useStore($doorTeam);
  const [ticked, setTicked] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  useEffect(() => {
    void loadDoorTeam(slug, id);
  }, [slug, id]);
  const data = team.data;
  const chosen = ticked ?? data?.voluntarios.filter((v) => v.naEquipe).map((v) => v.id) ?? [];
  const save = async () => {
    setBusy(true);
    setMessage(null);
    const failure = await saveTeam(slug, id, chosen);
    setBusy(false);
    if (failure) setMessage({ kind: 'error', text: failure.message });
    else {
      setTicked(null);
      setMessage({ kind: 'ok', text: t('admin.events.team.saved') });
    }
  };
  return (
    <section className="events-door" aria-labelledby="events-door-title">
      <h2 id="events-door-title">{t('admin.events.team.title')}</h2>
      <p>{t('admin.events.team.intro')}</p>
      {!data && team.state === 'error' && <Notice kind="error">{team.message}</Notice>}
      {!data && team.state !== 'error' && <Loader label={t('admin.events.team.loading')} />}
      {data && data.voluntarios.length === 0 && (
        <p>
          {t('admin.events.team.none')} <a href="/admin/people">{t('admin.events.team.people')}</a>
        </p>
      )}
      {data && data.voluntarios.length > 0 && (
        <>
          {data.voluntarios.map((v) => {
            const others = v.eventos - (v.naEquipe ? 1 : 0);
            return (
              <Check
                key={v.id}
                name={`porta-${v.id}`}
                label={`${v.nome} (${v.email})`}
                hint={
                  others > 0
                    ? t.plural('admin.events.team.otherEvents', others)
                    : t('admin.events.team.everyEvent')
                }
                checked={chosen.includes(v.id)}
                onChange={(on) =>
                  setTicked(on ? [...chosen, v.id] : chosen.filter((x) => x !== v.id))
                }
              />
            );
          })}
          {message && <Notice kind={message.kind}>{message.text}</Notice>}
          <button type="button" className="button secondary" disabled={busy} onClick={save}>
            {busy ? t('admin.events.saving') : t('admin.events.team.save')}
          </button>
        </>
      )}
    </section>
  );
}
