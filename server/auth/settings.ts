// The settings the API reads (common/config.ts). createApi receives them (server/app.ts) and
// hands them to the routes it builds; the modules that still read them here (tokens, links,
// mail of other areas) get the same settings through useSettings. Without createApi's settings
// (tests), they are parsed from the environment once, on first use.
import { parseConfig, type Config } from '../../common/config.ts';

let cached: Config | undefined;

export function accountSettings(): Config {
  return (cached ??= parseConfig());
}

/** The settings createApi was given become the ones every module reads. */
export function useSettings(settings: Config): void {
  cached = settings;
}

/** Tests change DATA_DIR or the postcode URLs between files. */
export function resetAccountSettings(): void {
  cached = undefined;
}
