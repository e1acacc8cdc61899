// The member card's flow: a visitor is asked to log in; the cards of the e-mail the page names
// (else the member's own) in its church; none says so with the e-mail; a failure says so.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const memberCards = vi.hoisted(() => vi.fn());
const startSession = vi.hoisted(() => vi.fn());
vi.mock('../lib/account/api.ts', () => ({ memberCards }));
vi.mock('./session.ts', async () => {
  const { map } = await import('nanostores');
  return { startSession, $session: map({ user: { email: 'ana@example.com' } }) };
});
const { $memberCard, openMemberCard } = await import('./member-card.ts');

const church = {
  id: 1,
  codigo: 'graca',
  nome: 'Graça',
  pais: 'BR',
  fusoHorario: 'America/Sao_Paulo',
  slugOrganizacao: null,
};

describe('member card store', () => {
  beforeEach(() => vi.resetAllMocks());

  it('a visitor is asked to log in, and nothing is loaded', async () => {
    startSession.mockResolvedValue(false);
    await openMemberCard(church, null, null);
    expect($memberCard.get()).toEqual({ kind: 'login' });
    expect(memberCards).not.toHaveBeenCalled();
  });

  it('the member’s own cards in the page’s church; none says so with the e-mail', async () => {
    startSession.mockResolvedValue(true);
    memberCards.mockResolvedValueOnce([{ id: 4 }]);
    await openMemberCard(church, null, null);
    expect(memberCards).toHaveBeenCalledWith('ana@example.com', 1);
    expect($memberCard.get()).toEqual({ kind: 'cards', cards: [{ id: 4 }] });
    memberCards.mockResolvedValueOnce([]);
    await openMemberCard(church, 'bia@example.com', 7);
    expect(memberCards).toHaveBeenLastCalledWith('bia@example.com', 7);
    expect($memberCard.get()).toEqual({ kind: 'none', email: 'bia@example.com' });
    memberCards.mockRejectedValueOnce(new Error('network'));
    await openMemberCard(church, null, null);
    expect($memberCard.get()).toEqual({ kind: 'error' });
  });
});
