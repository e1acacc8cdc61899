// The shell's script on every page (src/README.md, DOM scripts): the offline notice follows the
// network, the service worker is registered once the page has loaded, and uncaught errors are
// reported (./error-report.ts). The analytics consent is a script of its own, only on pages with a
// pixel (./analytics.ts, added by src/layouts/BaseLayout.astro).
import './error-report.ts';

const notice = document.getElementById('offline-notice');
const showNetwork = () => {
  if (notice) notice.hidden = navigator.onLine;
};
addEventListener('online', showNetwork);
addEventListener('offline', showNetwork);
showNetwork();
if ('serviceWorker' in navigator)
  addEventListener('load', () =>
    navigator.serviceWorker
      .register('/service-worker.js')
      .catch((e: Error | undefined) => console.log('service worker:', e && e.message)),
  );
