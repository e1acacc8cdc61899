// /user, the account home (spec §2 Account area): profile photo, every link, the
// "incomplete" mark of the registration data, notifications and logout.
import { dateFormat, INTL_LOCALE } from '../../../../common/format.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { User } from '../../../../contract/user.ts';
import { notificationLink } from '../../../lib/account/forms.ts';
import { isBuilt } from '../../../lib/routes.ts';
import { leave } from '../../../lib/account/http.ts';
import { areasFor } from '../../../../contract/staff.ts';
import {
  $accountNotices,
  $photo,
  changePhoto,
  loadAccountNotices,
  NOTIFICATIONS_PER_PAGE,
} from '../../../stores/account.ts';
import { $session, logout } from '../../../stores/session.ts';
import { type IslandProps, MemberGate, Notice, Pager, type T } from '../ui/index.ts';
import { accountT } from './t.ts';

/** `play`: the church has Play (MOD_ASSINATURA), so the account links the member's plan. */
/** `giving`: the church has MOD_DOACAO, so the account links the member's gifts. */
/** `prayer`: the church has MOD_MURAL_ORACAO, so the account links the member's own requests. */
export default function AccountHome(
  props: IslandProps & { play?: boolean; giving?: boolean; prayer?: boolean },
) {
  const t = useMemo(() => accountT(props), [props.strings, props.lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('account.loading')}>
      <Home {...props} t={t} />
    </MemberGate>
  );
}

export function Avatar({
  user,
  t,
  className = 'acc-avatar',
}: {
  user: Pick<User, 'imagem' | 'nome'>;
  t: T;
  className?: string;
}) {
  return user.imagem ? (
    <img
      className={className}
      src={user.imagem}
      alt={t('account.photo.alt')}
      width={96}
      height={96}
    />
  ) : (
    <span className={className} aria-hidden="true">
      {user.nome.slice(0, 1).toUpperCase()}
    </span>
  );
}

function Home({
  church,
  lang,
  t,
  play = false,
  giving = false,
  prayer = false,
}: IslandProps & { t: T; play?: boolean; giving?: boolean; prayer?: boolean }) {
  const session = useStore($session);
  const user = session.user!;
  const account = session.clientAccount!;
  const cardUrl = `/embed/print-member-card?${new URLSearchParams({ userCardEmail: user.email, memberChurchId: String(church.id), showCard: 'true' })}`;
  const incomplete = user.camposPendentes.length > 0;
  // Staff of this church reach their area from here (docs/staff.md); the server checks again.
  const staff = session.roles.some(
    (r) => r.igreja.id === church.id && areasFor(r.roles).length > 0,
  );
  const links: { href: string; label: string; badge?: string }[] = [
    ...(staff ? [{ href: '/admin', label: t('account.home.staff') }] : []),
    // Profile and registration data are one page (/user/data): one entry, marked while incomplete.
    {
      href: '/user/data',
      label: t('account.home.profile'),
      ...(incomplete ? { badge: t('account.home.incomplete') } : {}),
    },
    { href: '/user/cards', label: t('account.home.cards') },
    { href: '/user/registrations', label: t('account.home.registrations') },
    ...(giving ? [{ href: '/user/giving', label: t('account.home.giving') }] : []),
    { href: '/user/notes', label: t('account.home.notes') },
    // Only where the church has the prayer wall: elsewhere the API has no requests to list.
    ...(prayer ? [{ href: '/user/prayer', label: t('account.home.prayer') }] : []),
    { href: '/praise', label: t('account.home.praise') },
    // Only where the church has Play (spec §2 module gate): elsewhere the page would be a 404.
    ...(play && isBuilt('/play/my-plan')
      ? [{ href: '/play/my-plan', label: t('account.home.subscription') }]
      : []),
    { href: cardUrl, label: t('account.home.memberCard') },
    { href: '/user/change-password', label: t('account.home.changePassword') },
    { href: '/user/security', label: t('account.home.security') },
    { href: '/user/notifications', label: t('account.home.notifications') },
    ...(church.slugOrganizacao
      ? [{ href: '/user/church', label: t('account.home.changeChurch') }]
      : []),
    { href: '/third-parts/mykids', label: t('account.home.mykids') },
    { href: '/third-parts/voluts', label: t('account.home.voluts') },
    { href: '/user/delete-user', label: t('account.home.deleteAccount') },
  ];
  return (
    <div className="acc-panel">
      <h1>{t('account.home.title')}</h1>
      <PhotoEditor user={user} t={t} />
      <nav aria-label={t('account.home.title')}>
        <ul className="acc-menu">
          {links.map((l) => (
            <li key={l.href}>
              <a href={l.href}>
                <span>{l.label}</span>
                {l.badge && <span className="acc-badge">{l.badge}</span>}
              </a>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => {
                logout();
                leave('/');
              }}
            >
              {t('account.home.logout')}
            </button>
          </li>
        </ul>
      </nav>
      <p className="acc-muted">
        {t('account.home.member', { number: account.numeroMembro ?? '—', church: church.nome })}
      </p>
      <Notifications churchId={church.id} churchCode={church.codigo} lang={lang} t={t} />
    </div>
  );
}

/** spec §2: profile photo choose, update, remove. */
function PhotoEditor({ user, t }: { user: User; t: T }) {
  const input = useRef<HTMLInputElement>(null);
  const { busy, message } = useStore($photo);
  async function upload(file: File) {
    await changePhoto(user.id, file, t('account.photo.saved'));
    if (input.current) input.current.value = '';
  }
  const remove = () => changePhoto(user.id, null, t('account.photo.removed'));
  return (
    <div className="acc-profile">
      <Avatar user={user} t={t} />
      <div>
        <p>
          <strong>{t('account.home.hello', { name: user.nome })}</strong>
          <br />
          <span className="acc-muted">{user.email}</span>
        </p>
        <div className="acc-actions">
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            aria-label={t('account.photo.choose')}
            onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
          />
          <button
            type="button"
            className="button small secondary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => input.current?.click()}
          >
            {user.imagem ? t('account.photo.update') : t('account.photo.choose')}
          </button>
          {user.imagem && (
            <button type="button" className="acc-link" disabled={busy} onClick={remove}>
              {t('account.photo.remove')}
            </button>
          )}
        </div>
        <Notice message={message} />
      </div>
    </div>
  );
}

function Notifications({
  churchId,
  churchCode,
  lang,
  t,
}: {
  churchId: number;
  churchCode: string;
  lang: IslandProps['lang'];
  t: T;
}) {
  const { items, total, failed } = useStore($accountNotices);
  const [page, setPage] = useState(1);
  useEffect(() => void loadAccountNotices(churchId, page), [churchId, page]);
  const format = dateFormat(INTL_LOCALE[lang], {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <section className="acc-section acc-notifications" aria-labelledby="notifications-title">
      <h2 id="notifications-title">{t('account.notifications.title')}</h2>
      {failed && <Notice kind="error">{t('account.loadError')}</Notice>}
      {items && items.length === 0 && (
        <p className="acc-muted">{t('account.notifications.empty')}</p>
      )}
      {items && items.length > 0 && (
        <ul className="acc-list">
          {items.map((n) => {
            const href = notificationLink(n, churchCode);
            return (
              <li key={n.id} className="acc-item">
                <div>
                  {href ? <a href={href}>{n.titulo}</a> : <strong>{n.titulo}</strong>}
                  <p>{n.corpo}</p>
                  <p className="acc-muted">
                    <time dateTime={n.dataCadastro}>{format.format(new Date(n.dataCadastro))}</time>
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {/* The one pager of every list, not a "more" button of its own. */}
      <Pager
        page={page}
        totalPages={Math.ceil(total / NOTIFICATIONS_PER_PAGE)}
        onPage={setPage}
        t={t}
      />
    </section>
  );
}
