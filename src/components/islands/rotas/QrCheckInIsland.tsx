// /rota/presenca?t=…: the page the plan's QR opens at the venue (docs/volunteers.md "On the
// day"). A logged-in volunteer of the plan is checked in as the page opens; anyone else is
// told why not. The scan is the volunteer's act, so the check-in is a POST from this page.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $qrCheckIn, checkInWithQr } from '../../../stores/rota-swaps.ts';
import {
  failureMessage,
  Loader,
  makeT,
  MemberGate,
  Notice,
  useMember,
  type IslandProps,
  type T,
} from '../ui/index.ts';

type Props = IslandProps & { slug: string };

function CheckIn({ t, slug, church }: Props & { t: T }) {
  const { ready } = useMember(church);
  const state = useStore($qrCheckIn);
  useEffect(() => {
    if (!ready) return;
    const token = new URLSearchParams(location.search).get('t') ?? '';
    void checkInWithQr(slug, token, async (error) =>
      token ? (await failureMessage(error, t('rotas.qr.missing'))).message : t('rotas.qr.missing'),
    );
  }, [ready, slug, t]);
  if (state.state === 'working') return <Loader label={t('rotas.qr.working')} />;
  if (state.state === 'error') return <Notice kind="error">{state.message}</Notice>;
  return (
    <>
      <Notice kind="ok">
        {t('rotas.qr.done', {
          what: `${state.result.posicoes.join(', ')} · ${state.result.titulo}`,
        })}
      </Notice>
      <p>
        <a href="/user/rotas">{t('rotas.link.mine')}</a>
      </p>
    </>
  );
}

export default function QrCheckInIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  return (
    <MemberGate church={props.church} loadingLabel={t('rotas.qr.working')}>
      <CheckIn t={t} {...props} />
    </MemberGate>
  );
}
