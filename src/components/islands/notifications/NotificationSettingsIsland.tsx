// /user/notifications (docs/notifications.md): the member turns on notifications for THIS device
// (the browser asks for permission only on that click), sees and removes their devices, and sets
// per kind of notice and per channel what reaches them, and the language e-mails and pushes come
// in. Every rule is the API's.
import { useMemo, useState } from 'react';
import {
  CHANNELS,
  NOTICE_KINDS,
  isAlwaysOn,
  type Channel,
  type NoticeKind,
  type NotificationPreferences,
} from '../../../../contract/notification-preferences.ts';
import type { PushDevice } from '../../../../contract/push.ts';
import { readFailure } from '../../../lib/account/http.ts';
import { accountMessages } from '../../../lib/account/messages.ts';
import { LANGUAGES, type Lang } from '../../../../contract/language.ts';
import {
  loadDevices,
  loadLanguage,
  loadPreferences,
  removeDevice,
  saveDevice,
  saveLanguage,
  savePreference,
} from '../../../lib/notifications/api.ts';
import {
  currentSubscription,
  permission,
  pushSupport,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from '../../../lib/notifications/push-browser.ts';
import {
  Loader,
  makeT,
  MemberGate,
  Notice,
  Select,
  useLoad,
  type IslandProps,
  type Message,
  type T,
} from '../ui/index.ts';
import './notifications.css';

export default function NotificationSettingsIsland(props: IslandProps) {
  const { strings, lang } = props;
  const t = useMemo(() => makeT(strings, lang, accountMessages(lang)), [strings, lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('notices.loading')}>
      <Settings t={t} churchId={props.church.id} lang={lang} />
    </MemberGate>
  );
}

interface Loaded {
  key: string;
  devices: PushDevice[];
  preferences: NotificationPreferences['preferencias'];
  /** The member's language for e-mails and pushes (null: the church's, `churchLanguage`). */
  language: Lang | null;
  churchLanguage: Lang;
  /** This browser's endpoint, when it is subscribed. */
  here: string | null;
}

function Settings({ t, churchId, lang }: { t: T; churchId: number; lang: string }) {
  const { state, setState, retry } = useLoad<Loaded>(async () => {
    const [devices, preferences, language, subscription] = await Promise.all([
      loadDevices(churchId),
      loadPreferences(churchId),
      loadLanguage(churchId),
      currentSubscription().catch(() => null),
    ]);
    return {
      key: devices.chave,
      devices: devices.dispositivos,
      preferences: preferences.preferencias,
      language: language.idioma,
      churchLanguage: language.igreja,
      here: subscription?.endpoint ?? null,
    };
  }, [churchId]);
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);

  if (state.kind === 'loading') return <Loader label={t('notices.loading')} />;
  if (state.kind !== 'ok')
    return (
      <Notice kind="error">
        {state.kind === 'error' ? state.message : t('notices.loadFailed')}{' '}
        <button type="button" className="button small" onClick={retry}>
          {t('notices.retry')}
        </button>
      </Notice>
    );
  const data = state.value;
  const update = (next: Partial<Loaded>) => setState({ kind: 'ok', value: { ...data, ...next } });
  const thisDevice = data.here ? data.devices.find((d) => d.endpoint === data.here) : undefined;
  const fail = async (error: unknown) =>
    setMessage({ kind: 'error', text: (await readFailure(error)).message });

  async function turnOn() {
    setBusy(true);
    setMessage(null);
    const outcome = await subscribeThisBrowser(data.key);
    if (!outcome.ok) {
      setBusy(false);
      setMessage({ kind: 'error', text: t(`notices.push.${outcome.reason}`) });
      return;
    }
    try {
      const device = await saveDevice(churchId, outcome.subscription);
      update({
        here: device.endpoint,
        devices: [device, ...data.devices.filter((d) => d.id !== device.id)],
      });
      setMessage({ kind: 'ok', text: t('notices.push.on') });
    } catch (error) {
      await fail(error);
    }
    setBusy(false);
  }

  async function remove(device: PushDevice) {
    setBusy(true);
    setMessage(null);
    try {
      await removeDevice(churchId, device.id);
      if (device.endpoint === data.here) await unsubscribeThisBrowser().catch(() => undefined);
      update({
        devices: data.devices.filter((d) => d.id !== device.id),
        here: device.endpoint === data.here ? null : data.here,
      });
      setMessage({ kind: 'ok', text: t('notices.devices.removed', { name: device.rotulo }) });
    } catch (error) {
      await fail(error);
    }
    setBusy(false);
  }

  async function toggle(kind: NoticeKind, channel: Channel, on: boolean) {
    setMessage(null);
    const before = data.preferences;
    update({ preferences: { ...before, [kind]: { ...before[kind], [channel]: on } } });
    try {
      const saved = await savePreference(churchId, kind, channel, on);
      update({ preferences: saved.preferencias });
    } catch (error) {
      update({ preferences: before });
      await fail(error);
    }
  }

  const support = pushSupport();
  const blocked = support === 'supported' && permission() === 'denied';
  const date = (iso: string) =>
    new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  return (
    <div className="acc-panel notices">
      <h1>{t('notices.title')}</h1>
      <Notice message={message} />

      <section aria-labelledby="notices-device">
        <h2 id="notices-device">{t('notices.push.title')}</h2>
        {support === 'unsupported' ? (
          <p>{t('notices.push.unsupportedHere')}</p>
        ) : thisDevice ? (
          <p className="notices-on">
            {t('notices.push.thisDeviceOn', { name: thisDevice.rotulo })}
          </p>
        ) : (
          <>
            <p>{t('notices.push.intro')}</p>
            {blocked && <Notice kind="info">{t('notices.push.blocked')}</Notice>}
            <div className="acc-actions">
              <button type="button" className="button" onClick={turnOn} disabled={busy}>
                {busy ? t('notices.wait') : t('notices.push.turnOn')}
              </button>
            </div>
          </>
        )}
      </section>

      <section aria-labelledby="notices-devices">
        <h2 id="notices-devices">{t('notices.devices.title')}</h2>
        {data.devices.length === 0 ? (
          <p>{t('notices.devices.none')}</p>
        ) : (
          <ul className="notices-devices">
            {data.devices.map((d) => (
              <li key={d.id}>
                <span className="notices-device-name">
                  {d.rotulo}
                  {d.endpoint === data.here && (
                    <span className="notices-badge">{t('notices.devices.this')}</span>
                  )}
                </span>
                <small>
                  {t('notices.devices.added', { date: date(d.criado) })}
                  {d.ultimoEnvio
                    ? ` · ${t('notices.devices.last', { date: date(d.ultimoEnvio) })}`
                    : ''}
                </small>
                <button
                  type="button"
                  className="button small danger"
                  onClick={() => void remove(d)}
                  disabled={busy}
                  aria-label={t('notices.devices.removeNamed', { name: d.rotulo })}
                >
                  {t('notices.devices.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <PreferencesSection
        t={t}
        preferences={data.preferences}
        onToggle={(kind, channel, on) => void toggle(kind, channel, on)}
      />

      <LanguageSection
        t={t}
        churchId={churchId}
        language={data.language}
        churchLanguage={data.churchLanguage}
        onSaved={(language, churchLanguage) => {
          update({ language, churchLanguage });
          setMessage({ kind: 'ok', text: t('notices.language.saved') });
        }}
        onError={(error) => void fail(error)}
      />
      <p>
        <a href="/user">{t('notices.back')}</a>
      </p>
    </div>
  );
}

/** The language e-mails and pushes reach the member in; empty: the church's. */
function LanguageSection(props: {
  t: T;
  churchId: number;
  language: Lang | null;
  churchLanguage: Lang;
  onSaved: (language: Lang | null, churchLanguage: Lang) => void;
  onError: (error: unknown) => void;
}) {
  const { t } = props;
  async function choose(value: string) {
    try {
      const saved = await saveLanguage(props.churchId, value ? (value as Lang) : null);
      props.onSaved(saved.idioma, saved.igreja);
    } catch (error) {
      props.onError(error);
    }
  }
  return (
    <section aria-labelledby="notices-language">
      <h2 id="notices-language">{t('notices.language.title')}</h2>
      <Select
        label={t('notices.language.label')}
        name="idioma"
        value={props.language ?? ''}
        onChange={(v) => void choose(v)}
        hint={t('notices.language.hint')}
        placeholder={t('notices.language.church', {
          language: t(`notices.language.${props.churchLanguage}`),
        })}
        options={LANGUAGES.map((l) => ({ value: l, label: t(`notices.language.${l}`) }))}
      />
    </section>
  );
}

/** Per kind of notice and channel, what reaches the member (receipts by e-mail always). */
function PreferencesSection({
  t,
  preferences,
  onToggle,
}: {
  t: T;
  preferences: NotificationPreferences['preferencias'];
  onToggle: (kind: NoticeKind, channel: Channel, on: boolean) => void;
}) {
  return (
    <section aria-labelledby="notices-prefs">
      <h2 id="notices-prefs">{t('notices.prefs.title')}</h2>
      <p>{t('notices.prefs.intro')}</p>
      <table className="notices-prefs">
        <thead>
          <tr>
            <th scope="col">{t('notices.prefs.kind')}</th>
            {CHANNELS.map((c) => (
              <th scope="col" key={c}>
                {t(`notices.channel.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTICE_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{t(`notices.kind.${kind}`)}</th>
              {CHANNELS.map((channel) => {
                const fixed = isAlwaysOn(kind, channel);
                return (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      name={`${kind}-${channel}`}
                      checked={preferences[kind][channel]}
                      disabled={fixed}
                      onChange={(e) => onToggle(kind, channel, e.target.checked)}
                      aria-label={`${t(`notices.kind.${kind}`)}: ${t(`notices.channel.${channel}`)}`}
                    />
                    {fixed && <small className="notices-fixed">{t('notices.prefs.always')}</small>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
