// The church header's script (src/README.md, DOM scripts; content pages carry no framework JS):
// the shell's, then the logged-in member's name on the account link (read from the session the
// store keeps) and, in an organisation, the nearest churches once the member asks and allows the
// location.
import type { Client } from '../../contract/church.ts';
import type { SessionState } from '../stores/session.ts';
import { SESSION_KEY, TOKEN_KEY } from '../stores/storage-keys.ts';
import './shell.ts';

function nameTheMember(): void {
  const link = document.querySelector<HTMLElement>('[data-account-link]');
  try {
    const session = JSON.parse(
      sessionStorage.getItem(SESSION_KEY) || 'null',
    ) as SessionState | null;
    if (link && session?.user && session.clientAccount && sessionStorage.getItem(TOKEN_KEY)) {
      link.textContent = session.user.nome;
      link.title = link.dataset.accountLabel || '';
    }
  } catch {
    /* storage blocked or a broken entry: the link keeps its label */
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
