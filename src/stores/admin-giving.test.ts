// The gifts page over its store: the address's filters (approved by default, `todos` for any), the
// month a period is exactly, and a refund's notice.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  refundGift: vi.fn(),
  fetchGifts: vi.fn(),
  fetchSummary: vi.fn(),
}));
vi.mock('../lib/staff/giving-api.ts', () => api);
const giving = await import('./admin-giving.ts');

const params = (query: string) => new URLSearchParams(query);

describe('the gifts page', () => {
  beforeEach(() => vi.resetAllMocks());

  it('reads approved gifts by default, any status for `todos`', () => {
    expect(giving.giftFilterOf(params('motivo=3'))).toEqual({
      de: null,
      ate: null,
      motivo: 3,
      metodo: null,
      status: 'aprovado',
    });
    expect(giving.giftFilterOf(params('status=todos')).status).toBeNull();
  });

  it('names the month only when the period is exactly that month', () => {
    expect(giving.monthRange('2024-02')).toEqual(['2024-02-01', '2024-02-29']);
    expect(giving.monthOf(giving.giftFilterOf(params('de=2024-02-01&ate=2024-02-29')))).toBe(
      '2024-02',
    );
    expect(giving.monthOf(giving.giftFilterOf(params('de=2024-02-02&ate=2024-02-29')))).toBe('');
  });

  it('says the refund was done, and the list reloads', async () => {
    api.refundGift.mockResolvedValue(undefined);
    api.fetchGifts.mockResolvedValue({ doacoes: [] });
    api.fetchSummary.mockResolvedValue({ total: 0 });
    const filter = giving.giftFilterOf(params(''));
    await giving.refundOne('graca', 'D-1', filter, 1, 'Refunded D-1.');
    expect(giving.$giftsDesk.get().notice).toEqual({ kind: 'ok', text: 'Refunded D-1.' });
    expect(api.fetchGifts).toHaveBeenCalledWith('graca', filter, 1);
  });
});
