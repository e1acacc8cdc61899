// /admin/people/{id} (docs/staff.md "People"): one person of the church — contact, family,
// addresses, groups, registrations and (for roles with giving) gifts — and what an admin may
// change: staff roles, member number, active or not.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { Person } from '../../../../../contract/people-staff.ts';
import type { StaffMe } from '../../../../../contract/staff.ts';
import { formatDate, money } from '../../../../../common/format.ts';
import {
  $person,
  loadPerson,
  saveMemberNumber,
  saveRoles,
  setPersonActive,
} from '../../../../stores/admin-people.ts';
import { ConfirmButton, StaffGate, type StaffIslandProps } from '../kit/index.ts';
import {
  Check,
  Field,
  firstErrors,
  Loader,
  makeT,
  Modal,
  Notice,
  SubmitButton,
  type T,
} from '../../ui/index.ts';
import { ROLES } from './PeopleIsland.tsx';
import { PeopleTabs } from './PeopleTabs.tsx';
import './people.css';

type Message = { kind: 'ok' | 'error'; text: string } | null;

function Roles({ slug, person, me, t }: { slug: string; person: Person; me: StaffMe; t: T }) {
  const [roles, setRoles] = useState(person.roles);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  // roles being taken away wait for a confirmation, as deactivating does
  const [removing, setRemoving] = useState<string[]>([]);
  const superAdmin = me.roles.includes('ROLE_SUPER_ADMIN');
  // the server refuses a change of one's own roles (staff.people.notSelf): the form says so first
  const self = me.usuario.id === person.id;
  const saved = person.roles.join();
  useEffect(() => setRoles(person.roles), [saved]);
  async function save() {
    setRemoving([]);
    setSaving(true);
    const failure = await saveRoles(slug, person.id, roles);
    setSaving(false);
    setMessage(
      failure
        ? { kind: 'error', text: failure.message }
        : { kind: 'ok', text: t('admin.people.rolesSaved') },
    );
    if (failure) setRoles(person.roles);
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    const taken = person.roles.filter((r) => !roles.includes(r));
    if (taken.length) setRemoving(taken);
    else void save();
  }
  return (
    <form className="people-form people-roles" onSubmit={submit}>
      <fieldset disabled={self}>
        <legend>{t('admin.people.staffRoles')}</legend>
        {ROLES.map((role) => (
          <Check
            key={role}
            name={role}
            label={t(`admin.people.role.${role}`)}
            hint={t(`admin.people.roleHint.${role}`)}
            checked={roles.includes(role)}
            disabled={self || (role === 'ROLE_SUPER_ADMIN' && !superAdmin)}
            onChange={(on) => setRoles(on ? [...roles, role] : roles.filter((r) => r !== role))}
          />
        ))}
      </fieldset>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {self ? (
        <p className="staff-hint">{t('admin.people.selfNote')}</p>
      ) : (
        <div className="staff-actions">
          <SubmitButton
            submitting={saving}
            label={t('admin.people.saveRoles')}
            busyLabel={t('admin.people.saving')}
          />
        </div>
      )}
      <Modal
        open={removing.length > 0}
        title={t('admin.people.removeRolesTitle', { name: person.nome })}
        onClose={() => setRemoving([])}
        closeLabel={t('admin.people.cancel')}
      >
        <p>{t('admin.people.removeRolesExplain')}</p>
        <ul>
          {removing.map((r) => (
            <li key={r}>{t(`admin.people.role.${r}`)}</li>
          ))}
        </ul>
        <div className="staff-actions">
          <button type="button" className="button danger" onClick={() => void save()}>
            {t('admin.people.removeRolesConfirm')}
          </button>
          <button type="button" className="button secondary" onClick={() => setRemoving([])}>
            {t('admin.people.cancel')}
          </button>
        </div>
      </Modal>
    </form>
  );
}

function MemberNumber({ slug, person, t }: { slug: string; person: Person; t: T }) {
  const [value, setValue] = useState(person.numeroMembro ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<Message>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    const failure = await saveMemberNumber(slug, person.id, value.trim() || null);
    setSaving(false);
    setError(failure ? (firstErrors(failure.errors).numeroMembro ?? failure.message) : undefined);
    setMessage(failure ? null : { kind: 'ok', text: t('admin.people.numberSaved') });
  }
  return (
    <form className="people-form" onSubmit={submit} noValidate>
      <Field
        label={t('admin.people.number')}
        name="numeroMembro"
        maxLength={20}
        value={value}
        error={error}
        onChange={setValue}
      />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <SubmitButton
        submitting={saving}
        label={t('admin.people.saveNumber')}
        busyLabel={t('admin.people.saving')}
        className="button secondary"
      />
    </form>
  );
}

function PersonPage({
  slug,
  church,
  strings,
  lang,
  id,
  me,
}: StaffIslandProps & { id: number; me: StaffMe }) {
  const t = makeT(strings, lang);
  const person = useStore($person);
  const [message, setMessage] = useState<Message>(null);
  useEffect(() => {
    void loadPerson(slug, id);
  }, [slug, id]);
  if (person.state === 'error')
    return (
      <>
        <h1>{t('admin.people.person')}</h1>
        <Notice kind="error">{person.message}</Notice>
        <p>
          <a href="/admin/people">{t('admin.people.back')}</a>
        </p>
      </>
    );
  const p = person.data;
  if (!p || p.id !== id) return <Loader label={t('admin.shell.loading')} />;
  async function toggleActive() {
    const failure = await setPersonActive(slug, id, !p!.ativo);
    setMessage(
      failure
        ? { kind: 'error', text: failure.message }
        : {
            kind: 'ok',
            text: t(p!.ativo ? 'admin.people.deactivated' : 'admin.people.reactivated'),
          },
    );
  }
  return (
    <>
      <p>
        <a href="/admin/people">{t('admin.people.back')}</a>
      </p>
      <h1>
        {p.nome}{' '}
        {!p.ativo && <span className="staff-badge">{t('admin.people.status.inativo')}</span>}
      </h1>
      <PeopleTabs current={null} t={t} />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <div className="people-sections">
        <section aria-labelledby="person-contact">
          <h2 id="person-contact">{t('admin.people.contact')}</h2>
          <dl className="people-facts">
            <dt>{t('admin.people.email')}</dt>
            <dd>{p.email}</dd>
            <dt>{t('admin.people.phone')}</dt>
            <dd>{p.telefone ?? '—'}</dd>
            <dt>{t('admin.people.birth')}</dt>
            <dd>{p.dataNascimento ? formatDate(`${p.dataNascimento}T12:00:00Z`, lang) : '—'}</dd>
            <dt>{t('admin.people.since')}</dt>
            <dd>{formatDate(p.desde, lang, church.fusoHorario)}</dd>
          </dl>
          <MemberNumber key={p.id} slug={slug} person={p} t={t} />
        </section>
        <section aria-labelledby="person-family">
          <h2 id="person-family">{t('admin.people.family')}</h2>
          {p.filhos.length === 0 ? (
            <p>{t('admin.people.noChildren')}</p>
          ) : (
            <ul>
              {p.filhos.map((c) => (
                <li key={c.id}>
                  {c.nome} — {formatDate(`${c.dataNascimento}T12:00:00Z`, lang)}
                </li>
              ))}
            </ul>
          )}
          <h2>{t('admin.people.addresses')}</h2>
          {p.enderecos.length === 0 ? (
            <p>{t('admin.people.noAddresses')}</p>
          ) : (
            <ul>
              {p.enderecos.map((a) => (
                <li key={a.id}>
                  {a.linha}, {a.cidade}
                  {a.estado ? ` – ${a.estado}` : ''} {a.cep ?? ''} ({a.pais})
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="person-groups">
          <h2 id="person-groups">{t('admin.people.groups')}</h2>
          {p.grupos.length === 0 ? (
            <p>{t('admin.people.noGroups')}</p>
          ) : (
            <ul>
              {p.grupos.map((g) => (
                <li key={`${g.papel}${g.id}`}>
                  {g.nome}{' '}
                  <span className="staff-badge">{t(`admin.people.groupRole.${g.papel}`)}</span>
                </li>
              ))}
            </ul>
          )}
          <h2>{t('admin.people.registrations')}</h2>
          {p.inscricoes.length === 0 ? (
            <p>{t('admin.people.noRegistrations')}</p>
          ) : (
            <ul>
              {p.inscricoes.map((r) => (
                <li key={r.id}>
                  {r.evento} — {formatDate(r.data, lang)}{' '}
                  <span className="staff-badge">{r.status}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {p.doacoes && (
          <section aria-labelledby="person-gifts">
            <h2 id="person-gifts">{t('admin.people.gifts')}</h2>
            {p.doacoes.length === 0 ? (
              <p>{t('admin.people.noGifts')}</p>
            ) : (
              <ul>
                {p.doacoes.map((g) => (
                  <li key={g.codigo}>
                    {/* the gift's day on the church's clock, as its statements count it */}
                    {formatDate(g.data, lang, church.fusoHorario)} — {money(g.valor, p.moeda, lang)}{' '}
                    ({g.motivos}) <span className="staff-badge">{g.status}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
      <h2>{t('admin.people.access')}</h2>
      <Roles key={p.id} slug={slug} person={p} me={me} t={t} />
      <div className="staff-actions">
        {me.usuario.id === p.id ? null : p.ativo ? (
          <ConfirmButton
            label={t('admin.people.deactivate')}
            title={t('admin.people.deactivateTitle', { name: p.nome })}
            explanation={t('admin.people.deactivateExplain')}
            confirmLabel={t('admin.people.deactivate')}
            cancelLabel={t('admin.people.cancel')}
            onConfirm={toggleActive}
          />
        ) : (
          <button type="button" className="button" onClick={toggleActive}>
            {t('admin.people.reactivate')}
          </button>
        )}
      </div>
    </>
  );
}

export default function PersonIsland(props: StaffIslandProps & { id: number }) {
  return (
    <StaffGate {...props} area="people">
      {(me) => <PersonPage {...props} me={me} />}
    </StaffGate>
  );
}
