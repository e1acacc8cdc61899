// Scheduled sends on /admin/notifications (docs/notifications.md "Scheduled sends"): the form's
// "when" (now, or a time of the church's clock) and the list of notices waiting to go, each
// editable (back into the form) or cancellable until it goes.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type {
  ScheduledNotification,
  StaffNotificationSend,
} from '../../../../../contract/notifications-staff.ts';
import { mediumDateTime } from '../../../../../common/format.ts';
import {
  $editing,
  $scheduled,
  cancelScheduled,
  loadScheduled,
} from '../../../../stores/admin-notify-scheduled.ts';
import { ConfirmButton } from '../kit/index.ts';
import { Field, Notice, type Message, type T } from '../../ui/index.ts';
import type { StaffIslandProps } from '../kit/index.ts';

/** The form's values a scheduled notice fills when staff edit it. */
export function formOf(aviso: StaffNotificationSend) {
  const p = aviso.publico;
  const groupId = p?.tipo === 'grupo' ? p.grupoId : aviso.grupoId;
  return {
    titulo: aviso.titulo,
    corpo: aviso.corpo,
    audience:
      p?.tipo === 'papel'
        ? 'role'
        : p?.tipo === 'evento'
          ? 'event'
          : p?.tipo === 'filtro'
            ? 'filter'
            : groupId
              ? 'group'
              : 'all',
    grupoId: groupId ? String(groupId) : '',
    papel: p?.tipo === 'papel' ? p.papel : '',
    eventoId: p?.tipo === 'evento' ? String(p.eventoId) : '',
    busca: p?.tipo === 'filtro' ? (p.busca ?? '') : '',
    filtroPapel: p?.tipo === 'filtro' ? (p.papel ?? '') : '',
  };
}

/** "Send now" or "Schedule" with the time, in the church's zone. */
export function WhenFields({
  t,
  later,
  setLater,
  sendAt,
  setSendAt,
  error,
}: {
  t: T;
  later: boolean;
  setLater: (later: boolean) => void;
  sendAt: string;
  setSendAt: (value: string) => void;
  error?: string | undefined;
}) {
  const scheduled = useStore($scheduled);
  return (
    <fieldset className="ui-field">
      <legend>{t('admin.notify.when')}</legend>
      {(['now', 'later'] as const).map((choice) => (
        <div className="ui-check" key={choice}>
          <input
            id={`notify-when-${choice}`}
            type="radio"
            name="when"
            value={choice}
            checked={later === (choice === 'later')}
            onChange={() => setLater(choice === 'later')}
          />
          <label htmlFor={`notify-when-${choice}`}>{t(`admin.notify.when.${choice}`)}</label>
        </div>
      ))}
      {later && (
        <Field
          label={t('admin.notify.sendAt')}
          name="enviarEm"
          type="datetime-local"
          value={sendAt}
          onChange={setSendAt}
          error={error}
          hint={t('admin.notify.sendAtHint', { zone: scheduled?.fusoHorario ?? '' })}
          required
        />
      )}
    </fieldset>
  );
}

/** The notices waiting to go (and the latest that went, failed or were cancelled). */
export function ScheduledList({
  slug,
  t,
  lang,
}: {
  slug: string;
  t: T;
  lang: StaffIslandProps['lang'];
}) {
  const scheduled = useStore($scheduled);
  const editing = useStore($editing);
  const [problem, setProblem] = useState<Message | null>(null);
  useEffect(() => {
    void loadScheduled(slug);
  }, [slug]);
  const items = scheduled?.agendadas ?? [];
  if (items.length === 0) return null;
  const status = (s: ScheduledNotification) =>
    s.status === 'falhou' && s.falha
      ? t('admin.notify.scheduledFailed', { reason: s.falha })
      : t(`admin.notify.scheduledStatus.${s.status}`);
  return (
    <section aria-labelledby="notify-scheduled" className="notify-scheduled">
      <h2 id="notify-scheduled">{t('admin.notify.scheduledTitle')}</h2>
      <Notice message={problem} />
      <ul className="notify-sent">
        {items.map((s) => (
          <li key={s.id} className="card" aria-current={editing?.id === s.id || undefined}>
            <h3>{s.aviso.titulo}</h3>
            <p className="notify-meta">
              <span className="staff-badge">{status(s)}</span>{' '}
              <time dateTime={s.enviarEm}>{mediumDateTime(s.enviarEm, lang)}</time>
              {s.autor && <> · {t('admin.notify.by', { name: s.autor })}</>}
            </p>
            {s.status === 'agendada' && (
              <p className="staff-actions">
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => $editing.set(s)}
                  disabled={editing?.id === s.id}
                >
                  {t('admin.notify.scheduledEdit')}
                </button>
                <ConfirmButton
                  label={t('admin.notify.scheduledCancel')}
                  title={t('admin.notify.scheduledCancelTitle', { title: s.aviso.titulo })}
                  explanation={t('admin.notify.scheduledCancelExplain')}
                  confirmLabel={t('admin.notify.scheduledCancel')}
                  cancelLabel={t('admin.shell.cancel')}
                  className="button secondary"
                  onConfirm={async () => {
                    setProblem(null);
                    const outcome = await cancelScheduled(slug, s.id);
                    setProblem(
                      outcome.ok
                        ? { kind: 'ok', text: t('admin.notify.scheduledCancelled') }
                        : { kind: 'error', text: outcome.failure.message },
                    );
                  }}
                />
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
