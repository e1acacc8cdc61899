// A collection's image: sent to the image store when chosen; the form keeps the path it answered.
import { useEffect, useState } from 'react';
import { uploadImage } from '../../../../../stores/admin-play.ts';
import { ImageField } from '../../kit/index.ts';
import type { T } from '../../../ui/index.ts';

export function CollectionImage({
  slug,
  t,
  value,
  onChange,
}: {
  slug: string;
  t: T;
  value: string;
  onChange: (path: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  // the form was saved and emptied: forget the chosen file too
  useEffect(() => {
    if (!value) setFile(null);
  }, [value]);
  async function choose(chosen: File | null) {
    setProblem('');
    setFile(chosen);
    if (!chosen) return;
    setBusy(true);
    const outcome = await uploadImage(slug, chosen);
    setBusy(false);
    if (outcome.ok) onChange(outcome.value);
    else {
      setFile(null);
      setProblem(outcome.failure.message);
    }
  }
  return (
    <div className="play-collection-image">
      <ImageField
        label={t('admin.play.field.collectionImage')}
        hint={busy ? t('admin.play.imageSending') : t('admin.play.collectionImageHint')}
        current={value || null}
        file={file}
        onFile={(f) => void choose(f)}
        error={problem || undefined}
        previewAlt={t('admin.play.collectionImageAlt')}
      />
      {value && !busy && (
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            setFile(null);
            onChange('');
          }}
        >
          {t('admin.play.imageRemove')}
        </button>
      )}
    </div>
  );
}
