// The children of /user/data (spec §7 "Children"): list, add, edit, remove; each form is
// checked with the contract's childBody before it is sent.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { DATE_PLACEHOLDER, formatLocalDate } from '../../../../contract/account-rules.ts';
import { childBody, type Child, type ChildBody } from '../../../../contract/user.ts';
import { maskDate } from '../../../lib/account/forms.ts';
import { readFailure } from '../../../lib/account/http.ts';
import { dateForSchema, schemaErrors } from '../../../lib/account/validate.ts';
import { loadChildren, removeChild, saveChild } from '../../../stores/account.ts';
import { $session } from '../../../stores/session.ts';
import {
  Field,
  firstErrors,
  type IslandProps,
  type Message,
  Notice,
  Select,
  SubmitButton,
  type T,
  useForm,
} from '../ui/index.ts';

type Scope = { t: T; lang: IslandProps['lang']; churchId: number; userId: number };

export default function ChildrenSection({ t, lang, churchId, userId }: Scope) {
  const children = useStore($session).userChildren;
  const [editing, setEditing] = useState<Child | 'new' | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  useEffect(() => {
    loadChildren(userId, churchId).catch(() =>
      setMessage({ kind: 'error', text: t('account.loadError') }),
    );
  }, [churchId, userId, t]);
  async function remove(child: Child) {
    if (!confirm(t('account.children.removeConfirm', { name: child.nome }))) return;
    try {
      await removeChild(userId, child.id);
    } catch (error) {
      setMessage({ kind: 'error', text: (await readFailure(error)).message });
    }
  }
  return (
    <section className="acc-section" aria-labelledby="children-title">
      <div className="acc-section-head">
        <h2 id="children-title">{t('account.children.title')}</h2>
        {!editing && (
          <button type="button" className="button small" onClick={() => setEditing('new')}>
            {t('account.children.add')}
          </button>
        )}
      </div>
      <Notice message={message} />
      {children.length === 0 && !editing && (
        <p className="acc-muted">{t('account.children.empty')}</p>
      )}
      <ul className="acc-list">
        {children.map((child) => (
          <li key={child.id} className="acc-item">
            <div>
              <p>
                <strong>{[child.nome, child.sobrenome].filter(Boolean).join(' ')}</strong>
              </p>
              <p className="acc-muted">
                {formatLocalDate(child.dataNascimento, lang)}
                {child.observacoes ? ` · ${child.observacoes}` : ''}
              </p>
            </div>
            <div className="acc-actions">
              <button
                type="button"
                className="acc-link"
                onClick={() => setEditing(child)}
                aria-label={`${t('account.edit')} ${child.nome}`}
              >
                {t('account.edit')}
              </button>
              <button
                type="button"
                className="acc-link"
                onClick={() => remove(child)}
                aria-label={`${t('account.remove')} ${child.nome}`}
              >
                {t('account.remove')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <ChildForm
          key={editing === 'new' ? 'new' : editing.id}
          t={t}
          lang={lang}
          churchId={churchId}
          userId={userId}
          child={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
    </section>
  );
}

const EMPTY_CHILD = { nome: '', sobrenome: '', dataNascimento: '', sexo: '', observacoes: '' };

function ChildForm({
  t,
  lang,
  churchId,
  userId,
  child,
  onDone,
}: Scope & { child: Child | null; onDone: () => void }) {
  const form = useForm(
    child
      ? {
          nome: child.nome,
          sobrenome: child.sobrenome ?? '',
          dataNascimento: formatLocalDate(child.dataNascimento, lang),
          sexo: child.sexo ?? '',
          observacoes: child.observacoes ?? '',
        }
      : EMPTY_CHILD,
  );
  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const v = form.values;
    const json: ChildBody = {
      ...v,
      dataNascimento: dateForSchema(v.dataNascimento, lang) as string,
      sexo: (v.sexo || null) as ChildBody['sexo'],
    };
    const keys = schemaErrors(childBody, json);
    if (Object.keys(keys).length)
      return form.setErrors(Object.fromEntries(Object.entries(keys).map(([k, m]) => [k, t(m)])));
    form.setSubmitting(true);
    try {
      await saveChild(userId, churchId, child?.id ?? null, json);
      onDone();
    } catch (error) {
      const failure = await readFailure(error);
      form.setErrors(firstErrors(failure.errors));
      form.setMessage({ kind: 'error', text: failure.message });
      form.setSubmitting(false);
    }
  }
  const f = (name: keyof typeof EMPTY_CHILD) => ({
    name,
    value: form.values[name],
    onChange: form.set(name),
    error: form.errors[name],
    disabled: form.submitting,
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="acc-subform"
      aria-label={child ? t('account.children.edit') : t('account.children.add')}
    >
      <h3>{child ? t('account.children.edit') : t('account.children.add')}</h3>
      <Notice message={form.message} />
      <div className="acc-grid">
        <Field label={t('account.field.childName')} required {...f('nome')} />
        <Field label={t('account.field.surname')} {...f('sobrenome')} />
        <Field
          label={t('account.field.birthDate')}
          inputMode="numeric"
          required
          placeholder={DATE_PLACEHOLDER[lang]}
          {...f('dataNascimento')}
          onChange={(x) => form.set('dataNascimento')(maskDate(x))}
        />
        <Select
          label={t('account.field.sex')}
          options={[
            { value: 'M', label: t('account.sex.M') },
            { value: 'F', label: t('account.sex.F') },
          ]}
          {...f('sexo')}
        />
      </div>
      <Field label={t('account.field.comments')} {...f('observacoes')} />
      <div className="acc-actions">
        <SubmitButton
          submitting={form.submitting}
          label={t('account.save')}
          busyLabel={t('account.wait')}
          className="button small"
        />
        <button type="button" className="acc-link" onClick={onDone} disabled={form.submitting}>
          {t('account.cancel')}
        </button>
      </div>
    </form>
  );
}
