// One ticket type of the editor: name, price, stock, limit, when it is on sale, its description
// and the questions each holder answers. A ticket already sold cannot be removed.
import { QUESTION_TYPES } from '../../../../../../contract/events-staff.ts';
import {
  addQuestion,
  editQuestion,
  editTicket,
  removeQuestion,
  removeTicket,
  type QuestionForm,
} from '../../../../../stores/admin-events.ts';
import { Check, Field, Notice, Select, TextArea, type T } from '../../../ui/index.ts';
import { useEventForm } from './use-event-form.ts';

export function TicketFields({ i, t }: { i: number; t: T }) {
  const { form, err: formErr } = useEventForm();
  const k = form.ingressos[i]!;
  const err = (f: string) => formErr(`ingressos.${i}.${f}`);
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
          onChange={(nome) => editTicket(i, { nome })}
          error={err('nome')}
          required
          maxLength={120}
        />
        <Field
          label={t('admin.events.ticket.price')}
          name={`ingresso-${i}-valor`}
          inputMode="text"
          value={k.valor}
          onChange={(valor) => editTicket(i, { valor })}
          error={err('valor')}
          required
        />
        <Field
          label={t('admin.events.ticket.stock')}
          name={`ingresso-${i}-estoque`}
          type="number"
          value={k.estoque}
          onChange={(estoque) => editTicket(i, { estoque })}
          error={err('estoque')}
          required
        />
        <Field
          label={t('admin.events.ticket.limit')}
          name={`ingresso-${i}-limite`}
          type="number"
          value={k.limitePorUsuario}
          onChange={(limitePorUsuario) => editTicket(i, { limitePorUsuario })}
          error={err('limitePorUsuario')}
          hint={t('admin.events.ticket.limitHint')}
        />
        <Field
          label={t('admin.events.ticket.from')}
          name={`ingresso-${i}-de`}
          type="datetime-local"
          value={k.disponivelDe}
          onChange={(disponivelDe) => editTicket(i, { disponivelDe })}
          error={err('disponivelDe')}
        />
        <Field
          label={t('admin.events.ticket.until')}
          name={`ingresso-${i}-ate`}
          type="datetime-local"
          value={k.disponivelAte}
          onChange={(disponivelAte) => editTicket(i, { disponivelAte })}
          error={err('disponivelAte')}
        />
      </div>
      <Field
        label={t('admin.events.ticket.description')}
        name={`ingresso-${i}-descricao`}
        value={k.descricao}
        onChange={(descricao) => editTicket(i, { descricao })}
        error={err('descricao')}
        maxLength={500}
      />
      <h2 className="events-subhead">{t('admin.events.questions')}</h2>
      {k.perguntas.length === 0 && (
        <p className="events-hint">{t('admin.events.questions.none')}</p>
      )}
      {k.perguntas.map((q, j) => (
        <QuestionFields key={j} q={q} i={i} j={j} t={t} err={(f) => err(`perguntas.${j}.${f}`)} />
      ))}
      <p className="events-actions">
        <button type="button" className="button secondary" onClick={() => addQuestion(i)}>
          {t('admin.events.question.add')}
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => removeTicket(i)}
          disabled={k.vendidos > 0}
          title={k.vendidos > 0 ? t('admin.events.ticket.cannotRemove') : undefined}
        >
          {t('admin.events.ticket.remove', { name: k.nome || String(i + 1) })}
        </button>
      </p>
    </fieldset>
  );
}

function QuestionFields({
  q,
  i,
  j,
  t,
  err,
}: {
  q: QuestionForm;
  i: number;
  j: number;
  t: T;
  err: (field: string) => string | undefined;
}) {
  return (
    <div className="events-question">
      <Field
        label={t('admin.events.question.title', { n: j + 1 })}
        name={`ingresso-${i}-pergunta-${j}`}
        value={q.titulo}
        onChange={(titulo) => editQuestion(i, j, { titulo })}
        error={err('titulo')}
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
        onChange={(tipo) => editQuestion(i, j, { tipo: tipo as QuestionForm['tipo'] })}
        error={err('tipo')}
      />
      {q.tipo === 'select' && (
        <TextArea
          label={t('admin.events.question.options')}
          name={`ingresso-${i}-pergunta-${j}-opcoes`}
          value={q.opcoes}
          onChange={(opcoes) => editQuestion(i, j, { opcoes })}
          rows={3}
          error={err('opcoes')}
          hint={t('admin.events.question.optionsHint')}
        />
      )}
      <Check
        name={`ingresso-${i}-pergunta-${j}-obrigatorio`}
        label={t('admin.events.question.required')}
        checked={q.obrigatorio}
        onChange={(obrigatorio) => editQuestion(i, j, { obrigatorio })}
      />
      <button type="button" className="button secondary" onClick={() => removeQuestion(i, j)}>
        {t('admin.events.question.remove', { n: j + 1 })}
      </button>
    </div>
  );
}
