// /user/notifications (docs/notifications.md): the member turns on notifications for THIS device
// (the browser asks for permission only on that click), sees and removes their devices, and sets
// per kind of notice and per channel what reaches them, and the language e-mails and pushes come
// in. Every rule is the API's.
// The flow is the store's (src/stores/notifications.ts).
import { dateFormat } from '../../../../common/format.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import {
  CHANNELS,
  NOTICE_KINDS,
  isAlwaysOn,
  type Channel,
  type NoticeKind,
  type NotificationPreferences,
} from '../../../../contract/notification-preferences.ts';
import type { PushDevice } from '../../../../contract/push.ts';
import { accountMessages } from '../../../lib/account/messages.ts';
import { LANGUAGES, type Lang } from '../../../../contract/language.ts';
import { permission, pushSupport } from '../../../lib/notifications/push-browser.ts';
import {
  $notificationSettings,
  $notificationsPage,
  chooseNoticeLanguage,
  loadNotificationSettings,
  removeNotificationDevice,
  toggleNotice,
  turnOnThisDevice,
} from '../../../stores/notifications.ts';
import {
  Loader,
  makeT,
  MemberGate,
  Notice,
  Select,
  type IslandProps,
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

function Settings({ t, churchId, lang }: { t: T; churchId: number; lang: string }) {
  const state = useStore($notificationSettings);
  const { message, busy } = useStore($notificationsPage);
  const retry = () => void loadNotificationSettings(churchId);
  useEffect(() => void loadNotificationSettings(churchId), [churchId]);

  if (state.state === 'error')
    return (
      <Notice kind="error">
        {state.status === 404 || state.status === 400 ? t('notices.loadFailed') : state.message}{' '}
        <button type="button" className="button small" onClick={retry}>
          {t('notices.retry')}
        </button>
      </Notice>
    );
  if (state.state !== 'ready') return <Loader label={t('notices.loading')} />;
  const data = state.data;
  const thisDevice = data.here ? data.devices.find((d) => d.endpoint === data.here) : undefined;
  const turnOn = () =>
    void turnOnThisDevice(churchId, {
      on: t('notices.push.on'),
      refused: (reason) => t(`notices.push.${reason}`),
    });
  const remove = (device: PushDevice) =>
    removeNotificationDevice(
      churchId,
      device,
      t('notices.devices.removed', { name: device.rotulo }),
    );
  const toggle = (kind: NoticeKind, channel: Channel, on: boolean) =>
    toggleNotice(churchId, kind, channel, on);

  const support = pushSupport();
  const blocked = support === 'supported' && permission() === 'denied';
  const date = (iso: string) =>
    dateFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

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
}) {
  const { t } = props;
  const choose = (value: string) =>
    chooseNoticeLanguage(props.churchId, value, t('notices.language.saved'));
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
