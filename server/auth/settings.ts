// The settings the account API reads (common/config.ts), parsed once on first use.
import { parseConfig, type Config } from '../../common/config.ts';

let cached: Config | undefined;

export function accountSettings(): Config {
  return (cached ??= parseConfig());
}

/** Tests change DATA_DIR or the postcode URLs between files. */
export function resetAccountSettings(): void {
  cached = undefined;
}
