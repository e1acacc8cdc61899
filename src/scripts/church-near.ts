// The church picker's "near me" of a church in an organisation (spec §2 Other), added to the
// header's script only where the header shows the picker (src/layouts/BaseLayout.astro): the
// nearest churches once the member asks and allows the location.
import type { Client } from '../../contract/church.ts';

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

offerNearChurches();
