// "Edit group" for the group's leader on /groups/{id} (docs/groups.md "What the leader does"): the
// details the API lets a leader change (name, description, day and time, address, open or full),
// checked like the API before sending, errors by each field, the saved message after. State in
// src/stores/groups.ts. The leader and whether the group is active stay the staff's.
import { useStore } from '@nanostores/react';
import type { GroupDetail } from '../../../../contract/groups.ts';
import { GROUP_TEXT_LIMITS, type GroupTextField } from '../../../lib/groups/forms.ts';
import {
  $groupEdit,
  closeGroupEdit,
  openGroupEdit,
  saveGroupEdit,
  setGroupField,
  type GroupFieldError,
} from '../../../stores/groups.ts';
import { Check, Field, Notice, Select, SubmitButton, TextArea, type T } from '../ui/index.ts';

const ADDRESS: GroupTextField[] = [
  'logradouro',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'estado',
  'cep',
];

export function LeaderEditGroup({
  group,
  t,
  onSaved,
}: {
  group: GroupDetail;
  t: T;
  onSaved: () => void;
}) {
  const { draft, errors, saving, answer } = useStore($groupEdit);
  const says = (e: GroupFieldError | undefined) =>
    !e ? undefined : 'text' in e ? e.text : t(e.key, e.values);
  const notice =
    answer &&
    (answer.kind === 'ok' ? (
      <Notice kind="ok">{answer.text}</Notice>
    ) : (
      <Notice kind="error">{'text' in answer ? answer.text : t('groups.edit.failed')}</Notice>
    ));

  if (!draft)
    return (
      <div className="groups-edit">
        {notice}
        <p className="groups-links">
          <button type="button" className="button secondary" onClick={() => openGroupEdit(group)}>
            {t('groups.edit.open')}
          </button>
        </p>
      </div>
    );

  async function submit(e: { preventDefault(): void }) {
    e.preventDefault();
    if (await saveGroupEdit(group.id)) onSaved();
  }
  const text = (field: GroupTextField, label: string) => (
    <Field
      key={field}
      label={label}
      name={field}
      value={draft![field]}
      onChange={(v) => setGroupField(field, v)}
      error={says(errors[field])}
      disabled={saving}
    />
  );
  return (
    <form className="groups-edit" onSubmit={submit} noValidate aria-labelledby="groups-edit-title">
      <h3 id="groups-edit-title">{t('groups.edit.title')}</h3>
      {notice}
      <Field
        label={t('groups.edit.name')}
        name="nome"
        value={draft.nome}
        onChange={(v) => setGroupField('nome', v)}
        error={says(errors.nome)}
        disabled={saving}
        required
      />
      <TextArea
        label={t('groups.edit.description')}
        name="descricao"
        value={draft.descricao}
        rows={4}
        max={GROUP_TEXT_LIMITS.descricao}
        counter={(count, max) => t('groups.join.counter', { count, max })}
        onChange={(v) => setGroupField('descricao', v)}
        error={says(errors.descricao)}
        disabled={saving}
      />
      <Select
        label={t('groups.edit.day')}
        name="diaSemana"
        value={draft.diaSemana}
        options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({
          value: String(d),
          label: t(`groups.days.${d}`),
        }))}
        onChange={(v) => setGroupField('diaSemana', v)}
        error={says(errors.diaSemana)}
        disabled={saving}
        required
      />
      <Field
        label={t('groups.edit.time')}
        name="horario"
        type="time"
        value={draft.horario}
        onChange={(v) => setGroupField('horario', v)}
        error={says(errors.horario)}
        disabled={saving}
        required
      />
      <fieldset className="groups-edit-address">
        <legend>{t('groups.address')}</legend>
        {ADDRESS.map((field) => text(field, t(`groups.edit.${field}`)))}
      </fieldset>
      <Check
        label={t('groups.edit.accepting')}
        hint={t('groups.edit.openHint')}
        name="aberta"
        checked={draft.aberta}
        onChange={(v) => setGroupField('aberta', v)}
        disabled={saving}
      />
      <p className="groups-links">
        <SubmitButton
          submitting={saving}
          label={t('groups.edit.save')}
          busyLabel={t('groups.edit.saving')}
        />
        <button
          type="button"
          className="button secondary"
          onClick={closeGroupEdit}
          disabled={saving}
        >
          {t('groups.edit.cancel')}
        </button>
      </p>
    </form>
  );
}
