// /admin/people/invitations (docs/invitations.md): invite a person by e-mail (optionally with staff
// roles), and the church's invitations — waiting ones by default, every one with `?estado=todos`
// in the address — with resend and withdraw. A person of another church is reached only this
// way: the page never shows anything of an invited person but the e-mail it was given.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { Invitation } from '../../../../../contract/invitations.ts';
import type { StaffMe } from '../../../../../contract/staff.ts';
import { mediumDateTime } from '../../../../../common/format.ts';
import type { InvitationsView } from '../../../../lib/staff/invitations-api.ts';
import {
  $invitations,
  invite,
  loadInvitations,
  resendInvitation,
  revokeInvitation,
} from '../../../../stores/admin-invitations.ts';
import {
  ConfirmButton,
  ListPager,
  pageOf,
  StaffGate,
  useUrlState,
  type StaffIslandProps,
} from '../kit/index.ts';
import {
  Check,
  Field,
  firstErrors,
  makeT,
  Notice,
  Select,
  SubmitButton,
  type T,
} from '../../ui/index.ts';
import { ROLES } from './PeopleIsland.tsx';
import { PeopleTabs } from './PeopleTabs.tsx';
import './people.css';

type Message = { kind: 'ok' | 'error' | 'info'; text: string } | null;

function InviteForm({ slug, me, t }: { slug: string; me: StaffMe; t: T }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message>(null);
  const [saving, setSaving] = useState(false);
  const superAdmin = me.roles.includes('ROLE_SUPER_ADMIN');
  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    const answer = await invite(slug, { email: email.trim(), nome: name.trim() || null, roles });
    setSaving(false);
    if ('failure' in answer) {
      setErrors(firstErrors(answer.failure.errors));
      setMessage({ kind: 'error', text: answer.failure.message });
      return;
    }
    setErrors({});
    setMessage({ kind: answer.sent.enviado ? 'ok' : 'info', text: answer.sent.message });
    setEmail('');
    setName('');
    setRoles([]);
  }
  return (
    <form className="people-form invitations-form" onSubmit={submit} noValidate>
      <h2>{t('admin.invitations.new')}</h2>
      <p>{t('admin.invitations.newIntro')}</p>
      <Field
        label={t('admin.invitations.email')}
        name="email"
        type="email"
        autoComplete="off"
        maxLength={254}
        required
        value={email}
        error={errors.email}
        onChange={setEmail}
      />
      <Field
        label={t('admin.invitations.name')}
        hint={t('admin.invitations.nameHint')}
        name="nome"
        maxLength={120}
        value={name}
        error={errors.nome}
        onChange={setName}
      />
      <fieldset>
        <legend>{t('admin.invitations.roles')}</legend>
        {ROLES.map((role) => (
          <Check
            key={role}
            name={role}
            label={t(`admin.people.role.${role}`)}
            checked={roles.includes(role)}
            disabled={role === 'ROLE_SUPER_ADMIN' && !superAdmin}
            onChange={(on) => setRoles(on ? [...roles, role] : roles.filter((r) => r !== role))}
          />
        ))}
      </fieldset>
      {errors.roles && <Notice kind="error">{errors.roles}</Notice>}
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <div className="staff-actions">
        <SubmitButton
          submitting={saving}
          label={t('admin.invitations.send')}
          busyLabel={t('admin.invitations.sending')}
        />
      </div>
    </form>
  );
}

function Row({
  slug,
  invitation: c,
  lang,
  t,
  onMessage,
}: {
  slug: string;
  invitation: Invitation;
  lang: StaffIslandProps['lang'];
  t: T;
  onMessage: (m: Message) => void;
}) {
  const [busy, setBusy] = useState(false);
  const waiting = c.estado === 'pendente' || c.estado === 'expirado';
  return (
    <tr>
      <td data-label={t('admin.invitations.email')}>
        {c.email}
        {c.nome && (
          <>
            <br />
            <small>{c.nome}</small>
          </>
        )}
        {c.roles.length > 0 && (
          <>
            <br />
            {c.roles.map((r) => (
              <span key={r} className="staff-badge">
                {t(`admin.people.role.${r}`)}
              </span>
            ))}
          </>
        )}
      </td>
      <td data-label={t('admin.invitations.state')}>
        <span className="staff-badge">{t(`admin.invitations.state.${c.estado}`)}</span>
        <br />
        <small>
          {c.enviadoEm
            ? t('admin.invitations.sentAt', { date: mediumDateTime(c.enviadoEm, lang) })
            : waiting
              ? t('admin.invitations.notSentYet')
              : ''}
        </small>
      </td>
      <td data-label={t('admin.invitations.by')}>
        {t(`admin.invitations.origin.${c.origem}`, { name: c.criadoPor })}
        <br />
        <small>{mediumDateTime(c.criadoEm, lang)}</small>
      </td>
      <td>
        {waiting && (
          <div className="staff-actions">
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              aria-busy={busy || undefined}
              aria-label={t('admin.invitations.resendFor', { email: c.email })}
              onClick={async () => {
                setBusy(true);
                const answer = await resendInvitation(slug, c.id);
                setBusy(false);
                onMessage(
                  'failure' in answer
                    ? { kind: 'error', text: answer.failure.message }
                    : { kind: answer.sent.enviado ? 'ok' : 'info', text: answer.sent.message },
                );
              }}
            >
              {t('admin.invitations.resend')}
            </button>
            {c.estado === 'pendente' && (
              <ConfirmButton
                label={t('admin.invitations.revoke')}
                title={t('admin.invitations.revokeTitle')}
                explanation={t('admin.invitations.revokeExplain', { email: c.email })}
                confirmLabel={t('admin.invitations.revoke')}
                cancelLabel={t('admin.people.cancel')}
                onConfirm={async () => {
                  const failure = await revokeInvitation(slug, c.id);
                  onMessage(
                    failure
                      ? { kind: 'error', text: failure.message }
                      : { kind: 'ok', text: t('admin.invitations.revoked', { email: c.email }) },
                  );
                }}
              />
            )}
          </div>
        )}
      </td>
    </tr>
  );
}

function Invitations({ slug, strings, lang, me }: StaffIslandProps & { me: StaffMe }) {
  const t = makeT(strings, lang);
  const [params, update] = useUrlState();
  const list = useStore($invitations);
  const view: InvitationsView = params.get('estado') === 'todos' ? 'todos' : 'pendente';
  const page = pageOf(params);
  const [message, setMessage] = useState<Message>(null);
  useEffect(() => {
    void loadInvitations(slug, view, page);
  }, [slug, view, page]);
  const data = list.data;
  return (
    <>
      <h1>{t('admin.invitations.title')}</h1>
      <PeopleTabs current="invitations" t={t} />
      <p>{t('admin.invitations.intro')}</p>
      <InviteForm slug={slug} me={me} t={t} />
      <h2>{t('admin.invitations.listTitle')}</h2>
      {data && (
        <p>
          {t('admin.invitations.allowance', {
            sent: data.enviosHoje,
            limit: data.limiteDiario,
          })}
          {data.aguardandoEnvio > 0 &&
            ` ${t.plural('admin.invitations.waiting', data.aguardandoEnvio)}`}
        </p>
      )}
      <div className="staff-toolbar">
        <Select
          label={t('admin.invitations.view')}
          name="estado"
          value={view}
          options={(['pendente', 'todos'] as const).map((v) => ({
            value: v,
            label: t(`admin.invitations.view.${v}`),
          }))}
          onChange={(v) => update({ estado: v === 'todos' ? 'todos' : null, page: null })}
        />
      </div>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <ListPager
        list={list}
        data={data}
        page={(d) => d}
        count="admin.invitations.count"
        update={update}
        t={t}
      >
        {(d) =>
          d.convites.length === 0 ? (
            <p>{t('admin.invitations.empty')}</p>
          ) : (
            <table className="staff-table">
              <caption className="visually-hidden">{t('admin.invitations.listTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.invitations.email')}</th>
                  <th scope="col">{t('admin.invitations.state')}</th>
                  <th scope="col">{t('admin.invitations.by')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.people.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.convites.map((c) => (
                  <Row
                    key={c.id}
                    slug={slug}
                    invitation={c}
                    lang={lang}
                    t={t}
                    onMessage={setMessage}
                  />
                ))}
              </tbody>
            </table>
          )
        }
      </ListPager>
    </>
  );
}

export default function InvitationsIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="people">
      {(me) => <Invitations {...props} me={me} />}
    </StaffGate>
  );
}
