// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { devApi } from './scripts/astro-dev-api.mjs';

export default defineConfig({
  output: 'server',
  // DIST_DIR lets parallel builds (e.g. two test runs) keep apart; server.ts reads the same.
  outDir: process.env.DIST_DIR ?? './dist',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), devApi()],
  // Church hosts are many and unknown at build time; the middleware resolves them.
  security: { csp: true, checkOrigin: true },
  build: { inlineStylesheets: 'always' },
  server: { port: Number(process.env.PORT ?? 4321), host: true },
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
  vite: {
    server: { allowedHosts: true },
  },
});
