// /admin/play/new and /admin/play/{id} (docs/staff.md "Play"): a video's details (title,
// description, collection, tags, open or closed, featured, shown, poster through the image
// store), then its video file — sent in resumable chunks with a progress bar, converted by a task
// whose progress and failure show here with "try again" — and its WebVTT captions.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { StaffVideo } from '../../../../../contract/play-staff.ts';
import {
  $collections,
  $tags,
  $upload,
  $video,
  dropCaptions,
  loadCollections,
  loadTags,
  loadVideo,
  removeVideo,
  retryConversion,
  saveVideo,
  sendCaptions,
  sendVideo,
  uploadImage,
  watchConversion,
} from '../../../../stores/admin-play.ts';
import {
  ConfirmButton,
  FormActions,
  StaffGate,
  useStaffForm,
  type StaffIslandProps,
} from '../kit/index.ts';
import {
  Check,
  Field,
  firstErrors,
  Loader,
  makeT,
  Notice,
  Select,
  TextArea,
  type T,
} from '../../ui/index.ts';
import { MediaBadge } from './PlayVideosIsland.tsx';
import { PlayTabs } from './PlayTabs.tsx';
import './play.css';

const valuesOf = (v: StaffVideo | null) => ({
  titulo: v?.titulo ?? '',
  descricao: v?.descricao ?? '',
  coletanea: v?.coletanea ? String(v.coletanea) : '',
  tags: v?.tags ?? [],
  aberto: v?.aberto ?? false,
  destaque: v?.destaque ?? false,
  ativo: v?.ativo ?? true,
  imagem: v?.imagem ?? null,
  ordem: String(v?.ordem ?? 0),
});

function Details({ slug, t, video }: { slug: string; t: T; video: StaffVideo | null }) {
  const form = useStaffForm(valuesOf(video), t('admin.shell.unsaved'));
  const { values, set, errors } = form;
  const collections = useStore($collections);
  const tags = useStore($tags);
  const [posterBusy, setPosterBusy] = useState(false);
  // the conversion's poster arrives after the form opened: until one is chosen here, the saved one counts
  const [posterTouched, setPosterTouched] = useState(false);
  const poster = posterTouched ? values.imagem : (video?.imagem ?? null);
  const choosePoster = (url: string | null) => {
    setPosterTouched(true);
    set('imagem')(url);
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    form.setSubmitting(true);
    form.setMessage(null);
    const outcome = await saveVideo(slug, video?.id ?? null, {
      ...values,
      imagem: poster,
      coletanea: values.coletanea ? Number(values.coletanea) : null,
      ordem: Number(values.ordem) || 0,
    });
    form.setSubmitting(false);
    if (!outcome.ok) {
      form.setErrors(firstErrors(outcome.failure.errors));
      form.setMessage({ kind: 'error', text: outcome.failure.message });
      return;
    }
    if (!video) location.assign(`/admin/play/${outcome.value.id}`);
    else form.setMessage({ kind: 'ok', text: t('admin.play.saved') });
  }
  return (
    <form onSubmit={submit} noValidate>
      {form.message && <Notice kind={form.message.kind}>{form.message.text}</Notice>}
      <Field
        label={t('admin.play.field.titulo')}
        name="titulo"
        value={values.titulo}
        onChange={set('titulo')}
        error={errors.titulo}
        required
        maxLength={200}
      />
      <TextArea
        label={t('admin.play.field.descricao')}
        name="descricao"
        value={values.descricao}
        onChange={set('descricao')}
        error={errors.descricao}
        rows={4}
      />
      <Select
        label={t('admin.play.field.coletanea')}
        name="coletanea"
        value={values.coletanea}
        onChange={set('coletanea')}
        error={errors.coletanea}
        placeholder={t('admin.play.noCollection')}
        options={(collections.data ?? []).map((c) => ({ value: String(c.id), label: c.titulo }))}
      />
      <fieldset className="play-tags">
        <legend>{t('admin.play.field.tags')}</legend>
        {(tags.data ?? []).map((tag) => (
          <Check
            key={tag.id}
            name={`tag-${tag.id}`}
            label={tag.nome}
            checked={values.tags.includes(tag.id)}
            onChange={(on) =>
              set('tags')(on ? [...values.tags, tag.id] : values.tags.filter((x) => x !== tag.id))
            }
          />
        ))}
        {errors.tags && <small className="ui-error">{errors.tags}</small>}
      </fieldset>
      <Check
        name="aberto"
        label={t('admin.play.field.aberto')}
        hint={t('admin.play.openHint')}
        checked={values.aberto}
        onChange={set('aberto')}
      />
      <Check
        name="destaque"
        label={t('admin.play.field.destaque')}
        checked={values.destaque}
        onChange={set('destaque')}
      />
      <Check
        name="ativo"
        label={t('admin.play.field.ativo')}
        hint={t('admin.play.activeHint')}
        checked={values.ativo}
        onChange={set('ativo')}
      />
      <div className="ui-field">
        <label htmlFor="play-poster">{t('admin.play.field.imagem')}</label>
        {poster && <img className="play-poster" src={poster} alt="" />}
        <input
          id="play-poster"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={posterBusy}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setPosterBusy(true);
            const outcome = await uploadImage(slug, file);
            setPosterBusy(false);
            if (outcome.ok) choosePoster(outcome.value);
            else form.setErrors({ ...errors, imagem: outcome.failure.message });
          }}
        />
        <small>{t('admin.play.posterHint')}</small>
        {errors.imagem && <small className="ui-error">{errors.imagem}</small>}
        {poster && (
          <button type="button" className="button secondary" onClick={() => choosePoster(null)}>
            {t('admin.play.posterRemove')}
          </button>
        )}
      </div>
      <Field
        label={t('admin.play.field.ordem')}
        name="ordem"
        type="number"
        inputMode="numeric"
        value={values.ordem}
        onChange={set('ordem')}
        error={errors.ordem}
      />
      <FormActions
        submitting={form.submitting}
        dirty={form.dirty}
        saveLabel={t(video ? 'admin.play.save' : 'admin.play.create')}
        busyLabel={t('admin.play.saving')}
        cancelLabel={t('admin.shell.cancel')}
        unsavedText={t('admin.shell.unsaved')}
        onCancel={() => location.assign('/admin/play')}
      />
    </form>
  );
}

function Media({ slug, t, video }: { slug: string; t: T; video: StaffVideo }) {
  const upload = useStore($upload);
  const { estado, tarefa } = video.midia;
  const [retryError, setRetryError] = useState('');
  useEffect(() => {
    if (estado === 'processando') watchConversion(slug, video.id);
  }, [slug, video.id, estado]);
  const pick = (file: File | undefined) => file && void sendVideo(slug, video.id, file);
  return (
    <section className="play-upload" aria-labelledby="play-media-title">
      <h2 id="play-media-title">{t('admin.play.videoFile')}</h2>
      <p>
        {t('admin.play.mediaState')}: <MediaBadge t={t} video={video} />
      </p>
      {upload.state === 'sending' && (
        <div>
          <label htmlFor="play-upload-progress">
            {t('admin.play.uploading', { name: upload.name })}
          </label>
          <progress id="play-upload-progress" max={upload.total} value={upload.sent}>
            {Math.round((100 * upload.sent) / upload.total)}%
          </progress>
          <p role="status">{Math.round((100 * upload.sent) / upload.total)}%</p>
        </div>
      )}
      {upload.state === 'failed' && (
        <Notice kind="error">
          {upload.message}{' '}
          <button
            type="button"
            className="button secondary"
            onClick={() => void sendVideo(slug, video.id, upload.file)}
          >
            {t('admin.play.resume')}
          </button>
        </Notice>
      )}
      {estado === 'processando' && tarefa && (
        <div>
          <label htmlFor="play-convert-progress">{t('admin.play.converting')}</label>
          <progress
            id="play-convert-progress"
            max={Math.max(1, tarefa.total)}
            value={tarefa.state === 'queued' ? undefined : tarefa.done}
          />
          <p role="status">
            {tarefa.state === 'queued'
              ? t('admin.play.queued')
              : `${Math.round((100 * tarefa.done) / Math.max(1, tarefa.total))}%`}
          </p>
        </div>
      )}
      {estado === 'pronto' && video.midia.tarefa?.state === 'done' && (
        <Notice kind="ok">{t('admin.play.ready')}</Notice>
      )}
      {estado === 'falhou' && tarefa && (
        <Notice kind="error">
          {t('admin.play.failed', { reason: tarefa.error ?? '' })}{' '}
          <button
            type="button"
            className="button secondary"
            onClick={async () => {
              const outcome = await retryConversion(slug, video.id);
              setRetryError(outcome.ok ? '' : outcome.failure.message);
            }}
          >
            {t('admin.play.retry')}
          </button>
          {retryError && <span> {retryError}</span>}
        </Notice>
      )}
      {upload.state !== 'sending' && estado !== 'processando' && (
        <div className="ui-field">
          <label htmlFor="play-video-file">
            {t(
              video.midia.estado === 'sem_midia'
                ? 'admin.play.chooseVideo'
                : 'admin.play.replaceVideo',
            )}
          </label>
          <input
            id="play-video-file"
            type="file"
            accept="video/*"
            onChange={(e) => pick(e.target.files?.[0])}
          />
          <small>{t('admin.play.videoHint')}</small>
        </div>
      )}
    </section>
  );
}

function Captions({ slug, t, video }: { slug: string; t: T; video: StaffVideo }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <section className="play-captions" aria-labelledby="play-captions-title">
      <h2 id="play-captions-title">{t('admin.play.captions')}</h2>
      <p>{t(video.legenda ? 'admin.play.captionsYes' : 'admin.play.captionsNo')}</p>
      <div className={`ui-field${error ? ' has-error' : ''}`}>
        <label htmlFor="play-captions-file">{t('admin.play.captionsChoose')}</label>
        <input
          id="play-captions-file"
          type="file"
          accept=".vtt,text/vtt"
          disabled={busy}
          aria-describedby={error ? 'play-captions-error' : undefined}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setBusy(true);
            const outcome = await sendCaptions(slug, video.id, file);
            setBusy(false);
            setError(outcome.ok ? '' : outcome.failure.message);
            e.target.value = '';
          }}
        />
        {error && (
          <small id="play-captions-error" className="ui-error" role="alert">
            {error}
          </small>
        )}
      </div>
      {video.legenda && (
        <button
          type="button"
          className="button secondary"
          onClick={() => void dropCaptions(slug, video.id)}
        >
          {t('admin.play.captionsRemove')}
        </button>
      )}
    </section>
  );
}

function Editor({ slug, strings, lang, id }: StaffIslandProps & { id: number | null }) {
  const t = makeT(strings, lang);
  const video = useStore($video);
  useEffect(() => {
    void loadVideo(slug, id);
    void loadCollections(slug);
    void loadTags(slug);
  }, [slug, id]);
  if (video.state === 'error') return <Notice kind="error">{video.message}</Notice>;
  if (video.data === undefined || (id && !video.data))
    return <Loader label={t('admin.shell.loading')} />;
  const v = video.data;
  return (
    <>
      <h1>{v ? v.titulo : t('admin.play.new')}</h1>
      <PlayTabs t={t} current="videos" />
      <Details key={v?.id ?? 'new'} slug={slug} t={t} video={v} />
      {v ? (
        <>
          <Media slug={slug} t={t} video={v} />
          <Captions slug={slug} t={t} video={v} />
          <ConfirmButton
            label={t('admin.play.delete')}
            title={t('admin.play.deleteTitle')}
            explanation={t('admin.play.deleteExplain')}
            confirmLabel={t('admin.play.delete')}
            cancelLabel={t('admin.shell.cancel')}
            onConfirm={async () => {
              const outcome = await removeVideo(slug, v.id);
              if (outcome.ok) location.assign('/admin/play');
            }}
          />
        </>
      ) : (
        <p>{t('admin.play.uploadAfterSave')}</p>
      )}
    </>
  );
}

export default function PlayVideoEditorIsland(props: StaffIslandProps & { id: number | null }) {
  return (
    <StaffGate {...props} area="play">
      {() => <Editor {...props} />}
    </StaffGate>
  );
}
