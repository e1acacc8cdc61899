// Progressive enhancement of the event page for a logged-in member (no framework): the
// member's tickets turn the button into "register again" or "online access" and apply the
// per-person limit (spec §4). Without a session the server-rendered visitor view stays.
import {
  eventButton,
  ticketAvailability,
  type TicketAvailability,
} from '../../contract/event-rules.ts';

interface TicketData {
  id: number;
  remaining: number;
  from: string | null;
  until: string | null;
  limit: number | null;
}

function userIdOf(token: string): number | null {
  try {
    const payload = JSON.parse(
      atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
    ) as { sub?: string; exp?: number };
    if (payload.exp && payload.exp * 1000 < Date.now()) return null;
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * spec §8: a 401 logs out. The session ended elsewhere (expired or revoked), so its keys go as
 * logout clears them (STORAGE_KEYS of src/stores/storage-keys.ts, written out as below) and the
 * visitor view stays, with no error: there is nothing the visitor did wrong on this page.
 */
function forgetSession(): void {
  for (const key of ['church:token', 'church:session', 'church:chatUser', 'church:play'])
    sessionStorage.removeItem(key);
  for (const key of ['church:refreshToken', 'church:memberName', 'church:chatUser', 'church:play'])
    localStorage.removeItem(key);
  const account = document.querySelector<HTMLElement>('[data-account-link]');
  if (account?.dataset.accountLabel) account.textContent = account.dataset.accountLabel;
  for (const item of document.querySelectorAll<HTMLElement>('[data-member-only]'))
    item.hidden = true;
}

async function enhance(root: HTMLElement): Promise<void> {
  // TOKEN_KEY of src/stores/storage-keys.ts, written out: an import would make Vite split a shared
  // chunk, and this page's one small script would stop being inlined
  const token = sessionStorage.getItem('church:token');
  const userId = token ? userIdOf(token) : null;
  if (!token || !userId) return;
  const eventId = root.dataset.eventId!;
  const response = await fetch(`/api/v1/usuario/${userId}/evento/${eventId}/inscricao/`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  if (response.status === 401) return forgetSession();
  if (!response.ok) return;
  const { inscricoes } = (await response.json()) as {
    inscricoes: { status: string; ingresso: { id: number } }[];
  };
  const held = new Map<number, number>();
  for (const r of inscricoes)
    if (r.status !== 'cancelada') held.set(r.ingresso.id, (held.get(r.ingresso.id) ?? 0) + 1);
  const labels = JSON.parse(root.dataset.labels ?? '{}') as Record<string, string>;
  const now = new Date();
  const event = {
    endsAt: new Date(root.dataset.endsAt!),
    registrationOpen: root.dataset.open === 'true',
    hasOnlineContent: root.dataset.content === 'true',
  };
  const availabilities: TicketAvailability[] = [];
  for (const item of root.querySelectorAll<HTMLElement>('[data-ticket]')) {
    const t = JSON.parse(item.dataset.ticket!) as TicketData;
    const a = ticketAvailability(
      {
        id: t.id,
        remaining: t.remaining,
        availableFrom: t.from ? new Date(t.from) : null,
        availableUntil: t.until ? new Date(t.until) : null,
        perUserLimit: t.limit,
      },
      held.get(t.id) ?? 0,
      now,
      event,
    );
    availabilities.push(a);
    const input = item.querySelector<HTMLInputElement>('input[type=number]');
    if (a.state === 'userLimitReached') {
      item.querySelector('.availability')!.textContent = labels.userLimit ?? '';
      item.classList.add('ticket-userLimitReached');
      input?.closest('.qty')?.remove();
    } else if (a.state === 'available' && input) {
      input.max = String(Math.min(a.max, 10));
    }
  }
  const total = [...held.values()].reduce((s, n) => s + n, 0);
  const button = eventButton(event, availabilities, total, now);
  const actions = root.querySelector<HTMLElement>('[data-actions]')!;
  const submit = actions.querySelector<HTMLButtonElement>('button[type=submit]');
  const anyOnSale = availabilities.some((a) => a.state === 'available');
  if (button === 'onlineAccess' || (total > 0 && root.dataset.content === 'true')) {
    const link = document.createElement('a');
    link.className = 'button';
    link.href = `/user/registrations/${eventId}/tickets`;
    link.textContent = labels.onlineAccess ?? '';
    // after the button, so a click on it as the page enhances still lands on it (nothing moves)
    actions.append(link);
    actions.querySelector('.disabled')?.remove();
  }
  if (submit) {
    if (!anyOnSale) submit.remove();
    else if (total > 0) submit.textContent = labels.registerAgain ?? submit.textContent;
  }
}

const root = document.querySelector<HTMLElement>('[data-event-status]');
if (root) void enhance(root).catch(() => undefined);
