// A file field for one image with its preview (the chosen file, else the stored image), its
// label and its error tied together like the kit's fields. Every staff form with an image uses it.
import { useEffect, useId, useState } from 'react';

export function ImageField({
  label,
  hint,
  current,
  file,
  onFile,
  error,
  previewAlt,
  wide = false,
}: {
  label: string;
  hint?: string;
  /** The stored image's address, shown until a file is chosen. */
  current: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string | undefined;
  previewAlt: string;
  /** A banner (wide) or a logo (square) preview. */
  wide?: boolean;
}) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? current;
  const described = [error ? `${id}-error` : '', hint && !error ? `${id}-hint` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`ui-field staff-image${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {shown && (
        <img
          className={wide ? 'staff-image-preview wide' : 'staff-image-preview'}
          src={shown}
          alt={previewAlt}
        />
      )}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      {hint && !error && <small id={`${id}-hint`}>{hint}</small>}
      {error && (
        <small id={`${id}-error`} className="ui-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
