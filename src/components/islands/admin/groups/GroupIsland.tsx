// /admin/groups/{id} and /admin/groups/new (docs/staff.md "Groups"): the group's form (name,
// leader, address, day and time, description, open or full, active), its members (add, remove),
// join requests (accept, decline: the member is told as by the leader) and attendance history.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { StaffGroup, StaffGroupPerson } from '../../../../../contract/groups-staff.ts';
import { formatDate, longDate, type Lang } from '../../../../../common/format.ts';
import type { GroupForm } from '../../../../lib/staff/groups-api.ts';
import {
  $group,
  addGroupMember,
  answerGroupRequest,
  loadGroup,
  removeGroupMember,
  saveGroup,
  searchPeople,
} from '../../../../stores/admin-groups.ts';
import {
  ConfirmButton,
  StaffGate,
  useUnsavedWarning,
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
  SubmitButton,
  TextArea,
  type T,
} from '../../ui/index.ts';
import { WEEK, weekdayName } from './weekday.ts';
import './groups.css';

type Message = { kind: 'ok' | 'error'; text: string } | null;

const EMPTY: GroupForm = {
  nome: '',
  descricao: null,
  idLider: null,
  diaSemana: 3,
  horario: '20:00',
  logradouro: null,
  numero: null,
  complemento: null,
  bairro: null,
  cidade: null,
  estado: null,
  cep: null,
  aberta: true,
  ativo: true,
};

function formOf(g: StaffGroup['grupo']): GroupForm {
  return {
    nome: g.nome,
    descricao: g.descricao,
    idLider: g.lider?.id ?? null,
    diaSemana: g.diaSemana,
    horario: g.horario,
    logradouro: g.logradouro,
    numero: g.numero,
    complemento: g.complemento,
    bairro: g.bairro,
    cidade: g.cidade,
    estado: g.estado,
    cep: g.cep,
    aberta: g.aberta,
    ativo: g.ativo,
  };
}

/** Finds active members of the church by name or e-mail and hands the chosen one back. */
function PersonPicker({
  slug,
  label,
  action,
  t,
  onPick,
}: {
  slug: string;
  label: string;
  action: string;
  t: T;
  onPick: (p: StaffGroupPerson) => void;
}) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<StaffGroupPerson[] | null>(null);
  const [busy, setBusy] = useState(false);
  async function find() {
    if (!query.trim()) return;
    setBusy(true);
    try {
      setFound(await searchPeople(slug, query.trim()));
    } catch {
      setFound([]);
    }
    setBusy(false);
  }
  return (
    <div>
      <div className="groups-admin-picker">
        <Field
          label={label}
          name="busca-pessoa"
          type="search"
          value={query}
          maxLength={100}
          onChange={setQuery}
        />
        <button
          type="button"
          className="button secondary"
          disabled={busy}
          onClick={find}
          onKeyDown={(e) => e.key === 'Enter' && find()}
        >
          {t('admin.groups.find')}
        </button>
      </div>
      {found && (
        <ul className="groups-admin-list" aria-live="polite">
          {found.length === 0 && <li>{t('admin.groups.nobodyFound')}</li>}
          {found.map((p) => (
            <li key={p.id}>
              <span>
                {p.nome} <small className="groups-admin-muted">{p.email}</small>
              </span>
              <button
                type="button"
                className="button secondary"
                onClick={() => {
                  onPick(p);
                  setFound(null);
                  setQuery('');
                }}
              >
                {action} <span className="visually-hidden">{p.nome}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function GroupFormView({
  slug,
  id,
  group,
  lang,
  t,
}: {
  slug: string;
  id: number | null;
  group: StaffGroup['grupo'] | null;
  lang: Lang;
  t: T;
}) {
  const initial = group ? formOf(group) : EMPTY;
  const [form, setForm] = useState<GroupForm>(initial);
  const [leader, setLeader] = useState<{ id: number; nome: string } | null>(group?.lider ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message>(null);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  useUnsavedWarning(dirty && !saving, t('admin.groups.unsaved'));
  const set = <K extends keyof GroupForm>(key: K, value: GroupForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof GroupForm) => (form[key] as string | null) ?? '';
  const setText = (key: keyof GroupForm) => (v: string) => set(key, (v || null) as never);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    setMessage(null);
    const answer = await saveGroup(slug, id, { ...form, nome: form.nome.trim() });
    if ('status' in answer) {
      setSaving(false);
      setErrors(firstErrors(answer.errors));
      setMessage({ kind: 'error', text: answer.message });
      return;
    }
    setErrors({});
    // Still "saving" while the new group's page opens, so leaving asks nothing.
    if (!id) return location.assign(`/admin/groups/${answer.id}?criado=1`);
    setSaving(false);
    setMessage({ kind: 'ok', text: t('admin.groups.saved') });
  }

  const field = (key: keyof GroupForm, label: string, max: number) => (
    <Field
      label={label}
      name={key}
      value={text(key)}
      maxLength={max}
      error={errors[key]}
      onChange={setText(key)}
    />
  );

  return (
    <form className="groups-admin-form" onSubmit={submit} noValidate>
      <Field
        label={t('admin.groups.name')}
        name="nome"
        value={form.nome}
        maxLength={120}
        required
        error={errors.nome}
        onChange={(v) => set('nome', v)}
      />
      <fieldset>
        <legend>{t('admin.groups.leader')}</legend>
        <p className="groups-admin-picked" aria-live="polite">
          {leader ? leader.nome : t('admin.groups.noLeader')}{' '}
          {leader && (
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                setLeader(null);
                set('idLider', null);
              }}
            >
              {t('admin.groups.removeLeader')}
            </button>
          )}
        </p>
        {errors.idLider && <Notice kind="error">{errors.idLider}</Notice>}
        <PersonPicker
          slug={slug}
          label={t('admin.groups.findLeader')}
          action={t('admin.groups.chooseLeader')}
          t={t}
          onPick={(p) => {
            setLeader(p);
            set('idLider', p.id);
          }}
        />
      </fieldset>
      <div className="groups-admin-row">
        <Select
          label={t('admin.groups.day')}
          name="diaSemana"
          value={String(form.diaSemana)}
          options={WEEK.map((d) => ({
            value: String(d),
            label: weekdayName(d, lang),
          }))}
          onChange={(v) => set('diaSemana', Number(v))}
        />
        <Field
          label={t('admin.groups.time')}
          name="horario"
          type="time"
          value={form.horario}
          error={errors.horario}
          onChange={(v) => set('horario', v)}
        />
      </div>
      <TextArea
        label={t('admin.groups.description')}
        name="descricao"
        value={text('descricao')}
        rows={3}
        max={2000}
        error={errors.descricao}
        onChange={setText('descricao')}
      />
      <fieldset>
        <legend>{t('admin.groups.address')}</legend>
        <div className="groups-admin-row">
          {field('logradouro', t('admin.groups.street'), 200)}
          {field('numero', t('admin.groups.number'), 20)}
          {field('complemento', t('admin.groups.complement'), 100)}
          {field('bairro', t('admin.groups.neighborhood'), 100)}
          {field('cidade', t('admin.groups.city'), 100)}
          {field('estado', t('admin.groups.region'), 50)}
          {field('cep', t('admin.groups.zip'), 20)}
        </div>
      </fieldset>
      <Check
        name="aberta"
        label={t('admin.groups.openLabel')}
        hint={t('admin.groups.openHint')}
        checked={form.aberta}
        onChange={(v) => set('aberta', v)}
      />
      <Check
        name="ativo"
        label={t('admin.groups.activeLabel')}
        hint={t('admin.groups.activeHint')}
        checked={form.ativo}
        onChange={(v) => set('ativo', v)}
      />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <div className="staff-actions">
        <SubmitButton
          submitting={saving}
          label={id ? t('admin.groups.save') : t('admin.groups.create')}
          busyLabel={t('admin.groups.saving')}
        />
      </div>
    </form>
  );
}

function Members({ slug, data, lang, t }: { slug: string; data: StaffGroup; lang: Lang; t: T }) {
  const [message, setMessage] = useState<Message>(null);
  const id = data.grupo.id;
  const done = (failure: { message: string } | null, ok: string) =>
    setMessage(failure ? { kind: 'error', text: failure.message } : { kind: 'ok', text: ok });
  return (
    <section aria-labelledby="group-members">
      <h2 id="group-members">
        {t('admin.groups.members')} ({data.membros.length})
      </h2>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {data.membros.length === 0 ? (
        <p>{t('admin.groups.noMembers')}</p>
      ) : (
        <ul className="groups-admin-list">
          {data.membros.map((m) => (
            <li key={m.id}>
              <span>
                {m.nome}{' '}
                <small className="groups-admin-muted">
                  {t('admin.groups.since', { date: formatDate(m.desde, lang) })}
                </small>
              </span>
              <ConfirmButton
                label={t('admin.groups.remove')}
                title={t('admin.groups.removeTitle', { name: m.nome })}
                explanation={t('admin.groups.removeExplain')}
                confirmLabel={t('admin.groups.remove')}
                cancelLabel={t('admin.groups.cancel')}
                className="button secondary"
                onConfirm={async () =>
                  done(
                    await removeGroupMember(slug, id, m.id),
                    t('admin.groups.removed', { name: m.nome }),
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      <PersonPicker
        slug={slug}
        label={t('admin.groups.findMember')}
        action={t('admin.groups.add')}
        t={t}
        onPick={async (p) =>
          done(await addGroupMember(slug, id, p.id), t('admin.groups.added', { name: p.nome }))
        }
      />
    </section>
  );
}

function Requests({ slug, data, lang, t }: { slug: string; data: StaffGroup; lang: Lang; t: T }) {
  const [message, setMessage] = useState<Message>(null);
  const id = data.grupo.id;
  async function answer(requestId: number, acao: 'aceitar' | 'recusar', name: string) {
    const failure = await answerGroupRequest(slug, id, requestId, acao);
    setMessage(
      failure
        ? { kind: 'error', text: failure.message }
        : {
            kind: 'ok',
            text: t(acao === 'aceitar' ? 'admin.groups.accepted' : 'admin.groups.declined', {
              name,
            }),
          },
    );
  }
  return (
    <section aria-labelledby="group-requests">
      <h2 id="group-requests">{t('admin.groups.requests')}</h2>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {data.solicitacoes.length === 0 ? (
        <p>{t('admin.groups.noRequests')}</p>
      ) : (
        <ul className="groups-admin-list">
          {data.solicitacoes.map((r) => (
            <li key={r.id}>
              <span>
                {r.usuario.nome}{' '}
                <small className="groups-admin-muted">{formatDate(r.dataCadastro, lang)}</small>
                {r.mensagem && <span className="groups-admin-muted"> — “{r.mensagem}”</span>}
              </span>
              {r.situacao === 'pendente' ? (
                <span className="staff-actions">
                  <button
                    type="button"
                    className="button"
                    onClick={() => answer(r.id, 'aceitar', r.usuario.nome)}
                  >
                    {t('admin.groups.accept')}
                    <span className="visually-hidden"> {r.usuario.nome}</span>
                  </button>
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() => answer(r.id, 'recusar', r.usuario.nome)}
                  >
                    {t('admin.groups.decline')}
                    <span className="visually-hidden"> {r.usuario.nome}</span>
                  </button>
                </span>
              ) : (
                <span className="staff-badge">{t(`admin.groups.request.${r.situacao}`)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Attendance({ data, lang, t }: { data: StaffGroup; lang: Lang; t: T }) {
  const { membros, reunioes } = data.presenca;
  const names = new Map(membros.map((m) => [m.id, m.nome]));
  return (
    <section aria-labelledby="group-attendance">
      <h2 id="group-attendance">{t('admin.groups.attendance')}</h2>
      {reunioes.length === 0 ? (
        <p>{t('admin.groups.noMeetings')}</p>
      ) : (
        <>
          <h3>{t('admin.groups.perPerson')}</h3>
          <ul className="groups-admin-list">
            {membros.map((m) => (
              <li key={m.id}>
                <span>{m.nome}</span>
                <span>
                  {t('admin.groups.attended', { count: m.presencas, total: reunioes.length })}
                </span>
              </li>
            ))}
          </ul>
          <h3>{t('admin.groups.perMeeting')}</h3>
          <ul className="groups-admin-list">
            {reunioes.map((r) => (
              <li key={r.id}>
                <details>
                  <summary>
                    {longDate(r.data, lang)} — {r.tema} (
                    {t('admin.groups.present', { count: r.qtdePresentes })})
                  </summary>
                  <p>
                    {r.presentes.map((p) => names.get(p) ?? t('admin.groups.former')).join(', ') ||
                      '—'}
                  </p>
                </details>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function GroupPage({ slug, strings, lang, id }: StaffIslandProps & { id: number | null }) {
  const t = makeT(strings, lang);
  const group = useStore($group);
  useEffect(() => {
    if (id) void loadGroup(slug, id);
  }, [slug, id]);
  const back = (
    <p>
      <a href="/admin/groups">{t('admin.groups.back')}</a>
    </p>
  );
  if (!id)
    return (
      <>
        {back}
        <h1>{t('admin.groups.new')}</h1>
        <GroupFormView slug={slug} id={null} group={null} lang={lang} t={t} />
      </>
    );
  if (group.state === 'error')
    return (
      <>
        {back}
        <h1>{t('admin.groups.group')}</h1>
        <Notice kind="error">{group.message}</Notice>
      </>
    );
  const data = group.data;
  if (!data || data.grupo.id !== id) return <Loader label={t('admin.groups.loading')} />;
  const created = new URLSearchParams(location.search).has('criado');
  return (
    <>
      {back}
      <h1>
        {data.grupo.nome}{' '}
        {!data.grupo.ativo && <span className="staff-badge">{t('admin.groups.inactive')}</span>}
      </h1>
      {created && <Notice kind="ok">{t('admin.groups.created')}</Notice>}
      <GroupFormView key={data.grupo.id} slug={slug} id={id} group={data.grupo} lang={lang} t={t} />
      <div className="groups-admin-sections">
        <Members slug={slug} data={data} lang={lang} t={t} />
        <Requests slug={slug} data={data} lang={lang} t={t} />
      </div>
      <Attendance data={data} lang={lang} t={t} />
    </>
  );
}

export default function GroupIsland(props: StaffIslandProps & { id: number | null }) {
  return (
    <StaffGate {...props} area="groups">
      {() => <GroupPage {...props} />}
    </StaffGate>
  );
}
