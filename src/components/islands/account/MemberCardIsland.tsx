// /embed/print-member-card (spec §2 Embedded, §3 Member card): every field with a QR code,
// printable on paper or as PDF; "no card found for the e-mail" when there is none.
// The flow is the store's (src/stores/member-card.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { formatCpf, formatLocalDate } from '../../../../contract/account-rules.ts';
import type { MemberCard } from '../../../../contract/user.ts';
import { $memberCard, openMemberCard } from '../../../stores/member-card.ts';
import { currentPath, type IslandProps, Loader, loginHref, Notice, type T } from '../ui/index.ts';
import { accountT } from './t.ts';

type Props = IslandProps & {
  email: string | null;
  memberChurchId: number | null;
  showCard: boolean;
  maritalNames: Record<string, string>;
};

export default function MemberCardIsland(props: Props) {
  const t = useMemo(() => accountT(props), [props.strings, props.lang]);
  const state = useStore($memberCard);
  useEffect(
    () => void openMemberCard(props.church, props.email, props.memberChurchId),
    [props.church, props.email, props.memberChurchId],
  );
  if (state.kind === 'loading') return <Loader label={t('account.loading')} />;
  if (state.kind === 'login')
    return (
      <div className="acc-panel acc-narrow">
        <p>{t('account.card.loginRequired')}</p>
        <a className="button" href={loginHref(currentPath())}>
          {t('account.header.login')}
        </a>
      </div>
    );
  if (state.kind === 'none')
    return <Notice kind="error">{t('account.card.notFound', { email: state.email })}</Notice>;
  if (state.kind === 'error') return <Notice kind="error">{t('account.card.loadError')}</Notice>;
  return (
    <div>
      <div className="no-print acc-actions acc-card-actions">
        {/* Opened from the account page (not framed by another site): a way back to it. */}
        {window.top === window.self && (
          <a className="button secondary" href="/user">
            {t('account.back')}
          </a>
        )}
        <button type="button" className="button" onClick={() => print()}>
          {t('account.card.print')}
        </button>
      </div>
      {props.showCard &&
        state.cards.map((card) => (
          <Card
            key={card.id}
            card={card}
            t={t}
            lang={props.lang}
            maritalNames={props.maritalNames}
          />
        ))}
    </div>
  );
}

function Card({
  card,
  t,
  lang,
  maritalNames,
}: {
  card: MemberCard;
  t: T;
  lang: IslandProps['lang'];
  maritalNames: Record<string, string>;
}) {
  const rows: [string, string | null][] = [
    [t('account.card.number'), card.numeroMembro],
    [t('account.card.birthDate'), formatLocalDate(card.dataNascimento, lang) || null],
    [t('account.card.baptismDate'), formatLocalDate(card.dataBatismo, lang) || null],
    [t('account.card.congregation'), card.congregacao],
    [t('account.card.cpf'), card.cpf ? formatCpf(card.cpf) : null],
    [t('account.card.sex'), card.sexo ? t(`account.sex.${card.sexo}`) : null],
    [
      t('account.card.maritalStatus'),
      card.estadoCivil ? (maritalNames[card.estadoCivil] ?? card.estadoCivil) : null,
    ],
    [t('account.card.phone'), card.telefone],
    [t('account.card.position'), card.cargo],
    [t('account.card.responsible'), card.responsavel],
  ];
  return (
    <article className="member-card" aria-label={`${t('account.card.title')}: ${card.nome}`}>
      <header>
        {card.igreja.logo && <img src={card.igreja.logo} alt="" width={44} height={44} />}
        <div>
          <strong>{card.igreja.nome}</strong>
          <div>{t('account.card.title')}</div>
        </div>
      </header>
      <div className="mc-body">
        {card.imagem ? (
          <img className="mc-photo" src={card.imagem} alt={card.nome} width={110} height={130} />
        ) : (
          <span className="mc-photo" aria-hidden="true">
            {card.nome.slice(0, 1)}
          </span>
        )}
        <dl>
          <div className="mc-name">
            <dt>{t('account.card.name')}</dt>
            <dd>{card.nome}</dd>
          </div>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value ?? '—'}</dd>
            </div>
          ))}
        </dl>
        {/* The QR code is SVG made by the API from the card's own data. */}
        <div
          className="mc-qr"
          role="img"
          aria-label={t('account.card.qr')}
          dangerouslySetInnerHTML={{ __html: card.qrCode }}
        />
      </div>
      <footer>
        <span>
          {t('account.card.church')}: {card.igreja.nome}
        </span>
        {card.validade && (
          <span>
            {t('account.card.validUntil')}: {formatLocalDate(card.validade, lang)}
          </span>
        )}
      </footer>
    </article>
  );
}
