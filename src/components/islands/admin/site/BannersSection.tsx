// The home's banners (docs/staff.md "Home"): the list in the order members see them, with what
// each shows now; add, edit (image with preview, link, from/until), move up or down, delete.
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { StaffBanner } from '../../../../../contract/church-staff.ts';
import { mediumDateTime, type Lang } from '../../../../../common/format.ts';
import { $home, moveBanner, removeBanner, saveBanner } from '../../../../stores/admin-home.ts';
import {
  ConfirmButton,
  EditableList,
  FormActions,
  ImageField,
  useStaffForm,
  type RowTools,
} from '../kit/index.ts';
import { Check, Field, Notice, type T } from '../../ui/index.ts';
import { fromLocalInput, toLocalInput } from './dates.ts';

type When = 'now' | 'scheduled' | 'ended' | 'hidden';

/** Whether the public home shows the banner now (the API's rule: active and between its dates). */
function whenShown(b: StaffBanner, now = Date.now()): When {
  if (!b.flagAtivo) return 'hidden';
  if (b.inicio && Date.parse(b.inicio) > now) return 'scheduled';
  if (b.fim && Date.parse(b.fim) <= now) return 'ended';
  return 'now';
}

export function BannersSection({ slug, t, lang }: { slug: string; t: T; lang: Lang }) {
  const home = useStore($home);
  const [busy, setBusy] = useState(false);
  if (home.state !== 'ready') return null;
  const banners = home.banners;

  const act = async (
    notify: RowTools['notify'],
    run: () => Promise<{ ok: boolean; message?: string }>,
    done: string,
  ) => {
    setBusy(true);
    notify(null); // a repeated action announces again
    const result = await run();
    setBusy(false);
    notify(result.ok ? { kind: 'ok', text: done } : { kind: 'error', text: result.message ?? '' });
  };

  return (
    <EditableList
      items={banners}
      addLabel={t('admin.site.banners.add')}
      empty={t('admin.site.banners.empty')}
      savedText={t('admin.site.saved')}
      ordered={{ label: t('admin.site.tab.banners') }}
      classes={{ list: 'site-list', item: 'site-card', empty: 'site-empty' }}
      form={(banner, done) => <BannerForm slug={slug} t={t} banner={banner} onDone={done} />}
      row={(b, { index: i, edit, notify }) => {
        const when = whenShown(b);
        return (
          <>
            <img className="site-thumb" src={b.imagem} alt="" loading="lazy" />
            <div className="site-card-body">
              <h3>{b.titulo}</h3>
              <p>
                <span className={`staff-badge site-when-${when}`}>
                  {t(`admin.site.banners.when.${when}`)}
                </span>
              </p>
              {(b.inicio || b.fim) && (
                <p className="site-meta">
                  {b.inicio &&
                    t('admin.site.banners.from', { date: mediumDateTime(b.inicio, lang) })}{' '}
                  {b.fim && t('admin.site.banners.until', { date: mediumDateTime(b.fim, lang) })}
                </p>
              )}
              {b.link && <p className="site-meta site-link">{b.link}</p>}
              <div className="staff-actions">
                <button
                  type="button"
                  className="button secondary"
                  onClick={edit}
                  aria-label={`${t('admin.site.edit')}: ${b.titulo}`}
                >
                  {t('admin.site.edit')}
                </button>
                <button
                  type="button"
                  className="button secondary"
                  disabled={busy || i === 0}
                  onClick={() =>
                    act(notify, () => moveBanner(slug, b.id, -1), t('admin.site.banners.moved'))
                  }
                  aria-label={`${t('admin.site.banners.up')}: ${b.titulo}`}
                >
                  {t('admin.site.banners.up')}
                </button>
                <button
                  type="button"
                  className="button secondary"
                  disabled={busy || i === banners.length - 1}
                  onClick={() =>
                    act(notify, () => moveBanner(slug, b.id, 1), t('admin.site.banners.moved'))
                  }
                  aria-label={`${t('admin.site.banners.down')}: ${b.titulo}`}
                >
                  {t('admin.site.banners.down')}
                </button>
                <ConfirmButton
                  label={t('admin.site.delete')}
                  title={t('admin.site.banners.deleteTitle')}
                  explanation={t('admin.site.banners.deleteExplain', { title: b.titulo })}
                  confirmLabel={t('admin.site.delete')}
                  cancelLabel={t('admin.shell.cancel')}
                  busy={busy}
                  onConfirm={() =>
                    act(notify, () => removeBanner(slug, b.id), t('admin.site.deleted'))
                  }
                />
              </div>
            </div>
          </>
        );
      }}
    />
  );
}

function BannerForm({
  slug,
  t,
  banner,
  onDone,
}: {
  slug: string;
  t: T;
  banner: StaffBanner | null;
  onDone: (saved: boolean) => void;
}) {
  const initial = {
    titulo: banner?.titulo ?? '',
    link: banner?.link ?? '',
    inicio: toLocalInput(banner?.inicio ?? null),
    fim: toLocalInput(banner?.fim ?? null),
    flagAtivo: banner?.flagAtivo ?? true,
  };
  const [image, setImage] = useState<File | null>(null);
  const { values, set, errors, setErrors, message, setMessage, submitting, setSubmitting, dirty } =
    useStaffForm(initial, t('admin.shell.unsaved'), image !== null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!banner && !image) {
      setErrors({ imagem: t('admin.site.banners.imageRequired') });
      return;
    }
    setSubmitting(true);
    setMessage(null);
    const result = await saveBanner(
      slug,
      banner?.id ?? null,
      { ...values, inicio: fromLocalInput(values.inicio), fim: fromLocalInput(values.fim) },
      image,
    );
    setSubmitting(false);
    if (result.ok) return onDone(true);
    setErrors(result.errors);
    setMessage({ kind: 'error', text: result.message });
  }

  return (
    <form className="site-form" onSubmit={submit} noValidate>
      <h3>{banner ? t('admin.site.banners.editTitle') : t('admin.site.banners.newTitle')}</h3>
      <Notice message={message} />
      <Field
        label={t('admin.site.banners.title')}
        value={values.titulo}
        onChange={set('titulo')}
        error={errors.titulo}
        required
        maxLength={120}
      />
      <ImageField
        label={t('admin.site.banners.image')}
        hint={t('admin.site.banners.imageHint')}
        current={banner?.imagem ?? null}
        file={image}
        onFile={(f) => {
          setImage(f);
          setErrors((e) => ({ ...e, imagem: '' }));
        }}
        error={errors.imagem}
        previewAlt={t('admin.site.preview')}
        wide
      />
      <Field
        label={t('admin.site.banners.link')}
        hint={t('admin.site.banners.linkHint')}
        value={values.link}
        onChange={set('link')}
        error={errors.link}
        inputMode="text"
      />
      <div className="site-row">
        <Field
          label={t('admin.site.banners.start')}
          type="datetime-local"
          value={values.inicio}
          onChange={set('inicio')}
          error={errors.inicio}
        />
        <Field
          label={t('admin.site.banners.end')}
          type="datetime-local"
          value={values.fim}
          onChange={set('fim')}
          error={errors.fim}
        />
      </div>
      <Check
        name="flagAtivo"
        label={t('admin.site.banners.active')}
        checked={values.flagAtivo}
        onChange={set('flagAtivo')}
      />
      <FormActions
        submitting={submitting}
        dirty={dirty}
        saveLabel={t('admin.site.save')}
        busyLabel={t('admin.site.saving')}
        cancelLabel={t('admin.shell.cancel')}
        unsavedText={t('admin.shell.unsaved')}
        onCancel={() => onDone(false)}
      />
    </form>
  );
}
