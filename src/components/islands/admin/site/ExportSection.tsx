// Settings › Export the church's data (docs/provider.md "A church's data leaves with it"): the
// admin asks for one zip of everything the church holds, sees it prepared (progress, polled every
// 2 s while it runs) and downloads it by a link that works for 10 minutes. Each request and each
// download is audited by the API.
import { dateFormat } from '../../../../../common/format.ts';
import { useEffect, useState } from 'react';
import {
  exportDownloadUrl,
  exportProgress,
  fetchExports,
  requestExport,
  type ChurchExport,
} from '../../../../lib/staff/export-api.ts';
import { staffFailure } from '../../../../lib/staff/http.ts';
import { Loader, Notice, type Lang, type T } from '../../ui/index.ts';

const POLL_MS = 2000;

export function ExportSection({ slug, t, lang }: { slug: string; t: T; lang: Lang }) {
  const [exports, setExports] = useState<ChurchExport[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const running = exports?.some((e) => e.estado === 'preparando') ?? false;

  useEffect(() => {
    let stop = false;
    const load = () =>
      fetchExports(slug).then(
        (list) => !stop && setExports(list),
        async (e: unknown) => !stop && setError((await staffFailure(e)).message),
      );
    void load();
    if (!running) return () => void (stop = true);
    const timer = setInterval(() => void load(), POLL_MS);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [slug, running]);

  async function ask() {
    setBusy(true);
    setError('');
    try {
      const made = await requestExport(slug);
      setExports((list) => [made, ...(list ?? [])]);
    } catch (e) {
      setError((await staffFailure(e)).message);
    }
    setBusy(false);
  }

  async function download(id: number) {
    setError('');
    try {
      window.location.assign(await exportDownloadUrl(slug, id));
    } catch (e) {
      setError((await staffFailure(e)).message);
    }
  }

  const date = (iso: string) =>
    dateFormat(lang, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  const latest = exports?.[0] ?? null;
  return (
    <section className="site-block" aria-labelledby="site-export">
      <h2 id="site-export">{t('admin.site.export.title')}</h2>
      <p className="site-intro">{t('admin.site.export.intro')}</p>
      {error && <Notice kind="error">{error}</Notice>}
      {exports === null && !error && <Loader label={t('admin.site.loading')} />}
      {latest && (
        <div className="site-export" aria-live="polite">
          <p>{t(`admin.site.export.state.${latest.estado}`, { date: date(latest.criadaEm) })}</p>
          {latest.estado === 'preparando' && (
            <progress
              max={100}
              value={exportProgress(latest)}
              aria-label={t('admin.site.export.progress')}
            >
              {exportProgress(latest)}%
            </progress>
          )}
          {latest.estado === 'pronta' && (
            <button
              type="button"
              className="button secondary"
              onClick={() => void download(latest.id)}
            >
              {t('admin.site.export.download', { mb: (latest.tamanho / 1_048_576).toFixed(1) })}
            </button>
          )}
          {latest.estado === 'falhou' && latest.erro && <Notice kind="error">{latest.erro}</Notice>}
        </div>
      )}
      <div className="staff-actions">
        <button
          type="button"
          className="button"
          disabled={busy || running}
          onClick={() => void ask()}
        >
          {busy ? t('admin.site.export.asking') : t('admin.site.export.ask')}
        </button>
      </div>
    </section>
  );
}
