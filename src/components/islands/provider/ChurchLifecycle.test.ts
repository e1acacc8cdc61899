// The console's church row offers the export and the deletion after a grace period, and a
// deletion on its way shows its date with the way to cancel it (docs/provider.md "Deleting a church").
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ProviderChurch } from '../../../../contract/provider.ts';
import pt from '../../../i18n/pt/provider.json' with { type: 'json' };
import { ChurchLifecycle } from './ChurchLifecycle.tsx';
import { providerT } from './strings.ts';

const t = providerT(pt, 'pt');
const church = { id: 7, nome: 'Igreja Nova', codigo: 'nova', exclusao: null } as ProviderChurch;
const render = (c: ProviderChurch) =>
  renderToStaticMarkup(
    createElement(ChurchLifecycle, { t, lang: 'pt', church: c, onChange: () => undefined }),
  );

describe('a church’s export and deletion in the console', () => {
  it('offers to export the church and to delete it after a grace period', () => {
    const html = render(church);
    expect(html).toContain('Exportar os dados de Igreja Nova');
    expect(html).toContain('Excluir Igreja Nova…');
    expect(html).not.toContain('Cancelar a exclusão');
  });

  it('shows a deletion on its way with its date, and the way to cancel it', () => {
    const html = render({
      ...church,
      exclusao: {
        pedidaEm: '2026-11-01T12:00:00.000Z',
        excluirEm: '2026-12-01T12:00:00.000Z',
        exportacaoId: 3,
      },
    });
    expect(html).toMatch(/Exclusão marcada para .*2026/);
    expect(html).toContain('Cancelar a exclusão de Igreja Nova');
    expect(html).not.toContain('Excluir Igreja Nova…');
  });
});
