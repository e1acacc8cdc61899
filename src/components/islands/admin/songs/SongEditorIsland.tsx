// /admin/songs/{id} and /admin/songs/new (docs/staff.md "Songs"): a song's fields and its lyrics
// with chords in ChordPro, beside a live preview drawn by the members' own renderer
// (src/lib/praise/render.ts) from the lines the API's one parser returns, with the key moved
// as members move it; ChordPro export, score PDFs and delete once saved.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { CHORDPRO_MAX, type StaffSong } from '../../../../../contract/praise-staff.ts';
import type { Praise } from '../../../../../contract/praise.ts';
import { renderLines } from '../../../../lib/praise/render.ts';
import { originalKey } from '../../../../lib/praise/song.ts';
import { keyName, normaliseSteps, pretty, transposeKey } from '../../../../lib/praise/transpose.ts';
import {
  $preview,
  $song,
  addScore,
  downloadChordPro,
  dropScore,
  loadSong,
  refreshPreview,
  removeSong,
  saveSong,
} from '../../../../stores/admin-songs.ts';
import {
  ConfirmButton,
  StaffGate,
  useUnsavedWarning,
  type StaffIslandProps,
} from '../kit/index.ts';
import {
  Field,
  firstErrors,
  Loader,
  makeT,
  Notice,
  SubmitButton,
  TextArea,
  useForm,
  type Message,
  type T,
} from '../../ui/index.ts';
import '../../../../styles/praise.css';
import './songs.css';

const FIELDS = ['titulo', 'subtitulo', 'autor', 'tom', 'ritmo', 'tema', 'grupo', 'codigo'] as const;
type Values = Record<(typeof FIELDS)[number] | 'cifra', string>;

const valuesOf = (song: StaffSong | null): Values => ({
  titulo: song?.titulo ?? '',
  subtitulo: song?.subtitulo ?? '',
  autor: song?.autor ?? '',
  tom: song?.tom ?? '',
  ritmo: song?.ritmo ?? '',
  tema: song?.tema ?? '',
  grupo: song?.grupo ?? '',
  codigo: song?.codigo ?? '',
  cifra: song?.cifra ?? '',
});

/** The preview, exactly as the embed draws it, in the key chosen here. */
function Preview({ t, tom }: { t: T; tom: string }) {
  const preview = useStore($preview);
  const [steps, setSteps] = useState(0);
  const letra = preview?.letra ?? [];
  const key = originalKey({ tom: tom || null, letra } as Praise);
  const shown = transposeKey(key, steps);
  const html = useMemo(() => renderLines(letra, 'cifra', steps, key), [letra, steps, key]);
  const step = (by: number) => setSteps((s) => normaliseSteps(s + by));
  return (
    <section className="songs-preview" aria-labelledby="songs-preview">
      <h2 id="songs-preview">{t('admin.songs.preview')}</h2>
      <div className="praise-control" role="group" aria-labelledby="songs-key-label">
        <span id="songs-key-label" className="praise-control-label">
          {t('admin.songs.previewKey')}
        </span>
        <button
          type="button"
          className="praise-btn"
          onClick={() => step(-1)}
          aria-label={t('admin.songs.keyDown')}
        >
          −½
        </button>
        <output className="praise-value" aria-live="polite" data-testid="preview-key">
          {pretty(keyName(shown))}
          {steps !== 0 && <small> ({steps > 0 ? `+${steps}` : `−${-steps}`})</small>}
        </output>
        <button
          type="button"
          className="praise-btn"
          onClick={() => step(1)}
          aria-label={t('admin.songs.keyUp')}
        >
          +½
        </button>
        <button type="button" className="praise-btn" onClick={() => setSteps(0)}>
          {t('admin.songs.keyReset')}
        </button>
      </div>
      {letra.length === 0 ? (
        <p>{t('admin.songs.previewEmpty')}</p>
      ) : (
        <div className="praise-song praise-cifra" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </section>
  );
}

function Scores({ slug, t, song }: { slug: string; t: T; song: StaffSong }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  async function upload(event: FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setMessage({ kind: 'error', text: t('admin.songs.scoreChoose') });
      return;
    }
    setBusy(true);
    const outcome = await addScore(slug, song.id, file);
    setBusy(false);
    if (input.current) input.current.value = '';
    setMessage(
      outcome.ok
        ? { kind: 'ok', text: t('admin.songs.scoreAdded') }
        : { kind: 'error', text: outcome.failure.message },
    );
  }
  return (
    <section aria-labelledby="songs-scores" className="card songs-scores-card">
      <h2 id="songs-scores">{t('admin.songs.scores')}</h2>
      <Notice message={message} />
      {song.partituras.length === 0 ? (
        <p>{t('admin.songs.scoresEmpty')}</p>
      ) : (
        <ul className="songs-scores">
          {song.partituras.map((score, index) => (
            <li key={score.url}>
              <a href={score.url} target="_blank" rel="noopener">
                {score.nome}
              </a>{' '}
              <ConfirmButton
                label={t('admin.songs.scoreRemove')}
                title={t('admin.songs.scoreRemoveTitle', { name: score.nome })}
                explanation={t('admin.songs.scoreRemoveExplain')}
                confirmLabel={t('admin.songs.scoreRemove')}
                cancelLabel={t('admin.shell.cancel')}
                className="button secondary"
                onConfirm={async () => {
                  const outcome = await dropScore(slug, song.id, index);
                  if (!outcome.ok) setMessage({ kind: 'error', text: outcome.failure.message });
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={upload} className="staff-toolbar">
        <div className="ui-field">
          <label htmlFor="songs-score-file">{t('admin.songs.scoreFile')}</label>
          <input id="songs-score-file" ref={input} type="file" accept="application/pdf,.pdf" />
          <small>{t('admin.songs.scoreHint')}</small>
        </div>
        <SubmitButton
          submitting={busy}
          label={t('admin.songs.scoreUpload')}
          busyLabel={t('admin.songs.saving')}
        />
      </form>
    </section>
  );
}

function Editor({ slug, strings, lang, song }: StaffIslandProps & { song: StaffSong | null }) {
  const t = makeT(strings, lang);
  const form = useForm<Values>(valuesOf(song));
  const [saved, setSaved] = useState<Values>(valuesOf(song));
  const [done, setDone] = useState<Message | null>(null);
  const { values, errors } = form;
  const dirty = FIELDS.some((f) => values[f] !== saved[f]) || values.cifra !== saved.cifra;
  useUnsavedWarning(dirty, t('admin.shell.unsaved'));
  useEffect(() => {
    const timer = setTimeout(() => void refreshPreview(slug, values.cifra), 200);
    return () => clearTimeout(timer);
  }, [slug, values.cifra]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.setMessage(null);
    setDone(null);
    form.setSubmitting(true);
    const outcome = await saveSong(slug, song?.id ?? null, values);
    form.setSubmitting(false);
    if (!outcome.ok) {
      form.setErrors(firstErrors(outcome.failure.errors));
      form.setMessage({ kind: 'error', text: outcome.failure.message });
      return;
    }
    form.setErrors({});
    setSaved(values);
    setDone({ kind: 'ok', text: t('admin.songs.saved') });
    if (!song) history.replaceState(history.state, '', `/admin/songs/${outcome.value.id}`);
  }

  const field = (
    name: (typeof FIELDS)[number],
    extra: { required?: boolean; hint?: string } = {},
  ) => (
    <Field
      label={t(`admin.songs.field.${name}`)}
      name={name}
      value={values[name]}
      onChange={form.set(name)}
      error={errors[name]}
      {...extra}
    />
  );

  return (
    <div className="songs-editor">
      <form className="songs-form" noValidate onSubmit={submit}>
        <Notice message={form.message} />
        {field('titulo', { required: true })}
        <div className="songs-grid">
          {field('autor')}
          {field('tom', { hint: t('admin.songs.keyHint') })}
          {field('subtitulo')}
          {field('ritmo')}
          {field('tema')}
          {field('grupo')}
          {field('codigo')}
        </div>
        <div className="songs-chordpro">
          <TextArea
            label={t('admin.songs.chordpro')}
            name="cifra"
            value={values.cifra}
            onChange={form.set('cifra')}
            error={errors.cifra}
            hint={t('admin.songs.chordproHint')}
            rows={16}
            max={CHORDPRO_MAX}
          />
        </div>
        <Notice message={done} />
        <div className="staff-actions">
          <SubmitButton
            submitting={form.submitting}
            label={t('admin.songs.save')}
            busyLabel={t('admin.songs.saving')}
          />
          <a className="button secondary" href="/admin/songs">
            {t('admin.songs.back')}
          </a>
        </div>
      </form>
      <Preview t={t} tom={values.tom} />
    </div>
  );
}

function SavedActions({ slug, t, song }: { slug: string; t: T; song: StaffSong }) {
  const [message, setMessage] = useState<Message | null>(null);
  return (
    <section aria-labelledby="songs-more" className="songs-more">
      <h2 id="songs-more">{t('admin.songs.more')}</h2>
      <Notice message={message} />
      <div className="staff-actions">
        <a
          className="button secondary"
          href={`/embed/praise?praiseId=${song.id}`}
          target="_blank"
          rel="noopener"
        >
          {t('admin.songs.viewAsMember')}
        </a>
        <button
          type="button"
          className="button secondary"
          onClick={async () => {
            const outcome = await downloadChordPro(slug, song);
            if (!outcome.ok) setMessage({ kind: 'error', text: outcome.failure.message });
          }}
        >
          {t('admin.songs.export')}
        </button>
        <ConfirmButton
          label={t('admin.songs.delete')}
          title={t('admin.songs.deleteTitle', { title: song.titulo })}
          explanation={t('admin.songs.deleteExplain')}
          confirmLabel={t('admin.songs.delete')}
          cancelLabel={t('admin.shell.cancel')}
          onConfirm={async () => {
            const outcome = await removeSong(slug, song.id);
            if (outcome.ok) location.assign('/admin/songs');
            else setMessage({ kind: 'error', text: outcome.failure.message });
          }}
        />
      </div>
    </section>
  );
}

function Page(props: StaffIslandProps & { id: number | null }) {
  const t = makeT(props.strings, props.lang);
  const state = useStore($song);
  useEffect(() => {
    void loadSong(props.slug, props.id);
  }, [props.slug, props.id]);
  if (state.state === 'loading') return <Loader label={t('admin.shell.loading')} />;
  if (state.state === 'error') return <Notice kind="error">{state.message}</Notice>;
  const song = state.items;
  return (
    <>
      <h1>{song ? song.titulo : t('admin.songs.new')}</h1>
      <Editor {...props} song={song} key={props.id ?? 'new'} />
      {song && <Scores slug={props.slug} t={t} song={song} />}
      {song && <SavedActions slug={props.slug} t={t} song={song} />}
    </>
  );
}

export default function SongEditorIsland(props: StaffIslandProps & { id: number | null }) {
  return (
    <StaffGate {...props} area="songs">
      {() => <Page {...props} />}
    </StaffGate>
  );
}
