// After `astro build`: writes dist/client/service-worker.js with workbox. It precaches the
// hashed assets and demo images; pages stay network-first (they differ per church host).
import { generateSW } from 'workbox-build';

const client = `${process.env.DIST_DIR ?? 'dist'}/client`;

const { count, size, warnings } = await generateSW({
  globDirectory: client,
  globPatterns: ['_astro/**/*.{js,css}', 'demo/**/*.svg', 'favicon.svg'],
  swDest: `${client}/service-worker.js`,
  sourcemap: false,
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  inlineWorkboxRuntime: true,
  mode: 'production',
  navigateFallback: null,
  // web push: shows a notice and opens its page on a click (docs/notifications.md "Push")
  importScripts: ['/push-sw.js'],
  runtimeCaching: [
    {
      // Play media (signed, per member, short-lived; docs/play.md "Who may watch"): never cached, always the network.
      urlPattern: ({ url }) =>
        url.pathname.startsWith('/api/v1/plano-assinatura-midia/') ||
        url.pathname.startsWith('/play-demo/'),
      handler: 'NetworkOnly',
    },
    {
      // the page's script file (src/layouts/page-script.ts): its name changes with its text, so a
      // kept copy is never stale, and a page kept for offline use still gets its offline notice
      urlPattern: ({ url }) => url.pathname.startsWith('/page-script/'),
      handler: 'CacheFirst',
      options: { cacheName: 'page-scripts', expiration: { maxEntries: 16 } },
    },
    {
      urlPattern: ({ request, url }) =>
        request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
      handler: 'NetworkFirst',
      options: { cacheName: 'pages', networkTimeoutSeconds: 4, expiration: { maxEntries: 50 } },
    },
  ],
});
for (const w of warnings) console.warn('service worker:', w);
console.log(`service worker: ${count} files precached (${(size / 1024).toFixed(0)} KB)`);
