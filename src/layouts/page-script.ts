// The one inline script of a page (docs/architecture.md "The client shape"), made only of the parts
// the page uses (docs/performance.md "The inline script"): the shell's (service worker, offline
// notice, error reports), or on church pages the header's, which includes it; the consent banner's
// where there is a pixel; the church picker's "near me" in an organisation; Play's offer on Play's
// pages. Each combination is joined once and kept, so a render neither joins nor re-hashes it.
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

const made = new Map<string, string>();

export function pageScript({ church, pixel, near, play }: ScriptParts): string {
  const key = `${+church}${+pixel}${+(church && near)}${+(church && play)}`;
  let script = made.get(key);
  if (script === undefined) {
    script = [
      church ? HEADER_SCRIPT : SHELL_SCRIPT,
      pixel && CONSENT_SCRIPT,
      church && near && NEAR_SCRIPT,
      church && play && PLAY_OFFER_SCRIPT,
    ]
      .filter(Boolean)
      .join('\n');
    made.set(key, script);
  }
  return script;
}
