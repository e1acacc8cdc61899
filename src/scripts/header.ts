// The church header's script (src/README.md, DOM scripts; content pages carry no framework JS):
// the shell's, then the logged-in member's name on the account link (read from the session the
// store keeps). In an organisation the header's church picker adds ./church-near.ts, and Play's
// pages add ./play-offer.ts (src/layouts/BaseLayout.astro).
import { headerMemberName } from '../stores/storage-keys.ts';
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

nameTheMember();
