// /admin/gateways (docs/payments.md "Connecting a gateway"): which gateway takes each method, and
// each gateway's mode (sandbox or live) and credentials. A stored credential shows only its last
// four characters; a field left blank keeps it. The webhook address to give the gateway is shown.
// The church's Pix key (with its type) is entered here too: it receives the Pix codes we build.
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import {
  GATEWAY_IDS,
  type GatewayAccount,
  type GatewayAccounts,
} from '../../../../../contract/gateways.ts';
import { PIX_KEY_TYPES, type PixKeyType } from '../../../../../contract/pix-key.ts';
import {
  $gateways,
  loadGateways,
  saveChurchPixKey,
  saveGatewayAccount,
  saveMethods,
} from '../../../../stores/admin-gateways.ts';
import { StaffGate, useUnsavedWarning, type StaffIslandProps } from '../kit/index.ts';
import {
  Field,
  firstErrors,
  Loader,
  makeT,
  Notice,
  Select,
  SubmitButton,
  type T,
} from '../../ui/index.ts';

function GatewayForm({ slug, t, account }: { slug: string; t: T; account: GatewayAccount }) {
  const [mode, setMode] = useState(account.modo);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = mode !== account.modo || Object.values(values).some(Boolean);
  useUnsavedWarning(dirty, t('admin.gateways.unsaved'));
  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    const failure = await saveGatewayAccount(slug, account.gateway, {
      modo: mode,
      credenciais: values,
    });
    setSaving(false);
    if (failure) {
      setErrors(firstErrors(failure.errors));
      setNotice({ kind: 'error', text: failure.message });
      return;
    }
    setValues({});
    setErrors({});
    setNotice({
      kind: 'ok',
      text: t('admin.gateways.saved', { name: t(`admin.gateways.name.${account.gateway}`) }),
    });
  }
  const titleId = `gateway-${account.gateway}`;
  return (
    <form className="gateway-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>{t(`admin.gateways.name.${account.gateway}`)}</h2>
      <p>
        {t('admin.gateways.methods', {
          methods: account.metodos.map((m) => t(`admin.gateways.method.${m}`)).join(', '),
        })}
      </p>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <Select
        label={t('admin.gateways.mode')}
        name={`${account.gateway}-modo`}
        value={mode}
        onChange={(v) => setMode(v === 'live' ? 'live' : 'sandbox')}
        options={[
          { value: 'sandbox', label: t('admin.gateways.sandbox') },
          { value: 'live', label: t('admin.gateways.live') },
        ]}
      />
      {account.campos.map((f) => (
        <Field
          key={f.campo}
          label={t(`admin.gateways.field.${f.campo}`)}
          name={`${account.gateway}-${f.campo}`}
          type={f.secreto ? 'password' : 'text'}
          autoComplete="off"
          value={values[f.campo] ?? ''}
          hint={
            f.final ? t('admin.gateways.stored', { last: f.final }) : t('admin.gateways.notStored')
          }
          error={errors[`credenciais.${f.campo}`]}
          onChange={(v) => setValues({ ...values, [f.campo]: v })}
        />
      ))}
      <p className="gateway-webhook">
        {t('admin.gateways.webhook')} <code>{account.urlWebhook}</code>
      </p>
      {account.gateway === 'zoop' && <p>{t('admin.gateways.zoopWebhook')}</p>}
      <p className="staff-hint">
        {account.chavesConferidas
          ? t('admin.gateways.keysChecked')
          : t('admin.gateways.keysUnchecked', {
              gateway: t(`admin.gateways.name.${account.gateway}`),
            })}
      </p>
      <div className="staff-actions">
        <SubmitButton
          submitting={saving}
          label={t('admin.gateways.save')}
          busyLabel={t('admin.gateways.saving')}
        />
      </div>
    </form>
  );
}

function PixKeyForm({ slug, t, data }: { slug: string; t: T; data: GatewayAccounts }) {
  const current = data.chavePix;
  const [tipo, setTipo] = useState<PixKeyType>(current?.tipo ?? 'cnpj');
  const [chave, setChave] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  useUnsavedWarning(chave.trim() !== '', t('admin.gateways.unsaved'));
  async function save(body: { tipo: PixKeyType; chave: string } | null) {
    setSaving(true);
    const failure = await saveChurchPixKey(slug, body);
    setSaving(false);
    if (failure) {
      const fields = firstErrors(failure.errors);
      setErrors(fields);
      // a field's own message says it beside the field; the notice is for anything else
      setNotice(Object.keys(fields).length ? null : { kind: 'error', text: failure.message });
      return;
    }
    setChave('');
    setErrors({});
    setNotice({
      kind: 'ok',
      text: t(body ? 'admin.gateways.pix.saved' : 'admin.gateways.pix.removed'),
    });
  }
  return (
    <form
      className="gateway-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void save({ tipo, chave });
      }}
      noValidate
      aria-labelledby="gateway-pix-key"
    >
      <h2 id="gateway-pix-key">{t('admin.gateways.pix.title')}</h2>
      <p>{t('admin.gateways.pix.intro')}</p>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <p>
        {current
          ? t('admin.gateways.pix.current', {
              type: t(`admin.gateways.pix.type.${current.tipo}`),
              key: current.formatada,
            })
          : t('admin.gateways.pix.none')}
      </p>
      <Select
        label={t('admin.gateways.pix.typeLabel')}
        name="pix-tipo"
        value={tipo}
        error={errors.tipo}
        onChange={(v) =>
          setTipo((PIX_KEY_TYPES as readonly string[]).includes(v) ? (v as PixKeyType) : 'cnpj')
        }
        options={PIX_KEY_TYPES.map((k) => ({ value: k, label: t(`admin.gateways.pix.type.${k}`) }))}
      />
      <Field
        label={t('admin.gateways.pix.keyLabel')}
        name="pix-chave"
        autoComplete="off"
        value={chave}
        hint={t(`admin.gateways.pix.hint.${tipo}`)}
        error={errors.chave}
        onChange={setChave}
      />
      <div className="staff-actions">
        <SubmitButton
          submitting={saving}
          label={t('admin.gateways.pix.save')}
          busyLabel={t('admin.gateways.saving')}
        />
        {current && (
          <button
            type="button"
            className="button secondary"
            disabled={saving}
            onClick={() => void save(null)}
          >
            {t('admin.gateways.pix.remove')}
          </button>
        )}
      </div>
    </form>
  );
}

function MethodsForm({ slug, t, data }: { slug: string; t: T; data: GatewayAccounts }) {
  const [choice, setChoice] = useState<Record<string, number>>(
    Object.fromEntries(data.metodos.map((m) => [m.codigo, m.idGatewayPagamento ?? 0])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    const metodos = data.metodos.map((m) => ({
      codigo: m.codigo,
      idGatewayPagamento: choice[m.codigo] ?? 0,
    }));
    const failure = await saveMethods(slug, metodos);
    setSaving(false);
    if (failure) {
      setErrors(firstErrors(failure.errors));
      setNotice({ kind: 'error', text: failure.message });
      return;
    }
    setErrors({});
    setNotice({ kind: 'ok', text: t('admin.gateways.methodsSaved') });
  }
  if (!data.metodos.length) return null;
  return (
    <form className="gateway-form" onSubmit={submit} noValidate aria-labelledby="gateway-methods">
      <h2 id="gateway-methods">{t('admin.gateways.methodsTitle')}</h2>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {data.metodos.map((m, i) => (
        <Select
          key={m.codigo}
          label={t(`admin.gateways.method.${m.codigo}`)}
          name={`metodo-${m.codigo}`}
          value={String(choice[m.codigo] ?? '')}
          error={errors[`metodos.${i}.idGatewayPagamento`]}
          onChange={(v) => setChoice({ ...choice, [m.codigo]: Number(v) })}
          options={data.gateways
            .filter((g) => g.metodos.includes(m.codigo))
            .map((g) => ({
              value: String(GATEWAY_IDS[g.gateway]),
              label: t(`admin.gateways.name.${g.gateway}`),
            }))}
        />
      ))}
      <div className="staff-actions">
        <SubmitButton
          submitting={saving}
          label={t('admin.gateways.save')}
          busyLabel={t('admin.gateways.saving')}
        />
      </div>
    </form>
  );
}

function Gateways({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const gateways = useStore($gateways);
  useEffect(() => {
    void loadGateways(slug);
  }, [slug]);
  return (
    <>
      <h1>{t('admin.gateways.title')}</h1>
      <p>{t('admin.gateways.intro')}</p>
      {gateways.state === 'error' && <Notice kind="error">{gateways.message}</Notice>}
      {!gateways.data ? (
        gateways.state !== 'error' && <Loader label={t('admin.shell.loading')} />
      ) : (
        <>
          <MethodsForm
            key={JSON.stringify(gateways.data.metodos)}
            slug={slug}
            t={t}
            data={gateways.data}
          />
          <PixKeyForm slug={slug} t={t} data={gateways.data} />
          {gateways.data.gateways.map((g) => (
            <GatewayForm key={`${g.gateway}-${g.atualizadoEm}`} slug={slug} t={t} account={g} />
          ))}
        </>
      )}
    </>
  );
}

export default function GatewaysIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="gateways">
      {() => <Gateways {...props} />}
    </StaffGate>
  );
}
