// The church header's script (src/README.md, DOM scripts; content pages carry no framework JS):
// the shell's, then the logged-in member's name on the account link (read from the session the
// store keeps) and, in an organisation, the nearest churches once the member asks and allows the
// location.
import type { Client } from '../../contract/church.ts';
import { headerMemberName, TOKEN_KEY } from '../stores/storage-keys.ts';
import './shell.ts';

function nameTheMember(): void {
  const link = document.querySelector<HTMLElement>('[data-account-link]');
  let name: string | null = null;
  try {
    name = headerMemberName(sessionStorage, localStorage);
  } catch {
    /* storage blocked or a broken entry: the link keeps its label */
  }
  if (!name) return;
  if (link) {
    link.textContent = name;
    link.title = link.dataset.accountLabel || '';
  }
  // Menu entries only members can open (the team's songbook, docs/praise.md).
  for (const item of document.querySelectorAll<HTMLElement>('[data-member-only]'))
    item.hidden = false;
}

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

/** `GET /cliente/?organizacao&latitude&longitude&limit=5` (spec §7), nearest first. */
async function nearestChurches(query: Record<string, string>): Promise<Client[]> {
  const response = await fetch(`/api/v1/cliente/?${new URLSearchParams(query)}`);
  return ((await response.json()) as { clientes: Client[] }).clientes;
}

function offerNearChurches(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-near]');
  const list = document.querySelector<HTMLElement>('[data-near-list]');
  if (!button || !list || !('geolocation' in navigator)) return;
  button.hidden = false;
  button.addEventListener('click', () => {
    button.disabled = true;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        nearestChurches({
          organizacao: button.dataset.org ?? '',
          latitude: position.coords.latitude.toFixed(4),
          longitude: position.coords.longitude.toFixed(4),
          limit: '5',
        })
          .then((churches) =>
            list.replaceChildren(
              ...churches.map((church) => {
                const item = document.createElement('li');
                const link = document.createElement('a');
                const port = location.port ? `:${location.port}` : '';
                link.href = `${location.protocol}//${church.codigo}.${button.dataset.domain}${port}/`;
                link.textContent =
                  church.nome + (church.distancia != null ? ` · ${church.distancia} km` : '');
                item.append(link);
                return item;
              }),
            ),
          )
          .finally(() => {
            button.disabled = false;
          });
      },
      () => {
        button.disabled = false;
        list.textContent = button.dataset.denied || '';
      },
      { timeout: 10000 },
    );
  });
}

nameTheMember();
offerNearChurches();
void offerPlansToOthers().catch(() => undefined);
