/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Interface language of this request (docs/architecture.md "The client shape"). */
    lang: import('./lib/i18n.ts').Lang;
    t: import('./lib/i18n.ts').Translate;
    /** The church of the host; null on the bare provider host (church list) and on host errors. */
    church: import('./lib/tenancy.server.ts').ChurchContext | null;
    /** Set when the request is rewritten to the error page by the middleware. */
    errorMessage?: string;
    errorStatus?: number;
  }
}

/** A script of src/scripts/ as one classic inline script's text (astro.config.mjs inlineScripts). */
declare module '*?inline-script' {
  const code: string;
  export default code;
}
