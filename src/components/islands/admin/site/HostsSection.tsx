// The church's own addresses on /admin/settings (docs/deploy.md "Own domains and HTTPS"): add a
// name, the DNS records that prove it (TXT or CNAME, copyable), its state (pending, verified,
// failing since…), "check now", remove, and the main address the others redirect to.
import { useState, type FormEvent } from 'react';
import {
  FAILURES_TO_PENDING,
  type ChurchSettings,
  type StaffHostname,
} from '../../../../../contract/church-staff.ts';
import { dateFormat, INTL_LOCALE } from '../../../../../common/format.ts';
import {
  addHostname,
  checkHostname,
  removeHostname,
  setPrimaryHost,
} from '../../../../stores/admin-settings.ts';
import { ConfirmButton } from '../kit/index.ts';
import {
  Field,
  Notice,
  Select,
  SubmitButton,
  type Lang,
  type Message,
  type T,
} from '../../ui/index.ts';

function CopyValue({ label, value, t }: { label: string; value: string; t: T }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="site-record-row">
      <dt>{label}</dt>
      <dd>
        <code className="site-host">{value}</code>
        <button
          type="button"
          className="button secondary"
          aria-label={t('admin.site.hosts.copyWhat', { what: `${label}: ${value}` })}
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? t('admin.site.hosts.copied') : t('admin.site.hosts.copy')}
        </button>
      </dd>
    </div>
  );
}

function Records({ host, t }: { host: StaffHostname; t: T }) {
  return (
    <div className="site-records">
      <p className="site-record-kind">{t('admin.site.hosts.txt')}</p>
      <dl>
        <CopyValue label={t('admin.site.hosts.recordName')} value={host.registroTxt.nome} t={t} />
        <CopyValue label={t('admin.site.hosts.recordValue')} value={host.registroTxt.valor} t={t} />
      </dl>
      <p className="site-record-kind">{t('admin.site.hosts.cname')}</p>
      <dl>
        <CopyValue label={t('admin.site.hosts.recordName')} value={host.hostname} t={t} />
        <CopyValue label={t('admin.site.hosts.recordTarget')} value={host.alvoCname} t={t} />
      </dl>
    </div>
  );
}

function stateText(host: StaffHostname, t: T, date: (iso: string) => string): string {
  if (host.estado === 'verificado')
    return host.falhandoDesde
      ? t('admin.site.hosts.failing', {
          date: date(host.falhandoDesde),
          count: host.falhas,
          max: FAILURES_TO_PENDING,
        })
      : t('admin.site.hosts.verified');
  return host.falhandoDesde
    ? t('admin.site.hosts.demoted', { date: date(host.falhandoDesde) })
    : t('admin.site.hosts.pending');
}

function HostItem({
  slug,
  host,
  t,
  date,
  onMessage,
}: {
  slug: string;
  host: StaffHostname;
  t: T;
  date: (iso: string) => string;
  onMessage: (m: Message) => void;
}) {
  const [checking, setChecking] = useState(false);
  const verified = host.estado === 'verificado';
  const warn = !verified || !!host.falhandoDesde;

  async function check() {
    setChecking(true);
    const result = await checkHostname(slug, host.id);
    setChecking(false);
    onMessage(
      result.ok
        ? {
            kind: 'ok',
            text: t(verified ? 'admin.site.hosts.stillProven' : 'admin.site.hosts.proven', {
              host: host.hostname,
            }),
          }
        : { kind: 'error', text: result.message },
    );
  }

  return (
    <li className="site-host-item">
      <div className="site-host-head">
        <span className="site-host">{host.hostname}</span>
        <span className={warn ? 'site-host-state warn' : 'site-host-state ok'}>
          {stateText(host, t, date)}
        </span>
      </div>
      {host.checadoEm && (
        <p className="site-host-checked">
          {t('admin.site.hosts.lastCheck', { date: date(host.checadoEm) })}
        </p>
      )}
      {verified ? (
        <details>
          <summary>{t('admin.site.hosts.records')}</summary>
          <Records host={host} t={t} />
        </details>
      ) : (
        <>
          <p>{t('admin.site.hosts.prove')}</p>
          <Records host={host} t={t} />
        </>
      )}
      <div className="staff-actions">
        <button
          type="button"
          className="button secondary"
          disabled={checking}
          aria-busy={checking || undefined}
          onClick={() => void check()}
        >
          {checking ? t('admin.site.hosts.checking') : t('admin.site.hosts.check')}
        </button>
        <ConfirmButton
          label={t('admin.site.hosts.remove')}
          title={t('admin.site.hosts.removeTitle')}
          explanation={t('admin.site.hosts.removeExplain', { host: host.hostname })}
          confirmLabel={t('admin.site.hosts.remove')}
          cancelLabel={t('admin.shell.cancel')}
          onConfirm={async () => {
            const result = await removeHostname(slug, host.id);
            onMessage(
              result.ok
                ? { kind: 'ok', text: t('admin.site.deleted') }
                : { kind: 'error', text: result.message },
            );
          }}
        />
      </div>
    </li>
  );
}

function Primary({ slug, t, settings }: { slug: string; t: T; settings: ChurchSettings }) {
  const [value, setValue] = useState(settings.hostPrincipal ?? '');
  const [error, setError] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const verified = settings.hostnames.filter((h) => h.estado === 'verificado');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    const result = await setPrimaryHost(slug, value || null);
    setSubmitting(false);
    setError(result.ok ? '' : (result.errors.hostname ?? ''));
    setMessage(
      result.ok
        ? { kind: 'ok', text: t('admin.site.saved') }
        : { kind: 'error', text: result.message },
    );
  }

  return (
    <form className="site-form" onSubmit={submit} noValidate>
      <h3>{t('admin.site.hosts.primaryTitle')}</h3>
      <Notice message={message} />
      <Select
        label={t('admin.site.hosts.primaryLabel')}
        hint={t('admin.site.hosts.primaryHint')}
        value={value}
        onChange={setValue}
        placeholder={t('admin.site.hosts.primaryNone')}
        options={[
          {
            value: settings.enderecoProvedor,
            label: t('admin.site.hosts.primaryProvider', { address: settings.enderecoProvedor }),
          },
          ...verified.map((h) => ({ value: h.hostname, label: h.hostname })),
        ]}
        error={error || undefined}
      />
      <div className="staff-actions">
        <SubmitButton
          submitting={submitting}
          label={t('admin.site.hosts.primarySave')}
          busyLabel={t('admin.site.saving')}
        />
      </div>
    </form>
  );
}

export function HostsSection({
  slug,
  t,
  lang,
  settings,
}: {
  slug: string;
  t: T;
  lang: Lang;
  settings: ChurchSettings;
}) {
  const [hostname, setHostname] = useState('');
  const [error, setError] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const target = settings.enderecoProvedor;
  const date = (iso: string) =>
    dateFormat(INTL_LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    const result = await addHostname(slug, hostname);
    setSubmitting(false);
    if (result.ok) {
      setHostname('');
      setError('');
      setMessage({ kind: 'ok', text: t('admin.site.hosts.added') });
      return;
    }
    setError(result.errors.hostname ?? '');
    setMessage({ kind: 'error', text: result.message });
  }

  return (
    <section className="site-block" aria-labelledby="site-hosts">
      <h2 id="site-hosts">{t('admin.site.hosts.title')}</h2>
      <p className="site-intro">{t('admin.site.hosts.intro', { address: target })}</p>
      <Notice message={message} />
      {settings.hostnames.length === 0 ? (
        <p className="site-empty">{t('admin.site.hosts.empty')}</p>
      ) : (
        <ul className="site-hosts">
          {settings.hostnames.map((h) => (
            <HostItem key={h.id} slug={slug} host={h} t={t} date={date} onMessage={setMessage} />
          ))}
        </ul>
      )}
      <form className="site-form site-inline" onSubmit={submit} noValidate>
        <Field
          label={t('admin.site.hosts.add')}
          hint={t('admin.site.hosts.hint', { address: target })}
          value={hostname}
          onChange={(v) => {
            setHostname(v);
            setError('');
          }}
          error={error || undefined}
          placeholder="www.example.org"
          autoComplete="off"
        />
        <SubmitButton
          submitting={submitting}
          label={t('admin.site.hosts.addButton')}
          busyLabel={t('admin.site.saving')}
        />
      </form>
      <Primary
        key={`${settings.hostPrincipal}:${settings.hostnames.length}`}
        slug={slug}
        t={t}
        settings={settings}
      />
    </section>
  );
}
