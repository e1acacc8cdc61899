// /user/giving's flow: a recurring gift's save sends only what changed and closes the form, a
// refusal shows by its fields; pause answers with the gift, a refused action says why on the page;
// a failed load shows none rather than loading forever.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecurringGift } from '../../contract/giving.ts';

const giving = vi.hoisted(() => ({
  recurring: vi.fn(),
  history: vi.fn(),
  recurringAction: vi.fn(),
  updateRecurring: vi.fn(),
  statement: vi.fn(),
}));
vi.mock('../lib/giving/api.ts', () => ({ giving }));
vi.mock('../lib/checkout/api.ts', () => ({ checkout: { savedCards: vi.fn(async () => []) } }));
const store = await import('./giving-account.ts');

const gift: RecurringGift = {
  id: 7,
  motivo: { id: 1, nome: 'Dízimo' },
  valor: 40,
  moeda: 'BRL',
  recorrenciaDias: 30,
  flagUsuarioTaxa: false,
  status: 'ativa',
  proximaCobranca: '2026-12-01',
  tentativasFalhas: 0,
  cartao: { id: 3, bandeira: 'visa', final: '3220' },
  confirmacaoPendente: false,
  dataCadastro: '2026-01-01T00:00:00.000Z',
};
const refused = (status: number, body: object) =>
  new HTTPError(
    new Response(JSON.stringify(body), { status }),
    new Request('http://localhost/api/v1/'),
    {} as NormalizedOptions,
  );
const texts = { saved: 'Saved.', generic: 'Something went wrong.' };

describe('giving account store', () => {
  beforeEach(async () => {
    vi.resetAllMocks();
    store.$recurringEdits.set({});
    giving.recurring.mockResolvedValue({ doacoesRecorrentes: [gift] });
    await store.loadRecurring('graca', 9, 1);
  });

  it('saves only what changed, replaces the gift and closes the form with a message', async () => {
    store.toggleEditing(gift);
    store.setRecurringField(gift, 'valor', '50,5');
    giving.updateRecurring.mockResolvedValue({ doacaoRecorrente: { ...gift, valor: 50.5 } });
    await store.saveRecurring(9, gift, texts);
    expect(giving.updateRecurring).toHaveBeenCalledWith(9, 7, { valor: 50.5 });
    expect(store.$givingAccount.get().recurring).toEqual([{ ...gift, valor: 50.5 }]);
    expect(store.recurringEditOf(gift)).toMatchObject({ editing: false, busy: false });
    expect(store.$givingAccount.get().message).toEqual({ kind: 'ok', text: 'Saved.' });
  });

  it('a refused save shows by its fields, or the API’s message when it names none', async () => {
    giving.updateRecurring.mockRejectedValueOnce(
      refused(400, { message: 'Invalid', errors: { valor: ['Too small'] } }),
    );
    await store.saveRecurring(9, gift, texts);
    expect(store.recurringEditOf(gift).errors).toEqual({ valor: 'Too small' });
    giving.updateRecurring.mockRejectedValueOnce(refused(422, { message: 'Card expired' }));
    await store.saveRecurring(9, gift, texts);
    expect(store.recurringEditOf(gift).errors).toEqual({ _: 'Card expired' });
  });

  it('pause answers with the gift; a refused cancel says why and closes its question', async () => {
    giving.recurringAction.mockResolvedValueOnce({
      doacaoRecorrente: { ...gift, status: 'pausada' },
    });
    await store.recurringAction(9, gift, 'pausar', texts.generic);
    expect(store.$givingAccount.get().recurring?.[0]?.status).toBe('pausada');
    store.askCancel(gift, true);
    giving.recurringAction.mockRejectedValueOnce(refused(409, {}));
    await store.recurringAction(9, gift, 'cancelar', texts.generic);
    expect(store.$givingAccount.get().message).toEqual({ kind: 'error', text: texts.generic });
    expect(store.recurringEditOf(gift)).toMatchObject({ confirming: false, busy: false });
  });

  it('a failed load shows no gifts rather than loading forever', async () => {
    giving.history.mockRejectedValue(refused(500, {}));
    await store.loadHistory(9, 1, '2026');
    expect(giving.history).toHaveBeenCalledWith(9, 1, 2026);
    expect(store.$givingAccount.get().gifts).toEqual([]);
  });

  it('the yearly statement loads for the year asked; a failure says so rather than loading forever', async () => {
    giving.statement.mockResolvedValueOnce({ ano: 2025 });
    await store.loadStatement(9, 1, 2025);
    expect(giving.statement).toHaveBeenCalledWith(9, 1, 2025);
    expect(store.$statement.get()).toEqual({ ano: 2025 });
    giving.statement.mockRejectedValueOnce(refused(500, {}));
    await store.loadStatement(9, 1, 2024);
    expect(store.$statement.get()).toBeNull();
  });
});
