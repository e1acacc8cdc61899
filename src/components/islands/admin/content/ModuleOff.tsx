// A content kind whose module is off at the church (docs/staff.md "Modules"): its calls answer
// 404, so the page says why and links to the modules of Settings instead of showing an error.
import { KIND_MODULE, type StaffContentKind } from '../../../../../contract/content-staff.ts';
import { Notice, type T } from '../../ui/index.ts';

/** The kind's module code when the church has it off; null when the kind is available. */
export function moduleOff(kind: StaffContentKind, modules: readonly string[]): string | null {
  const code = KIND_MODULE[kind];
  return code && !modules.includes(code) ? code : null;
}

export function ModuleOff({ kind, code, t }: { kind: StaffContentKind; code: string; t: T }) {
  return (
    <>
      <h1>{t(`admin.content.kind.${kind}`)}</h1>
      <Notice kind="info">
        <p>{t('admin.content.moduleOff', { module: t(`admin.site.module.${code}`) })}</p>
        <p>
          <a href="/admin/settings#site-modules">{t('admin.content.moduleOffLink')}</a>
        </p>
      </Notice>
    </>
  );
}
