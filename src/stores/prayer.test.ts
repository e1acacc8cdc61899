// The actions under a request: "I prayed" shows the API's count once done, or its message; a
// supportive message is checked first, joins the list once sent and clears the box; a refusal
// keeps the text to try again, with the field's message. The member's own requests: someone
// else's is a 404 ("no result found"), and a refused delete says why. A new request is checked
// first, goes to the success page once sent, and a refusal keeps the draft and the image.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  prayFor: vi.fn(),
  sendSupport: vi.fn(),
  loadOwnPrayers: vi.fn(),
  loadOwnPrayer: vi.fn(),
  deletePrayer: vi.fn(),
  postPrayer: vi.fn(),
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

  const limits = { name: 40, message: 500, imageBytes: 1024 };
  const newTexts = { rule: (key: string) => `t:${key}`, failed: 'Failed.' };

  it('a new request is checked first: an empty text, a name or an image too big', async () => {
    store.openNewPrayer('Ana');
    expect(store.$newPrayer.get().draft).toMatchObject({ nome: 'Ana', mensagem: '' });
    const big = new File(['x'.repeat(2048)], 'big.png', { type: 'image/png' });
    expect(store.chooseNewPrayerImage(big, limits, newTexts.rule)).toBe(false);
    expect(store.$newPrayer.get()).toMatchObject({
      file: null,
      errors: { image: expect.any(String) },
    });
    expect(await store.sendNewPrayer(1, limits, newTexts)).toBe(false);
    expect(api.postPrayer).not.toHaveBeenCalled();
    expect(store.$newPrayer.get().errors).toMatchObject({ mensagem: 't:v.required' });
    store.setNewPrayerField('mensagem', 'Pray for my family');
    expect(store.$newPrayer.get().errors.mensagem).toBeUndefined();
  });

  it('a sent request goes to the success page (private when not on the wall)', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign });
    store.openNewPrayer('Ana');
    store.setNewPrayerField('mensagem', 'Pray for my family');
    store.setNewPrayerField('flagPublicarMural', false);
    api.postPrayer.mockResolvedValueOnce({});
    expect(await store.sendNewPrayer(1, limits, newTexts)).toBe(true);
    const body = api.postPrayer.mock.calls[0]![0] as FormData;
    expect(body.get('mensagem')).toBe('Pray for my family');
    expect(assign).toHaveBeenCalledWith('/prayer/new/success?private=1');
    vi.unstubAllGlobals();
  });

  it('a refused request keeps the draft and the image, with the fields’ messages', async () => {
    store.openNewPrayer('Ana');
    store.setNewPrayerField('mensagem', 'Pray for my family');
    const image = new File(['x'], 'a.png', { type: 'image/png' });
    expect(store.chooseNewPrayerImage(image, limits, newTexts.rule)).toBe(true);
    api.postPrayer.mockRejectedValueOnce(
      refused(400, { message: 'Invalid', errors: { nome: ['Too long'], idIgreja: ['Unknown'] } }),
    );
    expect(await store.sendNewPrayer(1, limits, newTexts)).toBe(false);
    expect(store.$newPrayer.get()).toMatchObject({
      draft: { mensagem: 'Pray for my family' },
      file: image,
      errors: { nome: 'Too long' },
      notice: { kind: 'error', text: 'Failed. Unknown' },
      submitting: false,
    });
  });
});
