// `npm run provider -- <command>`: the provider's commands (docs/provider.md "Provider admins").
//   admin add <e-mail> [--origin https://example.org]   make a provider admin: an existing account
//                         is marked; a new one is created and a one-time set-password link printed
//   admin remove <e-mail>  take the console away (the account stays)
//   admin list             the provider admins
// Works on the database of the settings (DATABASE_URL, else PGlite in DATA_DIR/pglite: stop the
// server first, a PGlite folder has one user at a time). Never sets a password itself.
import path from 'node:path';
import { z } from 'zod';
import { parseConfig } from '../common/config.ts';
import { emailField } from '../contract/auth.ts';
import { useSettings } from '../server/auth/settings.ts';
import { openDatabase } from '../server/db/client.ts';
import {
  PASSWORD_LINK_DAYS,
  addProviderAdmin,
  listProviderAdmins,
  removeProviderAdmin,
} from '../server/provider/admins.service.ts';

const USAGE = `Usage:
  npm run provider -- admin add <e-mail> [--origin <https://provider.example>]
  npm run provider -- admin remove <e-mail>
  npm run provider -- admin list`;

function fail(text: string): never {
  console.error(text);
  process.exit(2);
}

const args = process.argv.slice(2);
const originAt = args.indexOf('--origin');
const originArg = originAt >= 0 ? args.splice(originAt, 2)[1] : undefined;
const [group, command, email] = args;
if (group !== 'admin' || !command || !['add', 'remove', 'list'].includes(command)) fail(USAGE);
if (command !== 'list' && !email) fail(USAGE);
const address = command === 'list' ? '' : emailField.safeParse(email);
if (typeof address !== 'string' && !address.success) fail(`Not an e-mail address: ${email}`);
if (originArg !== undefined && !z.url().safeParse(originArg).success)
  fail(`--origin must be an address such as https://provider.example`);

const config = parseConfig();
useSettings(config);
const port =
  config.PORT === 80 || config.PORT === 443 || config.PORT === 0 ? '' : `:${config.PORT}`;
const origin = (originArg ?? `http://${config.PROVIDER_DOMAIN}${port}`).replace(/\/+$/, '');
const location = config.DATABASE_URL ?? path.join(config.DATA_DIR, 'pglite');
const database = await openDatabase(location, { thread: false });
try {
  const mail = typeof address === 'string' ? '' : address.data;
  if (command === 'add') {
    const added = await addProviderAdmin(database.db, mail, origin);
    if (added.created)
      console.log(
        `Created the account ${mail} and made it a provider admin.\n` +
          `Set its password with this one-time link (valid ${PASSWORD_LINK_DAYS} days):\n${added.link}`,
      );
    else if (added.already) console.log(`${mail} is already a provider admin.`);
    else console.log(`${mail} is now a provider admin: sign in at ${origin}/provider.`);
  } else if (command === 'remove') {
    console.log(
      (await removeProviderAdmin(database.db, mail))
        ? `${mail} is no longer a provider admin.`
        : `${mail} was not a provider admin.`,
    );
  } else {
    const admins = await listProviderAdmins(database.db);
    if (!admins.length)
      console.log('No provider admins yet: npm run provider -- admin add <e-mail>');
    for (const a of admins) console.log(`${a.email}\tsince ${a.since.toISOString()}`);
  }
} finally {
  await database.close();
}
