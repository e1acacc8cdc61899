// /admin/notifications (docs/staff.md "Notifications"): write a notice to every member or to one
// group, optionally opening a news item, devotional, EBD class or event found by a search, and
// see (and delete) what was sent. Members read it in their notifications as before.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  type NotificationLinkKind,
  type NotificationTarget,
  type StaffNotification,
} from '../../../../../contract/notifications-staff.ts';
import { dateTime, mediumDateTime } from '../../../../../common/format.ts';
import {
  $groups,
  $sent,
  $targets,
  loadGroups,
  loadSent,
  remove,
  searchTargets,
  send,
} from '../../../../stores/admin-notifications.ts';
import {
  ConfirmButton,
  pageOf,
  StaffGate,
  useUnsavedWarning,
  useUrlState,
  type StaffIslandProps,
} from '../kit/index.ts';
import {
  Field,
  firstErrors,
  Loader,
  makeT,
  Notice,
  Pager,
  Select,
  SubmitButton,
  TextArea,
  Check,
  useForm,
  type Message,
  type T,
} from '../../ui/index.ts';
import './notifications.css';
import {
  AUDIENCES,
  AudienceFields,
  audienceOf,
  EmailSends,
  emailProgress,
  NO_AUDIENCE_VALUES,
} from './EmailParts.tsx';
import { loadEmailSends, sendTest } from '../../../../stores/admin-notify-email.ts';
import { LiveNoticeButton } from './LiveNoticeButton.tsx';
import { formOf, ScheduledList, WhenFields } from './ScheduledParts.tsx';
import { $editing, saveScheduled } from '../../../../stores/admin-notify-scheduled.ts';

type Link = { tipo: NotificationLinkKind; id: number; titulo: string };
type SentNotice = Extract<Awaited<ReturnType<typeof send>>, { ok: true }>['value'];

function LinkPicker({
  slug,
  t,
  lang,
  value,
  onChange,
  error,
}: {
  slug: string;
  t: T;
  lang: StaffIslandProps['lang'];
  value: Link | null;
  onChange: (link: Link | null) => void;
  error?: string | undefined;
}) {
  const targets = useStore($targets);
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const listId = useId();
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => void searchTargets(slug, q.trim()), 250);
    return () => clearTimeout(timer);
  }, [slug, q, open]);

  return (
    <fieldset className="ui-field notify-link">
      <legend>{t('admin.notify.link')}</legend>
      <small>{t('admin.notify.linkHint')}</small>
      {value ? (
        <p className="notify-link-chosen">
          <span className="staff-badge">{t(`admin.notify.kind.${value.tipo}`)}</span>{' '}
          <strong>{value.titulo}</strong>{' '}
          <button type="button" className="button secondary" onClick={() => onChange(null)}>
            {t('admin.notify.linkRemove')}
          </button>
        </p>
      ) : !open ? (
        <p>
          <button type="button" className="button secondary" onClick={() => setOpen(true)}>
            {t('admin.notify.linkAdd')}
          </button>
        </p>
      ) : (
        <>
          <Field
            label={t('admin.notify.linkSearch')}
            name="q"
            type="search"
            value={q}
            onChange={setQ}
            hint={t('admin.notify.linkSearchHint')}
          />
          {targets.items === null ? (
            <Loader inline label={t('admin.shell.loading')} />
          ) : targets.items.length === 0 ? (
            <p role="status">{t('admin.notify.linkNone')}</p>
          ) : (
            <ul className="notify-targets" id={listId} aria-label={t('admin.notify.linkResults')}>
              {targets.items.map((item: NotificationTarget) => (
                <li key={`${item.tipo}-${item.id}`}>
                  <button
                    type="button"
                    onClick={() => {
                      onChange({ tipo: item.tipo, id: item.id, titulo: item.titulo });
                      setOpen(false);
                      setQ('');
                    }}
                  >
                    <span className="staff-badge">{t(`admin.notify.kind.${item.tipo}`)}</span>{' '}
                    <span>{item.titulo}</span> <small>{dateTime(item.data, lang)}</small>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {error && (
        <small className="ui-error" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}

/** What "Send now" reached, in the staff's words. */
function sentMessage(t: T, sent: SentNotice): string {
  const reached = sent.grupo
    ? t.plural('admin.notify.sentGroup', sent.destinatarios ?? 0, { group: sent.grupo.nome })
    : sent.publico
      ? t('admin.notify.sentCount', { count: sent.destinatarios ?? 0 })
      : t('admin.notify.sentAll');
  const emailed = sent.email ? t.plural('admin.notify.email.queued', sent.email.total) : '';
  return [reached, emailed].filter(Boolean).join(' ');
}

/** Who receives the notice: everyone, one group (chosen here) or the audiences of AudienceFields. */
function AudienceChoice({
  t,
  values,
  set,
  errors,
  groups,
}: {
  t: T;
  values: { audience: string; grupoId: string };
  set: (key: 'audience' | 'grupoId') => (value: string) => void;
  errors: Partial<Record<string, string>>;
  groups: ReturnType<typeof $groups.get>;
}) {
  const toGroup = values.audience === 'group';
  return (
    <>
      <fieldset className="ui-field">
        <legend>{t('admin.notify.audience')}</legend>
        {AUDIENCES.map((audience) => (
          <div className="ui-check" key={audience}>
            <input
              id={`notify-audience-${audience}`}
              type="radio"
              name="audience"
              value={audience}
              checked={values.audience === audience}
              onChange={() => set('audience')(audience)}
            />
            <label htmlFor={`notify-audience-${audience}`}>
              {t(`admin.notify.audience.${audience}`)}
            </label>
          </div>
        ))}
      </fieldset>
      {toGroup && (
        <Select
          label={t('admin.notify.group')}
          name="grupoId"
          value={values.grupoId}
          onChange={set('grupoId')}
          error={errors.grupoId}
          placeholder={groups === null ? t('admin.shell.loading') : t('admin.notify.groupChoose')}
          options={(groups ?? []).map((g) => ({
            value: String(g.id),
            label: t.plural('admin.notify.groupOption', g.membros, { name: g.nome }),
          }))}
          hint={groups?.length === 0 ? t('admin.notify.noGroups') : undefined}
          required
        />
      )}
    </>
  );
}

/** Shown while a scheduled notice is being edited, with the way back to a new one. */
function EditingNote({ t, when, onStop }: { t: T; when: string; onStop: () => void }) {
  return (
    <p role="status">
      {t('admin.notify.scheduledEditing', { date: when })}{' '}
      <button type="button" className="button secondary" onClick={onStop}>
        {t('admin.notify.scheduledStopEdit')}
      </button>
    </p>
  );
}

/** The form's notice as the API takes it, or the field its own rules refuse (with the message key). */
function noticeOf(
  values: { titulo: string; corpo: string; audience: string; grupoId: string } & Parameters<
    typeof audienceOf
  >[0],
  link: Link | null,
  email: boolean,
) {
  const toGroup = values.audience === 'group';
  // "to one group" with none chosen is the form's own rule: the API would send to everyone
  if (toGroup && !values.grupoId) return { field: 'grupoId', error: 'admin.notify.groupRequired' };
  const chosen = audienceOf(values);
  if ('field' in chosen) return { field: chosen.field, error: chosen.error };
  return {
    notice: {
      titulo: values.titulo,
      corpo: values.corpo,
      grupoId: toGroup ? Number(values.grupoId) || null : null,
      link: link ? { tipo: link.tipo, id: link.id } : null,
      ...(chosen.publico ? { publico: chosen.publico } : {}),
      email,
    },
  };
}

/** Send (now, later, or save the edited schedule), and the test e-mail when e-mail is on (`testing` not null). */
function ComposerActions({
  t,
  mode,
  submitting,
  testing,
  onTest,
}: {
  t: T;
  mode: 'now' | 'later' | 'edit';
  submitting: boolean;
  testing: boolean | null;
  onTest: () => void;
}) {
  const label = {
    now: 'admin.notify.send',
    later: 'admin.notify.schedule',
    edit: 'admin.notify.scheduledSave',
  }[mode];
  return (
    <>
      <SubmitButton
        submitting={submitting}
        label={t(label)}
        busyLabel={mode === 'now' ? t('admin.notify.sending') : t('admin.notify.scheduling')}
      />
      {testing !== null && (
        <button
          type="button"
          className="button secondary"
          disabled={testing || submitting}
          onClick={onTest}
        >
          {testing ? t('admin.notify.email.testing') : t('admin.notify.email.test')}
        </button>
      )}
    </>
  );
}

function Composer({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const groups = useStore($groups);
  const empty = { titulo: '', corpo: '', audience: 'all', grupoId: '', ...NO_AUDIENCE_VALUES };
  const form = useForm(empty);
  const [link, setLink] = useState<Link | null>(null);
  const [byEmail, setByEmail] = useState(false);
  const [testing, setTesting] = useState(false);
  const [done, setDone] = useState<Message | null>(null);
  const [later, setLater] = useState(false);
  const [sendAt, setSendAt] = useState('');
  const editing = useStore($editing);
  const { values, errors } = form;
  // editing a scheduled notice: the form shows it (docs/notifications.md "Scheduled sends")
  useEffect(() => {
    if (!editing) return;
    form.setValues(formOf(editing.aviso));
    setLink(
      editing.aviso.link
        ? {
            tipo: editing.aviso.link.tipo,
            id: editing.aviso.link.id,
            titulo: `#${editing.aviso.link.id}`,
          }
        : null,
    );
    setByEmail(Boolean(editing.aviso.email));
    setLater(true);
    setSendAt(editing.local);
    form.setErrors({});
    setDone(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another notice is chosen
  }, [editing]);
  useUnsavedWarning(Boolean(values.titulo.trim() || values.corpo.trim()), t('admin.shell.unsaved'));
  useEffect(() => {
    void loadGroups(slug);
  }, [slug]);

  /** The notice as the API takes it, or null when the form's own rules found a problem. */
  function body() {
    const built = noticeOf(values, link, byEmail);
    if ('notice' in built) return built.notice;
    form.setErrors({ [built.field]: t(built.error) });
    return null;
  }

  async function test() {
    form.setMessage(null);
    setDone(null);
    const notice = body();
    if (!notice) return;
    setTesting(true);
    const outcome = await sendTest(slug, notice);
    setTesting(false);
    if (!outcome.ok) {
      form.setErrors(firstErrors(outcome.failure.errors));
      form.setMessage({ kind: 'error', text: outcome.failure.message || t('admin.notify.failed') });
      return;
    }
    setDone({ kind: 'ok', text: t('admin.notify.email.testSent', { email: outcome.to }) });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.setMessage(null);
    setDone(null);
    const notice = body();
    if (!notice) return;
    if (later) {
      if (!sendAt) {
        form.setErrors({ enviarEm: t('admin.notify.sendAtRequired') });
        return;
      }
      form.setSubmitting(true);
      const planned = await saveScheduled(slug, { ...notice, enviarEm: sendAt });
      form.setSubmitting(false);
      if (!planned.ok) {
        form.setErrors(firstErrors(planned.failure.errors));
        form.setMessage({
          kind: 'error',
          text: planned.failure.message || t('admin.notify.failed'),
        });
        return;
      }
      setDone({
        kind: 'ok',
        text: t('admin.notify.scheduled', { date: mediumDateTime(planned.value.enviarEm, lang) }),
      });
      reset();
      return;
    }
    form.setSubmitting(true);
    const outcome = await send(slug, notice);
    form.setSubmitting(false);
    if (!outcome.ok) {
      form.setErrors(firstErrors(outcome.failure.errors));
      form.setMessage({ kind: 'error', text: outcome.failure.message || t('admin.notify.failed') });
      return;
    }
    setDone({ kind: 'ok', text: sentMessage(t, outcome.value) });
    if (outcome.value.email) void loadEmailSends(slug);
    reset();
  }

  function reset() {
    form.setValues(empty);
    setByEmail(false);
    form.setErrors({});
    setLink(null);
    setLater(false);
    setSendAt('');
  }

  return (
    <section aria-labelledby="notify-new">
      <h2 id="notify-new">{t('admin.notify.new')}</h2>
      <form className="notify-form" noValidate onSubmit={submit}>
        <Notice message={form.message} />
        <Field
          label={t('admin.notify.titleField')}
          name="titulo"
          value={values.titulo}
          onChange={form.set('titulo')}
          error={errors.titulo}
          maxLength={NOTIFICATION_TITLE_MAX}
          hint={t('admin.notify.titleHint', { max: NOTIFICATION_TITLE_MAX })}
          required
        />
        <TextArea
          label={t('admin.notify.body')}
          name="corpo"
          value={values.corpo}
          onChange={form.set('corpo')}
          error={errors.corpo}
          rows={4}
          max={NOTIFICATION_BODY_MAX}
          counter={(count, max) => t('admin.notify.counter', { count, max })}
          required
        />
        <AudienceChoice t={t} values={values} set={form.set} errors={errors} groups={groups} />
        <AudienceFields slug={slug} t={t} values={values} set={form.set} errors={errors} />
        <LinkPicker
          slug={slug}
          t={t}
          lang={lang}
          value={link}
          onChange={(next) => {
            setLink(next);
            form.setErrors((e) => ({ ...e, link: undefined }));
          }}
          error={errors.link}
        />
        <Check
          name="email"
          label={t('admin.notify.email.channel')}
          hint={t('admin.notify.email.channelHint')}
          checked={byEmail}
          onChange={setByEmail}
        />
        <WhenFields
          t={t}
          later={later}
          setLater={setLater}
          sendAt={sendAt}
          setSendAt={setSendAt}
          error={errors.enviarEm}
        />
        {editing && (
          <EditingNote
            t={t}
            when={mediumDateTime(editing.enviarEm, lang)}
            onStop={() => {
              $editing.set(null);
              reset();
            }}
          />
        )}
        <Notice message={done} />
        <ComposerActions
          t={t}
          mode={editing ? 'edit' : later ? 'later' : 'now'}
          submitting={form.submitting}
          testing={byEmail ? testing : null}
          onTest={() => void test()}
        />
      </form>
    </section>
  );
}

function Sent({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const sent = useStore($sent);
  const [params, update] = useUrlState();
  const page = pageOf(params);
  const [problem, setProblem] = useState<Message | null>(null);
  useEffect(() => {
    void loadSent(slug, page);
  }, [slug, page]);
  const data = sent.data;

  const audience = (n: StaffNotification) =>
    n.publico
      ? n.publico.tipo === 'filtro'
        ? t.plural('admin.notify.email.toFilter', n.destinatarios ?? 0)
        : t.plural('admin.notify.email.to', n.destinatarios ?? 0, {
            name:
              n.publico.tipo === 'papel'
                ? t(`admin.people.role.${n.publico.nome ?? ''}`)
                : (n.publico.nome ?? ''),
          })
      : n.grupo
        ? t.plural('admin.notify.toGroup', n.destinatarios ?? 0, {
            group: n.grupo.nome || t('admin.notify.aGroup'),
          })
        : t('admin.notify.toAll');

  return (
    <section aria-labelledby="notify-sent">
      <h2 id="notify-sent">{t('admin.notify.sent')}</h2>
      <Notice message={problem} />
      {sent.state === 'error' && <Notice kind="error">{sent.message}</Notice>}
      {!data ? (
        sent.state !== 'error' && <Loader label={t('admin.shell.loading')} />
      ) : data.notificacoes.length === 0 ? (
        <p>{t('admin.notify.empty')}</p>
      ) : (
        <>
          <ul className="notify-sent" aria-busy={sent.state === 'loading' || undefined}>
            {data.notificacoes.map((n) => (
              <li key={n.id} className="card">
                <h3>{n.titulo}</h3>
                <p className="notify-body">{n.corpo}</p>
                <p className="notify-meta">
                  <time dateTime={n.quando}>{mediumDateTime(n.quando, lang)}</time>
                  {n.autor && <> · {t('admin.notify.by', { name: n.autor })}</>} · {audience(n)}
                  {n.dispositivos !== null && (
                    <> · {t.plural('admin.notify.reached', n.dispositivos)}</>
                  )}
                </p>
                {n.link && (
                  <p className="notify-meta">
                    {t('admin.notify.opens')}{' '}
                    <span className="staff-badge">{t(`admin.notify.kind.${n.link.tipo}`)}</span>{' '}
                    {n.link.titulo ?? n.link.id}
                  </p>
                )}
                {n.email && <p className="notify-meta">{emailProgress(t, n.email)}</p>}
                <ConfirmButton
                  label={t('admin.notify.delete')}
                  title={t('admin.notify.deleteTitle', { title: n.titulo })}
                  explanation={t('admin.notify.deleteExplain')}
                  confirmLabel={t('admin.notify.deleteConfirm')}
                  cancelLabel={t('admin.shell.cancel')}
                  className="button secondary"
                  onConfirm={async () => {
                    setProblem(null);
                    const outcome = await remove(slug, n.id);
                    setProblem(
                      outcome.ok
                        ? { kind: 'ok', text: t('admin.notify.deleted') }
                        : { kind: 'error', text: outcome.failure.message },
                    );
                  }}
                />
              </li>
            ))}
          </ul>
          <Pager
            page={data.page}
            totalPages={data.totalPages}
            onPage={(p) => update({ page: p > 1 ? p : null })}
            t={t}
          />
        </>
      )}
    </section>
  );
}

export default function NotificationsIsland(props: StaffIslandProps) {
  const t = makeT(props.strings, props.lang);
  return (
    <StaffGate {...props} area="notifications">
      {() => (
        <>
          <h1>{t('admin.notify.title')}</h1>
          <p>{t('admin.notify.intro')}</p>
          <LiveNoticeButton slug={props.slug} t={t} onSent={() => void loadSent(props.slug, 1)} />
          <div className="notify-columns">
            <Composer {...props} />
            <div>
              <ScheduledList slug={props.slug} t={t} lang={props.lang} />
              <Sent {...props} />
            </div>
          </div>
          <EmailSends slug={props.slug} t={t} lang={props.lang} />
        </>
      )}
    </StaffGate>
  );
}
