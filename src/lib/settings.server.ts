// The web side's settings, parsed once from the same environment as the server (server/config.ts).
import { parseConfig } from '../../server/config.ts';

export const settings = parseConfig();
