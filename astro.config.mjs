// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { devApi } from './scripts/astro-dev-api.mjs';
import { sharedGetters } from './scripts/astro-shared-getters.mjs';

/**
 * Astro's build lists the CSP hash of each inline style once per page that has it (488 entries
 * for 25 styles) and every render copies and walks that list; the header keeps each hash once
 * and in first-seen order, so the list is cut to that (same header, docs/performance.md).
 */
function distinctCspHashes() {
  /** @param {unknown} list */
  const distinct = (list) => (Array.isArray(list) ? [...new Set(list)] : list);
  return {
    name: 'distinct-csp-hashes',
    hooks: {
      /** @param {{ manifest: any }} options Astro's SSR manifest (its CSP fields are not public types) */
      'astro:build:ssr': ({ manifest }) => {
        const csp = manifest.csp;
        if (!csp) return;
        for (const directive of [csp.scriptDirective, csp.styleDirective])
          if (directive) directive.hashes = distinct(directive.hashes);
        csp.scriptHashes = distinct(csp.scriptHashes);
        csp.styleHashes = distinct(csp.styleHashes);
      },
    },
  };
}

/**
 * Astro hashes the page's inline styles for the CSP header on every render (Web Crypto, async);
 * they are the build's own, so each digest is kept by content. Fails the build if Astro's code
 * changed, so the patch is looked at again rather than silently lost (docs/performance.md).
 */
function keptCspDigests() {
  const head = 'async function generateCspDigest(data, algorithm) {';
  return {
    name: 'kept-csp-digests',
    /** @param {string} code @param {string} id */
    transform(code, id) {
      if (!id.includes('/astro/dist/core/encryption.js')) return null;
      if (!code.includes(head))
        throw new Error('kept-csp-digests: Astro changed generateCspDigest');
      return code.replace(
        head,
        `const keptDigests = new Map();
async function generateCspDigest(data, algorithm) {
  let kept = keptDigests.get(algorithm);
  if (!kept) keptDigests.set(algorithm, (kept = new Map()));
  let digest = kept.get(data);
  if (!digest) {
    digest = await computeCspDigest(data, algorithm);
    if (kept.size < 1000) kept.set(data, digest);
  }
  return digest;
}
async function computeCspDigest(data, algorithm) {`,
      );
    },
  };
}

/**
 * Astro writes `<style>astro-island,…{display:contents}</style>` before the first island, inside
 * <body>, where a <style> is invalid HTML (the Nu Html Checker, tests/e2e/html-check.ts); the
 * same rule is in src/styles/global.css, linked from every page's head. Fails the build if
 * Astro's code changed, so the patch is looked at again rather than silently lost.
 */
function islandStylesInHead() {
  const written = '`<style>${ISLAND_STYLES}</style><script>';
  return {
    name: 'island-styles-in-head',
    /** @param {string} code @param {string} id */
    transform(code, id) {
      if (!id.includes('/astro/dist/runtime/server/scripts.js')) return null;
      if (!code.includes(written))
        throw new Error('island-styles-in-head: Astro changed getPrescripts');
      return code.replace(written, '`<script>');
    },
  };
}

/**
 * Astro's Node adapter gives each page's `Request` an abort signal wired to the socket's `close`: per
 * request an AbortController, a listener added to the socket and removed again, a property set on
 * the Node request and deleted, and inside Node's `Request` a WeakRef and a FinalizationRegistry
 * entry that only a full collection clears. Pages are rendered whole and sent after (the page
 * cache), so nothing needs to learn that a visitor left mid-render: the request goes without the
 * signal and its wiring (docs/performance.md "Renders without the cache, a seventh time"). Fails
 * the build if Astro's code changed, so the patch is looked at again rather than silently lost.
 */
function requestsWithoutSignal() {
  /** @type {[string, string][]} */
  const patches = [
    [
      'headers: makeRequestHeaders(req),\n    signal: controller.signal\n  };',
      'headers: makeRequestHeaders(req)\n  };',
    ],
    ['  wireAbortController(req, controller);\n', ''],
  ];
  return {
    name: 'requests-without-signal',
    /** @param {string} code @param {string} id */
    transform(code, id) {
      if (!id.includes('/astro/dist/core/app/node.js')) return null;
      let patched = code;
      for (const [from, to] of patches) {
        // createRequestFromNodeRequest (the adapter's middleware) and createRequest each have one
        if (patched.split(from).length !== 3)
          throw new Error('requests-without-signal: Astro changed createRequestFromNodeRequest');
        patched = patched.replaceAll(from, to);
      }
      return patched;
    },
  };
}

/**
 * Astro's production environment asks for a page's module with `import()` on every render; for a
 * module already loaded Node still walks its ESM loader (~40 µs a render, and two throwaway hidden
 * classes). The module never changes in a built server, so each is kept once loaded
 * (docs/performance.md "Renders without the cache, an eighth time"). Fails the build if Astro's
 * code changed, so the patch is looked at again rather than silently lost.
 */
function keptPageModules() {
  const load = '    return await importComponentInstance();\n';
  return {
    name: 'kept-page-modules',
    /** @param {string} code @param {string} id */
    transform(code, id) {
      if (!id.includes('/astro/dist/core/environment/production.js')) return null;
      if (code.split(load).length !== 2)
        throw new Error('kept-page-modules: Astro changed getModuleForRoute');
      return (
        code.replace(
          load,
          () => `    let module = keptPageModules.get(importComponentInstance);
    if (!module) {
      module = await importComponentInstance();
      keptPageModules.set(importComponentInstance, module);
    }
    return module;
`,
        ) + '\nconst keptPageModules = new Map();\n'
      );
    },
  };
}

/**
 * Astro finds a request's route by testing each route's pattern in turn (~190 here; the home near
 * the end), twice a render: 1.6 % of the home's main thread. The route a path leads to never changes
 * in a built server, so each path's is remembered, per route table, up to 2,000 paths (then all are
 * forgotten at once): docs/performance.md "Renders without the cache, an eleventh time". Fails the
 * build if Astro's code changed.
 */
function rememberedRouteMatches() {
  const source = `function matchRoute(manifest, pathname) {
  const match = getRouteTable(manifest).router.match(pathname, { allowWithoutBase: true });
  if (match.type !== "match") return void 0;
  return match.route;
}`;
  return {
    name: 'remembered-route-matches',
    /** @param {string} code @param {string} id */
    transform(code, id) {
      if (!id.includes('/astro/dist/core/routing/route-table.js')) return null;
      if (code.split(source).length !== 2)
        throw new Error('remembered-route-matches: Astro changed matchRoute');
      return (
        code.replace(
          source,
          () => `function matchRoute(manifest, pathname) {
  const table = getRouteTable(manifest);
  let known = rememberedRouteMatches.get(table);
  if (!known) rememberedRouteMatches.set(table, (known = new Map()));
  if (known.has(pathname)) return known.get(pathname);
  const match = table.router.match(pathname, { allowWithoutBase: true });
  const route = match.type === "match" ? match.route : void 0;
  if (known.size >= 2000) known.clear();
  known.set(pathname, route);
  return route;
}`,
        ) + '\nconst rememberedRouteMatches = new WeakMap();\n'
      );
    },
  };
}

/**
 * A page is rendered whole (no streaming), yet Astro's Node adapter sent it by reading its Response's
 * body as a stream: per render the lightweight Response of @hono/node-server (the process's global
 * Response) turned into a real one, which copied the page's bytes into a new ReadableStream, and
 * a reader took them back out over promises. renderPage keeps the bytes it made beside its
 * Response and writeResponse sends them in one `end()` when that same Response reaches it
 * (a middleware that makes a new Response goes the stream's way as before); docs/performance.md
 * "Renders without the cache, an eighth time". Fails the build if Astro's code changed.
 */
function pagesSentWhole() {
  const kept = 'Symbol.for("church-web.astro-whole-body")';
  const made = `  if (status) {
    return new Response(body, { ...init, headers, status, statusText });
  } else {
    return new Response(body, { ...init, headers });
  }`;
  const written = `async function writeResponse(source, destination) {
  const { status, headers, body, statusText } = source;`;
  /** @param {string} code @param {string} from @param {string} to @param {string} what */
  const once = (code, from, to, what) => {
    if (code.split(from).length !== 2) throw new Error(`pages-sent-whole: Astro changed ${what}`);
    return code.replace(from, () => to);
  };
  return {
    name: 'pages-sent-whole',
    /** @param {string} code @param {string} id */
    transform(code, id) {
      if (id.includes('/astro/dist/runtime/server/render/page.js'))
        return once(
          code,
          made,
          `  const response = status
    ? new Response(body, { ...init, headers, status, statusText })
    : new Response(body, { ...init, headers });
  if (body instanceof Uint8Array) response[${kept}] = { body, statusText: status ? statusText : init.statusText };
  return response;`,
          'renderPage',
        );
      if (id.includes('/astro/dist/core/app/node.js'))
        return once(
          code,
          written,
          `async function writeResponse(source, destination) {
  const whole = source[${kept}];
  if (whole && !getAbortControllerCleanup(destination.req ?? void 0)) {
    if (!(destination instanceof Http2ServerResponse)) destination.statusMessage = whole.statusText ?? "";
    destination.writeHead(source.status, createOutgoingHttpHeaders(source.headers));
    destination.end(whole.body);
    return;
  }
  const { status, headers, body, statusText } = source;`,
          'writeResponse',
        );
      return null;
    },
  };
}

/**
 * `import code from '../scripts/x.ts?inline-script'`: the module bundled, tree-shaken and minified
 * into one classic script's text, for the pages that ship no module script (src/README.md, DOM
 * scripts); the page inlines it and adds its CSP hash.
 * @returns {import('vite').Plugin}
 */
function inlineScripts() {
  const suffix = '?inline-script';
  return {
    name: 'inline-script',
    enforce: 'pre',
    /** @param {string} id */
    async load(id) {
      if (!id.endsWith(suffix)) return null;
      const { build } = await import('rolldown');
      const result = await build({
        input: id.slice(0, -suffix.length),
        write: false,
        platform: 'browser',
        output: { format: 'iife', minify: true },
      });
      const chunk = result.output[0];
      for (const file of chunk.moduleIds) if (!file.startsWith('\0')) this.addWatchFile(file);
      return `export default ${JSON.stringify(chunk.code.trim())};`;
    },
  };
}

export default defineConfig({
  output: 'server',
  // DIST_DIR lets parallel builds (e.g. two test runs) keep apart; server.ts reads the same.
  outDir: process.env.DIST_DIR ?? './dist',
  // Pages are sent whole (the page cache keeps and compresses the whole body): no streaming's chunk pipeline
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  integrations: [react(), devApi(), distinctCspHashes()],
  // Church hosts are many and unknown at build time; the middleware resolves them.
  security: { csp: true, checkOrigin: true },
  // Stylesheets are files (cached once, shared by every page) rather than inlined in each page: half the
  // HTML to render, compress and keep; Lighthouse mobile 98 either way (docs/performance.md "Compression and stylesheets").
  build: { inlineStylesheets: 'never' },
  server: { port: Number(process.env.PORT ?? 4321), host: true },
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
  vite: {
    plugins: [
      keptCspDigests(),
      islandStylesInHead(),
      requestsWithoutSignal(),
      sharedGetters(),
      keptPageModules(),
      rememberedRouteMatches(),
      pagesSentWhole(),
      inlineScripts(),
    ],
    server: { allowedHosts: true },
  },
});
