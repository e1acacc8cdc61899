// The page's one script (docs/architecture.md "The client shape"), made only of the parts the page
// uses (docs/performance.md "The page script"): the shell's (service worker, offline notice, error
// reports), or on church pages the header's, which includes it; the consent banner's where there
// is a pixel; the church picker's "near me" in an organisation; Play's offer on Play's pages. Each
// combination is one small classic file, `/page-script/<parts>.<hash>.js` (src/pages/page-script/
// [name].js.ts serves it, cached for a year), so pages carry a script tag instead of 1.6–4 KB of inline text.
import { createHash } from 'node:crypto';
import CONSENT_SCRIPT from '../scripts/analytics.ts?inline-script';
import NEAR_SCRIPT from '../scripts/church-near.ts?inline-script';
import HEADER_SCRIPT from '../scripts/header.ts?inline-script';
import PLAY_OFFER_SCRIPT from '../scripts/play-offer.ts?inline-script';
import SHELL_SCRIPT from '../scripts/shell.ts?inline-script';

export interface ScriptParts {
  /** A church's page: its header names the member. */
  church: boolean;
  /** The church has a pixel and the page shows the consent banner. */
  pixel: boolean;
  /** The church belongs to an organisation: the header has the church picker. */
  near: boolean;
  /** One of Play's pages. */
  play: boolean;
}

export interface PageScript {
  /** `<parts>.<hash>`: the parts as four bits, and the text's hash (a new build, a new name). */
  name: string;
  /** Where a page loads it from. */
  src: string;
  text: string;
}

const made = new Map<string, PageScript>();

export function pageScript({ church, pixel, near, play }: ScriptParts): PageScript {
  const key = `${+church}${+pixel}${+(church && near)}${+(church && play)}`;
  let script = made.get(key);
  if (script === undefined) {
    const text = [
      church ? HEADER_SCRIPT : SHELL_SCRIPT,
      pixel && CONSENT_SCRIPT,
      church && near && NEAR_SCRIPT,
      church && play && PLAY_OFFER_SCRIPT,
    ]
      .filter(Boolean)
      .join('\n');
    const hash = createHash('sha256').update(text).digest('base64url').slice(0, 10);
    const name = `${key}.${hash}`;
    script = { name, src: `/page-script/${name}.js`, text };
    made.set(key, script);
  }
  return script;
}

/** The text of the file `name` names, or null: a made-up name, or one of another build. */
export function pageScriptNamed(name: string): string | null {
  const match = /^([01]{4})\.[\w-]{10}$/.exec(name);
  if (!match) return null;
  const [church, pixel, near, play] = [...match[1]!].map((bit) => bit === '1') as [
    boolean,
    boolean,
    boolean,
    boolean,
  ];
  const script = pageScript({ church, pixel, near, play });
  return script.name === name ? script.text : null;
}
