// The /groups list's script (src/README.md, DOM scripts; the list ships no framework JS, docs/groups.md):
// the search form leaves its empty fields out of the address, "near me" fills in the location
// and sends the form, and a logged-in member sees "my groups" (read with the session's token).
import type { GroupListResponse } from '../../contract/groups.ts';
import { tokenExpiry } from '../lib/account/jwt.ts';
import { TOKEN_KEY } from '../stores/storage-keys.ts';

function enhanceForm(): void {
  const form = document.querySelector<HTMLFormElement>('[data-groups-form]');
  if (!form) return;
  const fields = () => Array.from(form.elements) as HTMLInputElement[];
  const dropEmpty = () => {
    for (const field of fields()) if (field.name && !field.value) field.disabled = true;
  };
  form.addEventListener('submit', dropEmpty);
  addEventListener('pageshow', () => {
    for (const field of fields()) field.disabled = false;
  });
  const near = document.querySelector<HTMLButtonElement>('[data-groups-near]');
  const status = document.querySelector<HTMLElement>('[data-groups-near-status]');
  if (!near || !('geolocation' in navigator)) return;
  near.hidden = false;
  near.addEventListener('click', () => {
    near.disabled = true;
    near.setAttribute('aria-busy', 'true');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const named = form.elements as unknown as Record<string, HTMLInputElement>;
        named.latitude!.value = position.coords.latitude.toFixed(4);
        named.longitude!.value = position.coords.longitude.toFixed(4);
        dropEmpty();
        form.submit();
      },
      () => {
        near.disabled = false;
        near.removeAttribute('aria-busy');
        if (status) status.textContent = near.dataset.denied || '';
      },
      { timeout: 10000 },
    );
  });
}

/** `GET /igreja/{slug}/celula/?usuario=1` with the member's token: the member's own groups. */
async function myGroups(slug: string, token: string): Promise<GroupListResponse['celulas']> {
  const response = await fetch(`/api/v1/igreja/${encodeURIComponent(slug)}/celula/?usuario=1`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': document.documentElement.lang },
  });
  if (!response.ok) throw new Error(String(response.status));
  return ((await response.json()) as GroupListResponse).celulas;
}

function showMyGroups(): void {
  const box = document.querySelector<HTMLElement>('[data-my-groups]');
  if (!box) return;
  let token: string | null = null;
  try {
    token = sessionStorage.getItem(TOKEN_KEY);
  } catch {
    /* storage blocked: a visitor's view */
  }
  if (!token) return;
  box.hidden = false;
  const list = box.querySelector<HTMLElement>('[data-my-list]')!;
  const status = box.querySelector<HTMLElement>('[data-my-status]')!;
  const text = box.dataset;
  // a token about to run out cannot be renewed without the session store: log in again
  if ((tokenExpiry(token) ?? 0) < Date.now() + 5000) {
    const link = document.createElement('a');
    link.href = text.login ?? '';
    link.textContent = text.refresh ?? '';
    status.replaceChildren(link);
    return;
  }
  status.textContent = text.loading ?? '';
  const days = JSON.parse(text.days ?? '[]') as string[];
  myGroups(text.slug ?? '', token)
    .then((groups) => {
      if (!groups.length) {
        status.textContent = text.none ?? '';
        return;
      }
      status.textContent = '';
      list.replaceChildren(
        ...groups.map((group) => {
          const item = document.createElement('li');
          const link = document.createElement('a');
          const meta = document.createElement('small');
          link.href = `/groups/${group.id}`;
          link.textContent = group.nome;
          meta.textContent = [
            `${days[group.diaSemana]} · ${group.horario}`,
            group.bairro,
            group.papel === 'lider' ? text.leader : text.member,
          ]
            .filter(Boolean)
            .join(' · ');
          item.append(link, meta);
          return item;
        }),
      );
    })
    .catch(() => {
      status.textContent = text.failed ?? '';
    });
}

enhanceForm();
showMyGroups();
