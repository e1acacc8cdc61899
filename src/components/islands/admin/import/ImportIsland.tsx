// /admin/import (docs/staff.md "Moving in"): choose what the file holds and the file; see what
// it understood (the dry run, read in the background: to create, to update, refused with line and
// reason, groups to create) with, for spreadsheets, the column mapping; import in the background
// with a progress bar; try a failed one again; undo as a whole. The sections render
// src/stores/admin-import.ts.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $current, loadImports } from '../../../../stores/admin-import.ts';
import { StaffGate, type StaffIslandProps } from '../kit/index.ts';
import { makeT } from '../../ui/index.ts';
import { CurrentImport } from './CurrentImport.tsx';
import { ImportHistory } from './ImportHistory.tsx';
import { UploadForm } from './UploadForm.tsx';
import './import.css';

function ImportPage({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const current = useStore($current);
  useEffect(() => {
    void loadImports(slug);
  }, [slug]);
  return (
    <>
      <h1>{t('admin.import.title')}</h1>
      <p>{t('admin.import.intro')}</p>
      {current ? (
        <CurrentImport slug={slug} view={current} t={t} lang={lang} />
      ) : (
        <UploadForm slug={slug} t={t} />
      )}
      <ImportHistory slug={slug} t={t} lang={lang} />
    </>
  );
}

export default function ImportIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="import">
      {() => <ImportPage {...props} />}
    </StaffGate>
  );
}
