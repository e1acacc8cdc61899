// `npm run dev`: mounts the v1 API, /healthz and socket.io on Astro's dev server, so the
// whole product hot-reloads on one port like `npm start` serves it.
import { pathToFileURL } from 'node:url';

/** @returns {import('astro').AstroIntegration} */
export function devApi() {
  return {
    name: 'church-dev-api',
    hooks: {
      'astro:server:setup': async ({ server }) => {
        // Native import (not Vite's): the API runs as Node runs it in production.
        const load = (p) => import(/* @vite-ignore */ pathToFileURL(`${process.cwd()}/${p}`).href);
        const { parseConfig } = await load('common/config.ts');
        const { startServices } = await load('server/runtime.ts');
        const { createNodeHandler } = await load('server/http/node-handler.ts');
        const config = parseConfig({ NODE_ENV: 'development', ...process.env });
        const services = await startServices(config);
        if (server.httpServer) services.attach(server.httpServer);
        const handle = createNodeHandler(services);
        server.middlewares.use((req, res, next) => {
          if (!handle(req, res)) next();
        });
        server.httpServer?.once('close', () => void services.close());
      },
    },
  };
}
