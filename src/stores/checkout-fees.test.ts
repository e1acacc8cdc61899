// The event checkout's fee quote and cash days: a paid order asks the event's fees per method with
// its value, a free one asks none; the cash days come from the event (none when it cannot be read).
import { beforeEach, describe, expect, it, vi } from 'vitest';

const eventFees = vi.fn();
const churchEvent = vi.fn();
vi.mock('../lib/checkout/api.ts', () => ({ checkout: { eventFees }, newKey: () => 'key' }));
vi.mock('../lib/events/api.ts', () => ({ churchEvent }));
const { $cashDays, eventFeeQuote, loadCashDays } = await import('./checkout.ts');

const order = (value: number) =>
  ({ event: { id: 7 }, tickets: [{ id: 1, quantity: 1 }], value }) as unknown as Parameters<
    typeof eventFeeQuote
  >[0];

describe('checkout store: the event order’s quote and cash days', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    $cashDays.set(undefined);
  });

  it('a paid order asks the event’s fees per method; a free one or none asks nothing', async () => {
    eventFees.mockResolvedValueOnce({ valor: 150, valorTotal: 157.5 });
    const fees = eventFeeQuote(order(150));
    expect(await fees!('pix')).toEqual({ valor: 150, valorTotal: 157.5 });
    expect(eventFees).toHaveBeenCalledWith(7, 150, 'pix');
    expect(eventFeeQuote(order(0))).toBeNull();
    expect(eventFeeQuote(null)).toBeNull();
  });

  it('the cash days are the event’s; an event that cannot be read gives none', async () => {
    churchEvent.mockResolvedValueOnce({ id: 7, diasPagamentoDinheiro: 3 });
    await loadCashDays('graca', 7);
    expect(churchEvent).toHaveBeenCalledWith('graca', 7);
    expect($cashDays.get()).toBe(3);
    churchEvent.mockResolvedValueOnce(null);
    await loadCashDays('graca', 7);
    expect($cashDays.get()).toBeUndefined();
  });
});
