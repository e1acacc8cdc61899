// The import page over its store: another import on screen starts from its own saved choices;
// starting with changed choices reads them again instead; a refused undo lists what is in use;
// the upload form asks for a file and is forgotten with the import.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportOptions, ImportView } from '../../contract/imports.ts';

const api = vi.hoisted(() => ({
  fetchImport: vi.fn(),
  fetchImports: vi.fn(),
  saveImportOptions: vi.fn(),
  startImport: vi.fn(),
  undoImport: vi.fn(),
  uploadImport: vi.fn(),
}));
vi.mock('../lib/staff/imports-api.ts', () => api);
vi.mock('../lib/staff/http.ts', () => ({
  staffFailure: async () => ({
    status: 409,
    message: 'In use.',
    errors: { emUso: ['Grupo Jovens'] },
  }),
}));
const store = await import('./admin-import.ts');

const options = { ordemData: 'dmy', convidar: false } as ImportOptions;
const view = (id: number, opcoes = options) =>
  ({ id, estado: 'analisado', opcoes }) as unknown as ImportView;

describe('the import page', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    store.close();
    api.fetchImports.mockResolvedValue({ importacoes: [] });
  });

  it('opens an import with its saved choices; starting after a change reads them again', async () => {
    api.fetchImport.mockResolvedValue(view(4));
    await store.open('graca', 4);
    expect(store.$choices.get()).toMatchObject({ options, dirty: false });
    store.chooseOptions({ ...options, ordemData: 'mdy' });
    api.saveImportOptions.mockResolvedValue(view(4, { ...options, ordemData: 'mdy' }));
    await store.startImport('graca');
    expect(api.startImport).not.toHaveBeenCalled();
    expect(api.saveImportOptions).toHaveBeenCalledWith('graca', 4, {
      ...options,
      ordemData: 'mdy',
    });
    expect(store.$choices.get()).toMatchObject({ dirty: false, busy: false, error: null });
    api.startImport.mockResolvedValue({ ...view(4), estado: 'na_fila' });
    await store.startImport('graca');
    expect(api.startImport).toHaveBeenCalledWith('graca', 4);
    api.fetchImport.mockResolvedValue(view(5, { ...options, convidar: true }));
    await store.open('graca', 5);
    expect(store.$choices.get().options?.convidar).toBe(true);
  });

  it('a refused undo shows the message and what is in use', async () => {
    api.fetchImport.mockResolvedValue({ ...view(4), estado: 'concluido' });
    await store.open('graca', 4);
    api.undoImport.mockRejectedValue(new Error('409'));
    await store.undoImport('graca');
    expect(store.$choices.get()).toMatchObject({ error: 'In use.', inUse: ['Grupo Jovens'] });
  });

  it('asks for a file, and forgets the chosen one when the page goes back to the form', async () => {
    await store.sendFile('graca', 'Choose a file.');
    expect(store.$uploadForm.get().error).toBe('Choose a file.');
    expect(api.uploadImport).not.toHaveBeenCalled();
    store.chooseFile(new File(['a'], 'a.csv'));
    api.uploadImport.mockResolvedValue(view(6));
    await store.sendFile('graca', 'Choose a file.');
    expect(api.uploadImport).toHaveBeenCalledWith('graca', 'pessoas', expect.any(File));
    expect(store.$current.get()?.id).toBe(6);
    store.close();
    expect(store.$uploadForm.get()).toMatchObject({ file: null, error: null });
  });
});
