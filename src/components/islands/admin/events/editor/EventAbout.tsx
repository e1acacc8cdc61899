// The editor's "about" section: the event's title, description and cover image.
import { editEvent, uploadCoverImage } from '../../../../../stores/admin-events.ts';
import RichTextEditor from '../../kit/RichTextEditor.tsx';
import { Field, Notice, type T } from '../../../ui/index.ts';
import { useEventForm } from './use-event-form.ts';

export function EventAbout({ slug, t }: { slug: string; t: T }) {
  const { form, err } = useEventForm();
  return (
    <fieldset>
      <legend>{t('admin.events.section.about')}</legend>
      <Field
        label={t('admin.events.field.title')}
        name="titulo"
        value={form.titulo}
        onChange={(titulo) => editEvent({ titulo })}
        error={err('titulo')}
        required
        maxLength={200}
      />
      <RichTextEditor
        label={t('admin.events.field.description')}
        value={form.descricao}
        onChange={(descricao) => editEvent({ descricao })}
        error={err('descricao')}
        hint={t('admin.events.field.descriptionHint')}
        t={t}
      />
      <div className="events-image">
        {form.imagem && <img src={form.imagem} alt="" width={240} />}
        <label className="ui-field">
          <span>{t('admin.events.field.image')}</span>
          <input
            type="file"
            name="imagem"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) void uploadCoverImage(slug, file);
            }}
          />
        </label>
        {err('imagem') && <Notice kind="error">{err('imagem')}</Notice>}
        {form.imagem && (
          <button
            type="button"
            className="button secondary"
            onClick={() => editEvent({ imagem: null })}
          >
            {t('admin.events.field.imageRemove')}
          </button>
        )}
      </div>
    </fieldset>
  );
}
