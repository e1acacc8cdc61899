// /user/church (spec §2 "change church"): the churches of the organisation, searched by name or
// address or nearest first with the user's permission; moving logs in on the new church's host.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { Client } from '../../../../contract/church.ts';
import type { ChangeChurchEffects } from '../../../../contract/user.ts';
import { formatDate, money, type Lang } from '../../../../common/format.ts';
import {
  $changeChurch,
  $orgChurches,
  cancelChoice,
  chooseChurch,
  confirmMove,
  nearDenied,
  searchOrgChurches,
} from '../../../stores/change-church.ts';
import { SWITCH_LANDING, SWITCH_PARAM } from '../../../stores/session.ts';
import { type IslandProps, MemberGate, Notice, type T } from '../ui/index.ts';
import { accountT } from './t.ts';

type Props = IslandProps & {
  providerDomain: string;
  /** The organisation's name, read on the server. */ organizationName?: string | null;
};

export default function ChangeChurchIsland(props: Props) {
  const t = useMemo(() => accountT(props), [props.strings, props.lang]);
  return (
    <MemberGate church={props.church} loadingLabel={t('account.loading')}>
      <ChangeChurch {...props} t={t} />
    </MemberGate>
  );
}

/** The church's own host, on the same port and scheme as this page. */
export function churchHost(code: string, providerDomain: string): string {
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${code}.${providerDomain}${port}`;
}

function ChangeChurch({ church, providerDomain, organizationName, lang, t }: Props & { t: T }) {
  const [query, setQuery] = useState('');
  const [near, setNear] = useState<{ latitude: number; longitude: number } | null>(null);
  const { churches, message } = useStore($orgChurches);
  const flow = useStore($changeChurch);
  const busy = flow.step === 'pick' ? null : flow.target.id;
  const org = church.slugOrganizacao;

  const load = (search: string, location: typeof near) =>
    org ? searchOrgChurches(org, search, location) : Promise.resolve();
  useEffect(() => {
    void load('', null);
  }, [org]);

  function search(event: { preventDefault(): void }) {
    event.preventDefault();
    void load(query.trim(), near);
  }
  function nearest() {
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const here = {
          latitude: Number(p.coords.latitude.toFixed(4)),
          longitude: Number(p.coords.longitude.toFixed(4)),
        };
        setNear(here);
        void load(query.trim(), here);
      },
      () => nearDenied(t('account.church.nearDenied')),
      { timeout: 10_000 },
    );
  }
  // spec §4: the new church's landing logs in from a one-time code, never a token (docs/security.md)
  const go = (target: Client) => (code: string) =>
    location.assign(
      `${churchHost(target.codigo, providerDomain)}${SWITCH_LANDING}?${SWITCH_PARAM}=${encodeURIComponent(code)}`,
    );
  if (flow.step === 'confirm' || flow.step === 'moving')
    return (
      <div className="acc-panel">
        <h1>{t('account.church.title')}</h1>
        <ConfirmMove
          from={church.nome}
          effects={flow.effects}
          target={flow.target}
          lang={lang as Lang}
          t={t}
        />
        <Notice
          message={
            flow.step === 'confirm' && flow.error ? { kind: 'error', text: flow.error } : null
          }
        />
        <div className="acc-actions">
          <button
            type="button"
            className="button"
            disabled={flow.step === 'moving'}
            aria-busy={flow.step === 'moving' || undefined}
            onClick={() => void confirmMove(church.id, go(flow.target))}
          >
            {flow.step === 'moving' ? t('account.wait') : t('account.church.confirmMove')}
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={flow.step === 'moving'}
            onClick={cancelChoice}
          >
            {t('account.church.back')}
          </button>
        </div>
      </div>
    );
  if (!org)
    return (
      <div className="acc-panel">
        <h1>{t('account.church.title')}</h1>
        <p>{t('account.church.none')}</p>
      </div>
    );
  return (
    <div className="acc-panel">
      <h1>{t('account.church.title')}</h1>
      <p>{t('account.church.intro', { org: organizationName ?? org })}</p>
      <Notice
        message={
          message ??
          (flow.step === 'pick' && flow.error ? { kind: 'error', text: flow.error } : null)
        }
      />
      <form className="search-form" role="search" onSubmit={search}>
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-label={t('account.church.search')}
          placeholder={t('account.church.search')}
        />
        <button className="button" type="submit">
          {t('account.header.search')}
        </button>
        <button className="button secondary" type="button" onClick={nearest}>
          {t('account.church.near')}
        </button>
      </form>
      {churches && churches.length === 0 && (
        <p className="acc-muted">{t('account.church.empty')}</p>
      )}
      <ul className="acc-list acc-results">
        {churches?.map((c) => (
          <li key={c.id} className="acc-item">
            <div>
              <p>
                <strong>{c.nome}</strong>
              </p>
              <p className="acc-muted">
                {[c.endereco.logradouro, c.endereco.cidade].filter(Boolean).join(' · ')}
                {c.distancia != null
                  ? ` · ${t('account.church.distance', { km: c.distancia })}`
                  : ''}
              </p>
            </div>
            {c.id === church.id ? (
              <span className="acc-badge">{t('account.church.current')}</span>
            ) : (
              <button
                type="button"
                className="button small"
                disabled={busy !== null}
                aria-busy={busy === c.id || undefined}
                onClick={() => void chooseChurch(church.id, c)}
              >
                {busy === c.id ? t('account.wait') : t('account.church.choose')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the move stops here, with amounts, and the roles that stay behind (docs/accounts.md). */
function ConfirmMove({
  from,
  target,
  effects,
  lang,
  t,
}: {
  from: string;
  target: Client;
  effects: ChangeChurchEffects;
  lang: Lang;
  t: T;
}) {
  const amount = (v: number) => money(v, effects.moeda, lang);
  const stops = effects.doacoesRecorrentes.length > 0 || effects.assinaturaPlay !== null;
  return (
    <section aria-labelledby="move-heading">
      <h2 id="move-heading">{t('account.church.confirm', { name: target.nome })}</h2>
      {stops ? (
        <>
          <p>{t('account.church.stops', { church: from })}</p>
          <ul className="acc-list">
            {effects.doacoesRecorrentes.map((g) => (
              <li key={g.id} className="acc-item">
                {t('account.church.stopGift', {
                  reason: g.motivo,
                  amount: amount(g.valor),
                  days: g.dias,
                  date: formatDate(g.proximaData, lang, 'UTC'),
                })}
              </li>
            ))}
            {effects.assinaturaPlay && (
              <li className="acc-item">
                {t('account.church.stopPlan', {
                  plan: effects.assinaturaPlay.plano,
                  amount: amount(effects.assinaturaPlay.valor),
                })}
              </li>
            )}
          </ul>
          <p className="acc-muted">{t('account.church.stopsMail')}</p>
        </>
      ) : (
        <p>{t('account.church.nothingStops', { church: from })}</p>
      )}
      {effects.papeis.length > 0 && (
        <p role="note" className="acc-warning">
          {t('account.church.rolesStay', { church: from })}
        </p>
      )}
    </section>
  );
}
