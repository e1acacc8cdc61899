// The actions under a request: "I prayed" shows the API's count once done, or its message; a
// supportive message is checked first, joins the list once sent and clears the box; a refusal
// keeps the text to try again, with the field's message. The member's own requests: someone
// else's is a 404 ("no result found"), and a refused delete says why.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  prayFor: vi.fn(),
  sendSupport: vi.fn(),
  loadOwnPrayers: vi.fn(),
  loadOwnPrayer: vi.fn(),
  deletePrayer: vi.fn(),
}));
vi.mock('../lib/prayer/api.ts', () => api);
const store = await import('./prayer.ts');

const refused = (status: number, body: object) =>
  new HTTPError(
    new Response(JSON.stringify(body), { status }),
    new Request('http://localhost/api/v1/oracao/'),
    {} as NormalizedOptions,
  );
const texts = { rule: (key: string) => `t:${key}`, sent: 'Sent.', failed: 'Failed.' };
const message = { id: 5, mensagem: 'Praying for you', nome: 'Ana', dataCriacao: '2026-11-29' };

describe('prayer actions store', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    store.$prayerActions.set({});
  });

  it('"I prayed" shows the API’s count, or its message and lets the member try again', async () => {
    api.prayFor.mockResolvedValueOnce({ qtdeOrar: 8 });
    await store.pray(3, 'Failed.');
    expect(store.prayerActionsOf(3)).toMatchObject({ count: 8, pray: 'done', prayError: null });
    api.prayFor.mockRejectedValueOnce(refused(429, { message: 'Too many' }));
    await store.pray(4, 'Failed.');
    expect(store.prayerActionsOf(4)).toMatchObject({
      count: null,
      pray: 'idle',
      prayError: 'Too many',
    });
  });

  it('an empty message is refused before anything is sent', async () => {
    await store.sendSupportMessage({ prayerId: 3, max: 500, texts });
    expect(api.sendSupport).not.toHaveBeenCalled();
    expect(store.prayerActionsOf(3).textError).toBe('t:v.required');
    store.setSupportText(3, 'Praying');
    expect(store.prayerActionsOf(3).textError).toBeUndefined();
  });

  it('a sent message joins the list and clears the box', async () => {
    store.setSupportText(3, 'Praying for you');
    api.sendSupport.mockResolvedValueOnce({ mensagem: message });
    await store.sendSupportMessage({ prayerId: 3, max: 500, texts });
    expect(api.sendSupport).toHaveBeenCalledWith(3, 'Praying for you');
    expect(store.prayerActionsOf(3)).toMatchObject({
      sent: [message],
      text: '',
      notice: { kind: 'ok', text: 'Sent.' },
      submitting: false,
    });
  });

  it('a refusal keeps the text, with the field’s message', async () => {
    store.setSupportText(3, 'Praying');
    api.sendSupport.mockRejectedValueOnce(
      refused(400, { message: 'Invalid', errors: { mensagem: ['Too short'] } }),
    );
    await store.sendSupportMessage({ prayerId: 3, max: 500, texts });
    expect(store.prayerActionsOf(3)).toMatchObject({
      text: 'Praying',
      textError: 'Too short',
      notice: { kind: 'error', text: 'Failed.' },
      submitting: false,
    });
  });

  it('the member’s own requests load; someone else’s answers 404', async () => {
    api.loadOwnPrayers.mockResolvedValueOnce({ oracoes: [{ id: 3 }] });
    await store.loadOwnList(1);
    expect(store.$ownPrayers.get()).toEqual({ state: 'ready', data: [{ id: 3 }] });
    api.loadOwnPrayer.mockRejectedValueOnce(refused(404, { message: 'Not found' }));
    await store.loadOwnOne(99, 1);
    expect(store.$ownPrayer.get()).toMatchObject({ state: 'error', status: 404 });
  });

  it('a refused delete says why and lets the member try again', async () => {
    api.deletePrayer.mockRejectedValueOnce(refused(404, {}));
    await store.deleteOwnPrayer(3, { notFound: 'Not found.', failed: 'Failed.' });
    expect(store.$ownDeletion.get()).toEqual({ submitting: false, notice: 'Not found.' });
    api.deletePrayer.mockRejectedValueOnce(refused(500, {}));
    await store.deleteOwnPrayer(3, { notFound: 'Not found.', failed: 'Failed.' });
    expect(store.$ownDeletion.get()).toEqual({ submitting: false, notice: 'Failed.' });
  });
});
