// The installable web app of a church (docs/content.md "Installable app and podcast cover"): its
// web app manifest and the addresses of its icons, which the API draws from the church's logo.
import type { ChurchContext } from './tenancy.server.ts';

/** FNV-1a, 32 bits, base 36: a short tag that changes when what it hashes does. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

type Church = Pick<ChurchContext, 'church' | 'visual' | 'locale'>;

/** The logo the icons are drawn from (as the API picks it), for the icons' version tag. */
const iconSource = (c: Church) =>
  c.church.imagens.icone ?? c.visual.logo ?? c.church.imagens.logo ?? '';

/** Each render's head links an icon: its version tag is hashed once per logo and colour. */
const versions = new Map<string, string>();

/** An icon's address (`file`: 192.png, 512.png, maskable-512.png, apple-touch-180.png), versioned by logo and colour. */
export function appIconPath(c: Church, file: string): string {
  const key = `${iconSource(c)}|${c.visual.corApp}`;
  let version = versions.get(key);
  if (version === undefined) {
    if (versions.size > 1000) versions.clear(); // one entry per church logo and colour
    versions.set(key, (version = shortHash(key)));
  }
  return `/api/v1/igreja/${encodeURIComponent(c.church.slug)}/icone/${file}?v=${version}`;
}

/** Words that say what a church is, not which one: left out of its home screen label. */
const GENERIC =
  /^(igreja|iglesia|church|comunidade|comunidad|community|minist[ée]rio|ministry|da|de|do|das|dos|del|la|las|los|el|the|of|e|y|and)$/i;

/** At most 12 characters for a home screen label: the name, or its distinctive words ("Igreja da Graça" → "Graça"). */
export function shortName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= 12) return trimmed;
  // "Igreja da Graça — Zona Norte": the part before a dash names the church
  const base = trimmed.split(/\s+[—–-]\s+/)[0]!;
  let label = '';
  for (const word of base.split(/\s+/).filter((w) => !GENERIC.test(w))) {
    const next = label ? `${label} ${word}` : word;
    if (next.length > 12) break;
    label = next;
  }
  return label || [...trimmed].slice(0, 12).join('').trim();
}

/** The manifest of a church's site: installable, standalone, in its colours, icons from its logo. */
export function webAppManifest(c: Church) {
  return {
    id: '/',
    name: c.church.nome,
    short_name: shortName(c.church.nome),
    ...(c.church.descricao && { description: c.church.descricao }),
    lang: c.locale,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: c.visual.corApp,
    // the splash screen shows the icon, itself on the church colour, on that colour
    background_color: c.visual.corApp,
    icons: [
      { src: appIconPath(c, '192.png'), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: appIconPath(c, '512.png'), sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: appIconPath(c, 'maskable-512.png'),
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  };
}
