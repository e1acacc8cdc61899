// The choices of an import being prepared: for spreadsheets the column mapping and the date
// order; for people the lines to confirm and the invitations; for posts each category's kind.
// They live in $choices (src/stores/admin-import.ts) until read again.
import { useStore } from '@nanostores/react';
import {
  GIFT_FIELDS,
  PEOPLE_FIELDS,
  type ImportOptions,
  type ImportView,
} from '../../../../../contract/imports.ts';
import { $choices, chooseOptions } from '../../../../stores/admin-import.ts';
import { Check, Select, type T } from '../../ui/index.ts';

/** The column mapping (spreadsheets), the date order, invitations and the category choice. */
export function ImportChoices({ view, t }: { view: ImportView; t: T }) {
  const options = useStore($choices).options ?? view.opcoes;
  const setOptions = chooseOptions;
  const fields = view.tipo === 'pessoas' ? PEOPLE_FIELDS : GIFT_FIELDS;
  return (
    <>
      {view.colunas && (
        <fieldset className="import-mapping">
          <legend>{t('admin.import.mapping')}</legend>
          <p>{t('admin.import.mappingHint')}</p>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('admin.import.column')}</th>
                <th scope="col">{t('admin.import.examples')}</th>
                <th scope="col">{t('admin.import.field')}</th>
              </tr>
            </thead>
            <tbody>
              {view.colunas.map((c, i) => (
                <tr key={i}>
                  <th scope="row">{c.nome}</th>
                  <td>{c.exemplos.filter(Boolean).join(' · ')}</td>
                  <td>
                    <label className="visually-hidden" htmlFor={`map-${i}`}>
                      {t('admin.import.fieldOf', { column: c.nome })}
                    </label>
                    <select
                      id={`map-${i}`}
                      value={options.mapeamento[i] ?? ''}
                      onChange={(e) => {
                        const mapeamento = view.colunas!.map(
                          (_, j) => options.mapeamento[j] ?? null,
                        );
                        mapeamento[i] = (e.target.value ||
                          null) as ImportOptions['mapeamento'][number];
                        setOptions({ ...options, mapeamento });
                      }}
                    >
                      <option value="">{t('admin.import.ignore')}</option>
                      {fields.map((f) => (
                        <option key={f} value={f}>
                          {t(`admin.import.f.${f}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Select
            label={t('admin.import.dateOrder')}
            name="ordemData"
            value={options.ordemData}
            onChange={(v) => setOptions({ ...options, ordemData: v as 'dmy' | 'mdy' })}
            options={[
              { value: 'dmy', label: t('admin.import.dmy') },
              { value: 'mdy', label: t('admin.import.mdy') },
            ]}
          />
        </fieldset>
      )}
      {view.tipo === 'pessoas' && <Confirmations view={view} t={t} />}
      {view.tipo === 'pessoas' && (
        <Check
          label={t('admin.import.invite')}
          name="convidar"
          checked={options.convidar}
          onChange={(v) => setOptions({ ...options, convidar: v })}
        />
      )}
      {view.tipo === 'posts' && view.categoriasArquivo.length > 0 && (
        <fieldset className="import-mapping">
          <legend>{t('admin.import.categories')}</legend>
          {view.categoriasArquivo.map((c) => (
            <Select
              key={c}
              label={c}
              name={`cat-${c}`}
              value={options.categorias[c] ?? 'noticia'}
              onChange={(v) =>
                setOptions({
                  ...options,
                  categorias: { ...options.categorias, [c]: v as 'noticia' | 'devocional' },
                })
              }
              options={[
                { value: 'noticia', label: t('admin.import.asNews') },
                { value: 'devocional', label: t('admin.import.asDevotional') },
              ]}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}

/**
 * Lines whose CPF is a member's here under another name and e-mail: refused unless ticked, each
 * with the person it would merge into (the refusal's text), so a typo never merges two people.
 */
function Confirmations({ view, t }: { view: ImportView; t: T }) {
  const options = useStore($choices).options ?? view.opcoes;
  const setOptions = chooseOptions;
  const asked = view.previa?.confirmarLinhas ?? [];
  const lines = [...new Set([...asked, ...options.confirmar])].sort((a, b) => a - b);
  if (!lines.length) return null;
  const reason = (line: number) =>
    view.previa?.recusadas.find((r) => r.linha === line)?.motivo ?? '';
  return (
    <fieldset className="import-mapping import-confirm">
      <legend>{t('admin.import.confirmTitle')}</legend>
      <p>{t('admin.import.confirmHint')}</p>
      {lines.map((line) => (
        <div key={line}>
          <Check
            label={t('admin.import.confirmLine', { line })}
            name={`confirmar-${line}`}
            checked={options.confirmar.includes(line)}
            onChange={(v) =>
              setOptions({
                ...options,
                confirmar: v
                  ? [...options.confirmar, line]
                  : options.confirmar.filter((l) => l !== line),
              })
            }
          />
          {reason(line) && <p className="import-confirm-reason">{reason(line)}</p>}
        </div>
      ))}
    </fieldset>
  );
}
