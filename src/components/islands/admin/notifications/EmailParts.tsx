// The e-mail parts of /admin/notifications (docs/notifications.md "E-mail announcements"): the
// audiences beyond everyone and a group (a staff role, an event's registrants, the directory's
// filters), the send's progress ("sent X of Y") and the members whose address bounces.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Audience, EmailSendSummary } from '../../../../../contract/email-announcements.ts';
import type { NotificationTarget } from '../../../../../contract/notifications-staff.ts';
import { STAFF_ROLES } from '../../../../../contract/staff.ts';
import { mediumDateTime } from '../../../../../common/format.ts';
import { searchNotificationTargets } from '../../../../lib/staff/notifications-api.ts';
import {
  $emailSends,
  loadEmailSends,
  stopEmailPolling,
} from '../../../../stores/admin-notify-email.ts';
import { Field, Select, type T } from '../../ui/index.ts';
import type { StaffIslandProps } from '../kit/index.ts';

/** The form's audience choices, in order (every member and one group are the notice's own). */
export const AUDIENCES = ['all', 'group', 'role', 'event', 'filter'] as const;
export type AudienceChoice = (typeof AUDIENCES)[number];

/** The form's values these parts read and write. */
export interface AudienceValues {
  audience: string;
  papel: string;
  eventoId: string;
  busca: string;
  filtroPapel: string;
}
export const NO_AUDIENCE_VALUES = { papel: '', eventoId: '', busca: '', filtroPapel: '' };

/** The API's audience for a role, an event or a filter, or a field's error key. */
export function audienceOf(
  v: AudienceValues,
): { publico: Audience | undefined } | { field: string; error: string } {
  switch (v.audience) {
    case 'role':
      return v.papel
        ? { publico: { tipo: 'papel', papel: v.papel as (typeof STAFF_ROLES)[number] } }
        : { field: 'papel', error: 'admin.notify.email.roleRequired' };
    case 'event':
      return Number(v.eventoId) > 0
        ? { publico: { tipo: 'evento', eventoId: Number(v.eventoId) } }
        : { field: 'eventoId', error: 'admin.notify.email.eventRequired' };
    case 'filter':
      return {
        publico: {
          tipo: 'filtro',
          status: 'ativo',
          ...(v.busca.trim() ? { busca: v.busca.trim() } : {}),
          ...(v.filtroPapel
            ? { papel: v.filtroPapel as (typeof STAFF_ROLES)[number] | 'membro' }
            : {}),
        },
      };
    default:
      return { publico: undefined };
  }
}

/** The fields of the chosen audience (role, event or filter). */
export function AudienceFields({
  slug,
  t,
  values,
  set,
  errors,
}: {
  slug: string;
  t: T;
  values: AudienceValues;
  set: (name: keyof AudienceValues) => (value: string) => void;
  errors: Partial<Record<string, string>>;
}) {
  const [events, setEvents] = useState<NotificationTarget[] | null>(null);
  const role = (r: string) => t(`admin.people.role.${r}`);
  useEffect(() => {
    if (values.audience !== 'event' || events) return;
    searchNotificationTargets(slug, '')
      .then((items) => setEvents(items.filter((i) => i.tipo === 'evento')))
      .catch(() => setEvents([]));
  }, [slug, values.audience, events]);
  if (values.audience === 'role')
    return (
      <Select
        label={t('admin.notify.email.role')}
        name="papel"
        value={values.papel}
        onChange={set('papel')}
        error={errors.papel}
        placeholder={t('admin.notify.email.roleChoose')}
        options={STAFF_ROLES.map((r) => ({ value: r, label: role(r) }))}
        required
      />
    );
  if (values.audience === 'event')
    return (
      <Select
        label={t('admin.notify.email.event')}
        name="eventoId"
        value={values.eventoId}
        onChange={set('eventoId')}
        error={errors.eventoId ?? errors.publico}
        placeholder={
          events === null ? t('admin.shell.loading') : t('admin.notify.email.eventChoose')
        }
        options={(events ?? []).map((e) => ({ value: String(e.id), label: e.titulo }))}
        hint={t('admin.notify.email.eventHint')}
        required
      />
    );
  if (values.audience === 'filter')
    return (
      <fieldset className="ui-field">
        <legend>{t('admin.notify.email.filter')}</legend>
        <small>{t('admin.notify.email.filterHint')}</small>
        <Field
          label={t('admin.notify.email.search')}
          name="busca"
          type="search"
          value={values.busca}
          onChange={set('busca')}
          error={errors.busca}
          maxLength={100}
        />
        <Select
          label={t('admin.notify.email.role')}
          name="filtroPapel"
          value={values.filtroPapel}
          onChange={set('filtroPapel')}
          placeholder={t('admin.notify.email.anyRole')}
          options={[...STAFF_ROLES, 'membro'].map((r) => ({ value: r, label: role(r) }))}
        />
      </fieldset>
    );
  return null;
}

/** "E-mail: sent 2 of 3 · 1 skipped (preference) · 1 bounced". */
export function emailProgress(t: T, s: EmailSendSummary): string {
  return [
    t('admin.notify.email.progress', { sent: s.enviados, total: s.total }),
    ...(s.pulados ? [t.plural('admin.notify.email.skipped', s.pulados)] : []),
    ...(s.devolvidos ? [t.plural('admin.notify.email.bounced', s.devolvidos)] : []),
    ...(s.falhas ? [t.plural('admin.notify.email.failed', s.falhas)] : []),
    ...(s.status === 'enviando' ? [t('admin.notify.email.sending')] : []),
  ].join(' · ');
}

/** The latest e-mail sends with their progress, read again while one is sending, and bouncing members. */
export function EmailSends({
  slug,
  t,
  lang,
}: {
  slug: string;
  t: T;
  lang: StaffIslandProps['lang'];
}) {
  const data = useStore($emailSends);
  useEffect(() => {
    void loadEmailSends(slug);
    return stopEmailPolling;
  }, [slug]);
  if (!data || (data.envios.length === 0 && data.devolvidos.length === 0)) return null;
  return (
    <section aria-labelledby="notify-email">
      <h2 id="notify-email">{t('admin.notify.email.title')}</h2>
      {data.envios.length > 0 && (
        <ul className="notify-sent" aria-live="polite">
          {data.envios.map((s) => (
            <li key={s.id} className="card">
              <h3>{s.titulo}</h3>
              <p className="notify-meta">
                <time dateTime={s.quando}>{mediumDateTime(s.quando, lang)}</time> ·{' '}
                {emailProgress(t, s)}
              </p>
              {s.total > 0 && (
                <progress
                  max={s.total}
                  value={s.enviados + s.pulados + s.devolvidos + s.falhas}
                  aria-label={t('admin.notify.email.progress', {
                    sent: s.enviados,
                    total: s.total,
                  })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {data.devolvidos.length > 0 && (
        <>
          <h3>{t('admin.notify.email.bouncing')}</h3>
          <p>{t('admin.notify.email.bouncingHint')}</p>
          <ul>
            {data.devolvidos.map((b) => (
              <li key={b.usuarioId}>
                {b.nome} — {b.email}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
