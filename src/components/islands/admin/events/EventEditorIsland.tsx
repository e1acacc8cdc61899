// /admin/events/new and /admin/events/{id} (docs/events.md "The staff side"): an event's details,
// dates and place, ticket types with their holder questions, and how it is paid; then publish,
// unpublish or duplicate. The server refuses what would break what was sold, by its field.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { churchTimeZone } from '../../../../../common/time-zone.ts';
import {
  EVENT_PAYMENT_METHODS,
  QUESTION_TYPES,
  type StaffEvent,
  type StaffEventInput,
} from '../../../../../contract/events-staff.ts';
import {
  $eventEditor,
  copyEvent,
  loadEvent,
  saveEvent,
  setEventPublished,
  uploadImage,
} from '../../../../stores/admin-events.ts';
import { StaffGate, useUnsavedWarning, type StaffIslandProps } from '../kit/index.ts';
import RichTextEditor from '../kit/RichTextEditor.tsx';
import {
  Check,
  Field,
  Loader,
  makeT,
  Notice,
  Select,
  SubmitButton,
  TextArea,
  type T,
} from '../../ui/index.ts';
import { churchCurrency } from '../../../../../contract/payment-rules.ts';
import { DoorTeam } from './DoorTeam.tsx';
import { fromZoned, toZoned } from './zoned.ts';
import './events.css';

interface QuestionForm {
  id?: string | undefined;
  titulo: string;
  tipo: (typeof QUESTION_TYPES)[number];
  obrigatorio: boolean;
  opcoes: string;
}
interface TicketForm {
  id?: number | undefined;
  nome: string;
  descricao: string;
  valor: string;
  estoque: string;
  limitePorUsuario: string;
  disponivelDe: string;
  disponivelAte: string;
  vendidos: number;
  perguntas: QuestionForm[];
}
interface EventForm {
  titulo: string;
  descricao: string;
  imagem: string | null;
  local: string;
  endereco: string;
  mapaUrl: string;
  dataInicio: string;
  dataFim: string;
  fusoHorario: string;
  moeda: string;
  flagInscricaoAberta: boolean;
  flagVisitante: boolean;
  flagJuros: boolean;
  flagAssumirTaxasServico: boolean;
  qtdeMaxParcelas: string;
  diasPagamentoDinheiro: string;
  todosMetodos: boolean;
  metodos: string[];
  ingressos: TicketForm[];
}

const emptyTicket = (): TicketForm => ({
  nome: '',
  descricao: '',
  valor: '0',
  estoque: '100',
  limitePorUsuario: '',
  disponivelDe: '',
  disponivelAte: '',
  vendidos: 0,
  perguntas: [],
});

function formOf(e: StaffEvent | null, zone: string, currency: string): EventForm {
  if (!e)
    return {
      titulo: '',
      descricao: '',
      imagem: null,
      local: '',
      endereco: '',
      mapaUrl: '',
      dataInicio: '',
      dataFim: '',
      fusoHorario: zone,
      moeda: currency,
      flagInscricaoAberta: true,
      flagVisitante: false,
      flagJuros: false,
      flagAssumirTaxasServico: false,
      qtdeMaxParcelas: '1',
      diasPagamentoDinheiro: '3',
      todosMetodos: true,
      metodos: [],
      ingressos: [emptyTicket()],
    };
  const tz = e.fusoHorario;
  return {
    titulo: e.titulo,
    descricao: e.descricao ?? '',
    imagem: e.imagem,
    local: e.local ?? '',
    endereco: e.endereco ?? '',
    mapaUrl: e.mapaUrl ?? '',
    dataInicio: toZoned(e.dataInicio, tz),
    dataFim: toZoned(e.dataFim, tz),
    fusoHorario: tz,
    moeda: e.moeda,
    flagInscricaoAberta: e.flagInscricaoAberta,
    flagVisitante: e.flagVisitante,
    flagJuros: e.flagJuros,
    flagAssumirTaxasServico: e.flagAssumirTaxasServico,
    qtdeMaxParcelas: String(e.qtdeMaxParcelas),
    diasPagamentoDinheiro: String(e.diasPagamentoDinheiro),
    todosMetodos: e.metodosPagamento === null,
    metodos: e.metodosPagamento ?? [],
    ingressos: e.ingressos.map((k) => ({
      id: k.id,
      nome: k.nome,
      descricao: k.descricao ?? '',
      valor: String(k.valor),
      estoque: String(k.estoque),
      limitePorUsuario: k.limitePorUsuario === null ? '' : String(k.limitePorUsuario),
      disponivelDe: toZoned(k.disponivelDe, tz),
      disponivelAte: toZoned(k.disponivelAte, tz),
      vendidos: k.vendidos,
      perguntas: k.perguntas.map((q) => ({
        id: q.id,
        titulo: q.titulo,
        tipo: q.tipo,
        obrigatorio: q.obrigatorio,
        opcoes: q.opcoes.join('\n'),
      })),
    })),
  };
}

function inputOf(f: EventForm, versao: number | undefined): StaffEventInput {
  const tz = f.fusoHorario;
  return {
    titulo: f.titulo,
    descricao: f.descricao,
    imagem: f.imagem,
    local: f.local,
    endereco: f.endereco,
    mapaUrl: f.mapaUrl,
    dataInicio: fromZoned(f.dataInicio, tz),
    dataFim: fromZoned(f.dataFim, tz),
    fusoHorario: tz,
    moeda: f.moeda.trim().toUpperCase(),
    flagInscricaoAberta: f.flagInscricaoAberta,
    flagVisitante: f.flagVisitante,
    flagJuros: f.flagJuros,
    flagAssumirTaxasServico: f.flagAssumirTaxasServico,
    qtdeMaxParcelas: f.qtdeMaxParcelas as never,
    diasPagamentoDinheiro: f.diasPagamentoDinheiro as never,
    metodosPagamento: f.todosMetodos ? null : (f.metodos as never),
    ingressos: f.ingressos.map((k) => ({
      ...(k.id ? { id: k.id } : {}),
      nome: k.nome,
      descricao: k.descricao,
      valor: k.valor.replace(',', '.') as never,
      estoque: k.estoque as never,
      limitePorUsuario: k.limitePorUsuario as never,
      disponivelDe: fromZoned(k.disponivelDe, tz),
      disponivelAte: fromZoned(k.disponivelAte, tz),
      perguntas: k.perguntas.map((q) => ({
        ...(q.id ? { id: q.id } : {}),
        titulo: q.titulo,
        tipo: q.tipo,
        obrigatorio: q.obrigatorio,
        opcoes:
          q.tipo === 'select'
            ? q.opcoes
                .split('\n')
                .map((o) => o.trim())
                .filter(Boolean)
            : [],
      })),
    })),
    ...(versao ? { versao } : {}),
  };
}

function TicketFields({
  k,
  i,
  t,
  errors,
  onChange,
  onRemove,
}: {
  k: TicketForm;
  i: number;
  t: T;
  errors: Record<string, string[]>;
  onChange: (k: TicketForm) => void;
  onRemove: () => void;
}) {
  const err = (f: string) => errors[`ingressos.${i}.${f}`]?.[0];
  const set = (patch: Partial<TicketForm>) => onChange({ ...k, ...patch });
  const setQuestion = (j: number, patch: Partial<QuestionForm>) =>
    set({ perguntas: k.perguntas.map((q, n) => (n === j ? { ...q, ...patch } : q)) });
  return (
    <fieldset className="events-ticket">
      <legend>{k.nome || t('admin.events.ticket.untitled', { n: i + 1 })}</legend>
      {k.vendidos > 0 && (
        <p className="events-hint">{t('admin.events.ticket.sold', { count: k.vendidos })}</p>
      )}
      {err('id') && <Notice kind="error">{err('id')}</Notice>}
      <div className="events-grid">
        <Field
          label={t('admin.events.ticket.name')}
          name={`ingresso-${i}-nome`}
          value={k.nome}
          onChange={(nome) => set({ nome })}
          error={err('nome')}
          required
          maxLength={120}
        />
        <Field
          label={t('admin.events.ticket.price')}
          name={`ingresso-${i}-valor`}
          inputMode="text"
          value={k.valor}
          onChange={(valor) => set({ valor })}
          error={err('valor')}
          required
        />
        <Field
          label={t('admin.events.ticket.stock')}
          name={`ingresso-${i}-estoque`}
          type="number"
          value={k.estoque}
          onChange={(estoque) => set({ estoque })}
          error={err('estoque')}
          required
        />
        <Field
          label={t('admin.events.ticket.limit')}
          name={`ingresso-${i}-limite`}
          type="number"
          value={k.limitePorUsuario}
          onChange={(limitePorUsuario) => set({ limitePorUsuario })}
          error={err('limitePorUsuario')}
          hint={t('admin.events.ticket.limitHint')}
        />
        <Field
          label={t('admin.events.ticket.from')}
          name={`ingresso-${i}-de`}
          type="datetime-local"
          value={k.disponivelDe}
          onChange={(disponivelDe) => set({ disponivelDe })}
          error={err('disponivelDe')}
        />
        <Field
          label={t('admin.events.ticket.until')}
          name={`ingresso-${i}-ate`}
          type="datetime-local"
          value={k.disponivelAte}
          onChange={(disponivelAte) => set({ disponivelAte })}
          error={err('disponivelAte')}
        />
      </div>
      <Field
        label={t('admin.events.ticket.description')}
        name={`ingresso-${i}-descricao`}
        value={k.descricao}
        onChange={(descricao) => set({ descricao })}
        error={err('descricao')}
        maxLength={500}
      />
      <h2 className="events-subhead">{t('admin.events.questions')}</h2>
      {k.perguntas.length === 0 && (
        <p className="events-hint">{t('admin.events.questions.none')}</p>
      )}
      {k.perguntas.map((q, j) => {
        const qerr = (f: string) => err(`perguntas.${j}.${f}`);
        return (
          <div key={j} className="events-question">
            <Field
              label={t('admin.events.question.title', { n: j + 1 })}
              name={`ingresso-${i}-pergunta-${j}`}
              value={q.titulo}
              onChange={(titulo) => setQuestion(j, { titulo })}
              error={qerr('titulo')}
              required
              maxLength={200}
            />
            <Select
              label={t('admin.events.question.type')}
              name={`ingresso-${i}-pergunta-${j}-tipo`}
              value={q.tipo}
              options={QUESTION_TYPES.map((v) => ({
                value: v,
                label: t(`admin.events.question.type.${v}`),
              }))}
              onChange={(tipo) => setQuestion(j, { tipo: tipo as QuestionForm['tipo'] })}
              error={qerr('tipo')}
            />
            {q.tipo === 'select' && (
              <TextArea
                label={t('admin.events.question.options')}
                name={`ingresso-${i}-pergunta-${j}-opcoes`}
                value={q.opcoes}
                onChange={(opcoes) => setQuestion(j, { opcoes })}
                rows={3}
                error={qerr('opcoes')}
                hint={t('admin.events.question.optionsHint')}
              />
            )}
            <Check
              name={`ingresso-${i}-pergunta-${j}-obrigatorio`}
              label={t('admin.events.question.required')}
              checked={q.obrigatorio}
              onChange={(obrigatorio) => setQuestion(j, { obrigatorio })}
            />
            <button
              type="button"
              className="button secondary"
              onClick={() => set({ perguntas: k.perguntas.filter((_, n) => n !== j) })}
            >
              {t('admin.events.question.remove', { n: j + 1 })}
            </button>
          </div>
        );
      })}
      <p className="events-actions">
        <button
          type="button"
          className="button secondary"
          onClick={() =>
            set({
              perguntas: [
                ...k.perguntas,
                { titulo: '', tipo: 'text', obrigatorio: false, opcoes: '' },
              ],
            })
          }
        >
          {t('admin.events.question.add')}
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={onRemove}
          disabled={k.vendidos > 0}
          title={k.vendidos > 0 ? t('admin.events.ticket.cannotRemove') : undefined}
        >
          {t('admin.events.ticket.remove', { name: k.nome || String(i + 1) })}
        </button>
      </p>
    </fieldset>
  );
}

function Editor({ church, slug, strings, lang, id }: StaffIslandProps & { id: number | null }) {
  const t = makeT(strings, lang);
  const editor = useStore($eventEditor);
  const saved = editor.state === 'ready' ? editor.data : null;
  // A new event starts in the phone's zone; a phone set to UTC gets the zone of the church's country.
  const churchZone = churchTimeZone(church.pais, lang);
  const browserZone = useMemo(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && zone !== 'UTC' && !zone.startsWith('Etc/')) return zone;
    return churchZone;
  }, [churchZone]);
  const [form, setForm] = useState<EventForm | null>(null);
  const [pristine, setPristine] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadEvent(slug, id);
  }, [slug, id]);
  useEffect(() => {
    if (editor.state !== 'ready') return;
    const f = formOf(editor.data, browserZone, churchCurrency(church.pais));
    setForm(f);
    setPristine(JSON.stringify(f));
  }, [editor.state === 'ready' ? editor.data : undefined]);
  const dirty = form !== null && JSON.stringify(form) !== pristine;
  useUnsavedWarning(dirty && !busy, t('admin.shell.unsaved'));

  if (editor.state === 'error') return <Notice kind="error">{editor.message}</Notice>;
  if (!form) return <Loader label={t('admin.shell.loading')} />;
  const set = (patch: Partial<EventForm>) => setForm({ ...form, ...patch });
  const err = (f: string) => errors[f]?.[0];

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    const outcome = await saveEvent(slug, id, inputOf(form, saved?.versao));
    setBusy(false);
    if ('failure' in outcome) {
      setErrors(outcome.failure.errors);
      setMessage({ kind: 'error', text: outcome.failure.message });
      return;
    }
    setErrors({});
    const next = formOf(outcome.ok, browserZone, churchCurrency(church.pais));
    setForm(next);
    setPristine(JSON.stringify(next));
    if (id === null) {
      location.assign(`/admin/events/${outcome.ok.id}?criado=1`);
      return;
    }
    setMessage({ kind: 'ok', text: t('admin.events.saved') });
  };

  const justCreated = typeof location !== 'undefined' && location.search.includes('criado=1');
  return (
    <form className="events-editor" onSubmit={submit} noValidate>
      <div className="events-head">
        <h1>
          {id === null ? t('admin.events.newTitle') : saved?.titulo || t('admin.events.editTitle')}
        </h1>
        {saved && (
          <span className={`events-badge ${saved.publicado ? 'on' : 'off'}`}>
            {t(saved.publicado ? 'admin.events.published' : 'admin.events.draft')}
          </span>
        )}
      </div>
      <p>
        <a href="/admin/events">{t('admin.events.back')}</a>
        {saved && (
          <>
            {' · '}
            <a href={`/admin/events/${saved.id}/registrations`}>
              {t('admin.events.registrations')}
            </a>
            {' · '}
            <a href={`/admin/events/${saved.id}/checkin`}>{t('admin.events.checkin')}</a>
          </>
        )}
      </p>
      {saved && (
        <div className="events-actions">
          <button
            type="button"
            className="button secondary"
            disabled={busy || dirty}
            title={dirty ? t('admin.events.saveFirst') : undefined}
            onClick={async () => {
              setBusy(true);
              const failure = await setEventPublished(slug, saved.id, !saved.publicado);
              setBusy(false);
              setMessage(
                failure
                  ? { kind: 'error', text: failure.message }
                  : {
                      kind: 'ok',
                      text: t(
                        saved.publicado
                          ? 'admin.events.unpublishedDone'
                          : 'admin.events.publishedDone',
                      ),
                    },
              );
            }}
          >
            {t(saved.publicado ? 'admin.events.unpublish' : 'admin.events.publish')}
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              const copy = await copyEvent(slug, saved.id);
              setBusy(false);
              if ('failure' in copy) setMessage({ kind: 'error', text: copy.failure.message });
              else location.assign(`/admin/events/${copy.ok.id}`);
            }}
          >
            {t('admin.events.duplicate')}
          </button>
        </div>
      )}
      {justCreated && !message && <Notice kind="ok">{t('admin.events.created')}</Notice>}
      <fieldset>
        <legend>{t('admin.events.section.about')}</legend>
        <Field
          label={t('admin.events.field.title')}
          name="titulo"
          value={form.titulo}
          onChange={(titulo) => set({ titulo })}
          error={err('titulo')}
          required
          maxLength={200}
        />
        <RichTextEditor
          label={t('admin.events.field.description')}
          value={form.descricao}
          onChange={(descricao) => set({ descricao })}
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
              onChange={async (e) => {
                const file = e.currentTarget.files?.[0];
                if (!file) return;
                const up = await uploadImage(slug, file);
                if ('failure' in up) setErrors({ ...errors, imagem: [up.failure.message] });
                else {
                  set({ imagem: up.url });
                  setErrors({ ...errors, imagem: [] });
                }
              }}
            />
          </label>
          {err('imagem') && <Notice kind="error">{err('imagem')}</Notice>}
          {form.imagem && (
            <button
              type="button"
              className="button secondary"
              onClick={() => set({ imagem: null })}
            >
              {t('admin.events.field.imageRemove')}
            </button>
          )}
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('admin.events.section.when')}</legend>
        <div className="events-grid">
          <Field
            label={t('admin.events.field.start')}
            name="dataInicio"
            type="datetime-local"
            value={form.dataInicio}
            onChange={(dataInicio) => set({ dataInicio })}
            error={err('dataInicio')}
            required
          />
          <Field
            label={t('admin.events.field.end')}
            name="dataFim"
            type="datetime-local"
            value={form.dataFim}
            onChange={(dataFim) => set({ dataFim })}
            error={err('dataFim')}
            required
          />
          <Field
            label={t('admin.events.field.timeZone')}
            name="fusoHorario"
            value={form.fusoHorario}
            onChange={(fusoHorario) => set({ fusoHorario })}
            error={err('fusoHorario')}
            hint={t('admin.events.field.timeZoneHint', { example: churchZone })}
          />
          <Field
            label={t('admin.events.field.place')}
            name="local"
            value={form.local}
            onChange={(local) => set({ local })}
            error={err('local')}
            maxLength={200}
          />
          <Field
            label={t('admin.events.field.address')}
            name="endereco"
            value={form.endereco}
            onChange={(endereco) => set({ endereco })}
            error={err('endereco')}
            maxLength={300}
          />
          <Field
            label={t('admin.events.field.map')}
            name="mapaUrl"
            type="url"
            value={form.mapaUrl}
            onChange={(mapaUrl) => set({ mapaUrl })}
            error={err('mapaUrl')}
            hint={t('admin.events.field.mapHint')}
          />
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('admin.events.section.tickets')}</legend>
        {err('ingressos') && <Notice kind="error">{err('ingressos')}</Notice>}
        {form.ingressos.map((k, i) => (
          <TicketFields
            key={k.id ?? `new-${i}`}
            k={k}
            i={i}
            t={t}
            errors={errors}
            onChange={(next) =>
              set({ ingressos: form.ingressos.map((x, n) => (n === i ? next : x)) })
            }
            onRemove={() => set({ ingressos: form.ingressos.filter((_, n) => n !== i) })}
          />
        ))}
        <button
          type="button"
          className="button secondary"
          onClick={() => set({ ingressos: [...form.ingressos, emptyTicket()] })}
        >
          {t('admin.events.ticket.add')}
        </button>
      </fieldset>

      <fieldset>
        <legend>{t('admin.events.section.payment')}</legend>
        <Check
          name="flagInscricaoAberta"
          label={t('admin.events.field.open')}
          checked={form.flagInscricaoAberta}
          onChange={(flagInscricaoAberta) => set({ flagInscricaoAberta })}
        />
        <Check
          name="flagVisitante"
          label={t('admin.events.field.visitors')}
          checked={form.flagVisitante}
          onChange={(flagVisitante) => set({ flagVisitante })}
        />
        <Check
          name="todosMetodos"
          label={t('admin.events.field.allMethods')}
          checked={form.todosMetodos}
          onChange={(todosMetodos) => set({ todosMetodos })}
        />
        {!form.todosMetodos && (
          <fieldset className="events-methods">
            <legend>{t('admin.events.field.methods')}</legend>
            {EVENT_PAYMENT_METHODS.map((m) => (
              <Check
                key={m}
                name={`metodo-${m}`}
                label={t(`admin.events.method.${m}`)}
                checked={form.metodos.includes(m)}
                onChange={(on) =>
                  set({ metodos: on ? [...form.metodos, m] : form.metodos.filter((x) => x !== m) })
                }
              />
            ))}
            {err('metodosPagamento') && <Notice kind="error">{err('metodosPagamento')}</Notice>}
          </fieldset>
        )}
        <div className="events-grid">
          <Field
            label={t('admin.events.field.currency')}
            name="moeda"
            value={form.moeda}
            onChange={(moeda) => set({ moeda })}
            error={err('moeda')}
            maxLength={3}
          />
          <Field
            label={t('admin.events.field.installments')}
            name="qtdeMaxParcelas"
            type="number"
            value={form.qtdeMaxParcelas}
            onChange={(qtdeMaxParcelas) => set({ qtdeMaxParcelas })}
            error={err('qtdeMaxParcelas')}
          />
          <Field
            label={t('admin.events.field.cashDays')}
            name="diasPagamentoDinheiro"
            type="number"
            value={form.diasPagamentoDinheiro}
            onChange={(diasPagamentoDinheiro) => set({ diasPagamentoDinheiro })}
            error={err('diasPagamentoDinheiro')}
          />
        </div>
        <Check
          name="flagJuros"
          label={t('admin.events.field.interest')}
          checked={form.flagJuros}
          onChange={(flagJuros) => set({ flagJuros })}
        />
        <Check
          name="flagAssumirTaxasServico"
          label={t('admin.events.field.churchPaysFees')}
          checked={form.flagAssumirTaxasServico}
          onChange={(flagAssumirTaxasServico) => set({ flagAssumirTaxasServico })}
        />
      </fieldset>

      <div className="events-save">
        {message && <Notice kind={message.kind}>{message.text}</Notice>}
        <SubmitButton
          submitting={busy}
          label={t('admin.events.save')}
          busyLabel={t('admin.events.saving')}
        />
      </div>
    </form>
  );
}

export default function EventEditorIsland(props: StaffIslandProps & { id: number | null }) {
  return (
    <StaffGate {...props} area="events">
      {() => (
        <>
          <Editor {...props} />
          {props.id !== null && (
            <DoorTeam slug={props.slug} id={props.id} t={makeT(props.strings, props.lang)} />
          )}
        </>
      )}
    </StaffGate>
  );
}
