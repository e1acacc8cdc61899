// /admin/audit (docs/staff.md "Audit log"): who changed what and when, newest first, filtered by
// person and kind; the filters and the page live in the address so a link shares the view.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { AuditEntry } from '../../../../../contract/staff.ts';
import { mediumDateTime } from '../../../../../common/format.ts';
import { $audit, loadAudit } from '../../../../stores/admin-audit.ts';
import {
  ClearFilters,
  ListPager,
  pageOf,
  StaffGate,
  useUrlState,
  type StaffIslandProps,
} from '../kit/index.ts';
import { makeT, Select, type T } from '../../ui/index.ts';

/** A label from the strings when there is one, else the raw code (areas add kinds over time). */
const labelOr = (strings: Record<string, string>, t: T, key: string, raw: string) =>
  key in strings ? t(key) : raw;

/** A module change recorded as "-MOD_X +MOD_Y" read as "turned X off; turned Y on". */
export function summaryText(
  entry: Pick<AuditEntry, 'acao' | 'resumo'>,
  strings: Record<string, string>,
  t: T,
): string {
  const tokens = entry.resumo.split(' ').filter(Boolean);
  if (entry.acao !== 'church.modules' || !tokens.every((w) => /^[+-]MOD_[A-Z_]+$/.test(w)))
    return entry.resumo || '—';
  const names = (sign: string) =>
    tokens
      .filter((w) => w.startsWith(sign))
      .map((w) => labelOr(strings, t, `admin.site.module.${w.slice(1)}`, w.slice(1)))
      .join(', ');
  return [
    names('-') && t('admin.notify.audit.modulesOff', { names: names('-') }),
    names('+') && t('admin.notify.audit.modulesOn', { names: names('+') }),
  ]
    .filter(Boolean)
    .join('; ');
}

function AuditLog({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const [params, update] = useUrlState();
  const audit = useStore($audit);
  const usuario = Number(params.get('usuario')) || null;
  const tipo = params.get('tipo') || null;
  const page = pageOf(params);
  useEffect(() => {
    void loadAudit(slug, { usuario, tipo, page });
  }, [slug, usuario, tipo, page]);

  const kindLabel = (kind: string) => labelOr(strings, t, `admin.notify.audit.kind.${kind}`, kind);
  const actionLabel = (action: string) => {
    const verb = action.split('.').at(-1) ?? action;
    return labelOr(strings, t, `admin.notify.audit.verb.${verb}`, action);
  };
  const filtered = usuario !== null || tipo !== null;

  return (
    <>
      <h1>{t('admin.notify.audit.title')}</h1>
      <p>{t('admin.notify.audit.intro')}</p>
      <form className="staff-toolbar" role="search" onSubmit={(e) => e.preventDefault()}>
        <Select
          label={t('admin.notify.audit.person')}
          name="usuario"
          value={usuario ? String(usuario) : ''}
          placeholder={t('admin.notify.audit.anyone')}
          options={(audit.data?.pessoas ?? []).map((p) => ({ value: String(p.id), label: p.nome }))}
          onChange={(v) => update({ usuario: v || null, page: null })}
        />
        <Select
          label={t('admin.notify.audit.kind')}
          name="tipo"
          value={tipo ?? ''}
          placeholder={t('admin.notify.audit.anyKind')}
          options={(audit.data?.tipos ?? []).map((k) => ({ value: k, label: kindLabel(k) }))}
          onChange={(v) => update({ tipo: v || null, page: null })}
        />
        <ClearFilters
          show={filtered}
          keys={['usuario', 'tipo']}
          label={t('admin.notify.audit.clear')}
          update={update}
        />
      </form>
      <ListPager
        list={audit}
        data={audit.data}
        page={(data) => data}
        count="admin.notify.audit.count"
        update={update}
        t={t}
      >
        {(data) =>
          data.registros.length === 0 ? (
            <p>{filtered ? t('admin.notify.audit.noMatch') : t('admin.notify.audit.empty')}</p>
          ) : (
            <table className="staff-table audit-table">
              <caption className="visually-hidden">{t('admin.notify.audit.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.notify.audit.when')}</th>
                  <th scope="col">{t('admin.notify.audit.who')}</th>
                  <th scope="col">{t('admin.notify.audit.what')}</th>
                  <th scope="col">{t('admin.notify.audit.item')}</th>
                </tr>
              </thead>
              <tbody>
                {data.registros.map((r: AuditEntry) => (
                  <tr key={r.id}>
                    <td data-label={t('admin.notify.audit.when')}>
                      <time dateTime={r.quando}>{mediumDateTime(r.quando, lang)}</time>
                    </td>
                    <td data-label={t('admin.notify.audit.who')}>{r.usuario.nome}</td>
                    <td data-label={t('admin.notify.audit.what')}>
                      {actionLabel(r.acao)} <span className="staff-badge">{kindLabel(r.tipo)}</span>
                    </td>
                    <td data-label={t('admin.notify.audit.item')}>{summaryText(r, strings, t)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </ListPager>
    </>
  );
}

export default function AuditIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="audit">
      {() => <AuditLog {...props} />}
    </StaffGate>
  );
}
