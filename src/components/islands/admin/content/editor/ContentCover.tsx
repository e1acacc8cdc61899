// The item's cover: the image with the list card's crop, replaced or removed; it is uploaded when
// chosen and saved with the item.
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { $editor, editField, uploadCoverImage } from '../../../../../stores/admin-content.ts';
import type { T } from '../../../ui/index.ts';

export function ContentCover({ slug, t }: { slug: string; t: T }) {
  const id = useId();
  const editor = useStore($editor);
  const image = editor.form.imagem;
  const error = editor.errors.imagem;
  return (
    <fieldset className="content-cover">
      <legend>{t('admin.content.cover')}</legend>
      {image && (
        <figure className="content-cover-frame">
          <img src={image.url} alt="" width={image.largura} height={image.altura} />
          <figcaption>{t('admin.content.coverCrop')}</figcaption>
        </figure>
      )}
      <div className={`ui-field${error ? ' has-error' : ''}`}>
        <label htmlFor={id}>
          {t(image ? 'admin.content.coverReplace' : 'admin.content.coverChoose')}
        </label>
        <input
          id={id}
          type="file"
          name="imagem"
          accept="image/jpeg,image/png,image/webp"
          disabled={editor.busy === 'upload'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void uploadCoverImage(slug, file);
            e.target.value = '';
          }}
        />
        {error ? (
          <small id={`${id}-error`} className="ui-error" role="alert">
            {error}
          </small>
        ) : (
          <small id={`${id}-hint`}>
            {editor.busy === 'upload' ? t('admin.content.uploading') : t('admin.content.coverHint')}
          </small>
        )}
      </div>
      {image && (
        <button
          type="button"
          className="button secondary"
          onClick={() => editField('imagem', null)}
        >
          {t('admin.content.coverRemove')}
        </button>
      )}
    </fieldset>
  );
}
