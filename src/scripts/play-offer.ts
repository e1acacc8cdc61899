// Added to the header's script on Play's pages only (src/layouts/BaseLayout.astro, docs/play.md):
// Play's home offers the plans; a member who already subscribes is led to their plan instead.
import { TOKEN_KEY } from '../stores/storage-keys.ts';

/** The member id of a live access token (its `sub`), or null. */
function memberIdOf(token: string | null): number | null {
  try {
    const claims = JSON.parse(
      atob(token!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
    ) as {
      sub?: string;
      exp?: number;
    };
    const id = Number(claims.sub);
    return (claims.exp ?? 0) * 1000 > Date.now() && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** Play's home offers the plans; a member who already subscribes is led to their plan instead (docs/play.md). */
async function offerPlansToOthers(): Promise<void> {
  const offer = document.querySelector<HTMLAnchorElement>('[data-play-offer]');
  const token = offer && sessionStorage.getItem(TOKEN_KEY);
  const id = memberIdOf(token ?? null);
  if (!offer || !id) return;
  const response = await fetch(
    `/api/v1/usuario/${id}/usuario-plano-assinatura/?igreja=${offer.dataset.church}`,
    { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } },
  );
  if (!response.ok) return;
  const { assinaturas } = (await response.json()) as {
    assinaturas: { status: { situacao: string }; pagoAte: string | null }[];
  };
  // spec §3: only 'ativo' counts as subscribed (and only while paid).
  const now = Date.now();
  if (
    assinaturas.some(
      (s) => s.status.situacao === 'ativo' && (!s.pagoAte || Date.parse(s.pagoAte) > now),
    )
  ) {
    offer.href = '/play/my-plan';
    offer.textContent = offer.dataset.subscribed ?? offer.textContent;
  }
}

void offerPlansToOthers().catch(() => undefined);
