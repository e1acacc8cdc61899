// The shell's script on every page (src/README.md, DOM scripts): the offline notice follows the
// network, the service worker is registered once the page has loaded, and errors are reported
// and the analytics consent asked (./analytics.ts).
import './analytics.ts';

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
