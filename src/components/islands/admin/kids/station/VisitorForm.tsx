// A visitor's family added at the station: the guardian, a phone, and up to six children; once
// saved the station finds it by the phone to check the children in.
import { useStore } from '@nanostores/react';
import {
  $visitorForm,
  addVisitorChild,
  saveVisitor,
  typeVisitor,
  typeVisitorChild,
  type VisitorChild,
} from '../../../../../stores/admin-kids-station.ts';
import { Field, Notice, type T } from '../../../ui/index.ts';

export function VisitorForm({ slug, t }: { slug: string; t: T }) {
  const { guardian, phone, kids, errors, message } = useStore($visitorForm);
  const err = (name: string) => errors[name]?.[0];
  return (
    <form
      className="kids-visitor"
      onSubmit={(e) => {
        e.preventDefault();
        void saveVisitor(slug, t('admin.kids.visitorSaved'));
      }}
      noValidate
    >
      <h2>{t('admin.kids.visitorTitle')}</h2>
      {message && <Notice kind="error">{message}</Notice>}
      <Field
        label={t('admin.kids.guardian')}
        value={guardian}
        onChange={(v) => typeVisitor('guardian', v)}
        required
        error={err('responsavel')}
      />
      <Field
        label={t('admin.kids.phone')}
        type="tel"
        inputMode="tel"
        value={phone}
        onChange={(v) => typeVisitor('phone', v)}
        required
        error={err('telefone')}
      />
      {kids.map((k, i) => {
        const set = (name: keyof VisitorChild) => (v: string) => typeVisitorChild(i, name, v);
        return (
          <fieldset key={i} className="kids-visitor-child">
            <legend>{t('admin.kids.childN', { n: i + 1 })}</legend>
            <Field
              label={t('admin.kids.firstName')}
              value={k.nome}
              onChange={set('nome')}
              required
              error={err(`criancas.${i}.nome`)}
            />
            <Field
              label={t('admin.kids.lastName')}
              value={k.sobrenome}
              onChange={set('sobrenome')}
            />
            <Field
              label={t('admin.kids.birthDate')}
              type="date"
              value={k.dataNascimento}
              onChange={set('dataNascimento')}
              required
              error={err(`criancas.${i}.dataNascimento`)}
            />
            <Field
              label={t('admin.kids.notes')}
              hint={t('admin.kids.notesHint')}
              value={k.observacoes}
              onChange={set('observacoes')}
            />
          </fieldset>
        );
      })}
      <div className="kids-actions">
        {kids.length < 6 && (
          <button type="button" className="button secondary" onClick={addVisitorChild}>
            {t('admin.kids.addChild')}
          </button>
        )}
        <button type="submit" className="button kids-big">
          {t('admin.kids.saveVisitor')}
        </button>
      </div>
    </form>
  );
}
