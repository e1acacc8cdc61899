// The web side's settings, parsed once from the same environment as the server (common/config.ts).
import { parseConfig } from '../../common/config.ts';

export const settings = parseConfig();
