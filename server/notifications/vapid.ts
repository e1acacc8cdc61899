// The server's VAPID key pair for web push (docs/notifications.md "Push"): made once per
// deployment and kept like the token key (server/auth/stored-secret.ts). VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY win when set; under vitest one pair per process; else DATA_DIR/vapid-keys.
import webpush from 'web-push';
import { ConfigError, type Config } from '../../common/config.ts';
import { storedKey } from '../auth/stored-secret.ts';

export const VAPID_FILE = 'vapid-keys';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who a push service may contact about this server's pushes. */
  subject: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The pair, or a ConfigError naming what is wrong (a P-256 public key is 65 bytes, a private 32). */
function checked(publicKey: string, privateKey: string, where: string): VapidKeys {
  const pub = BASE64URL.test(publicKey) ? Buffer.from(publicKey, 'base64url') : null;
  const priv = BASE64URL.test(privateKey) ? Buffer.from(privateKey, 'base64url') : null;
  if (!pub || pub.length !== 65 || pub[0] !== 4 || !priv || priv.length !== 32)
    throw new ConfigError(
      `Invalid settings:\n  VAPID keys: ${where} is not a P-256 key pair in base64url. Make one with \`npx web-push generate-vapid-keys\`.`,
    );
  return { publicKey, privateKey, subject: '' };
}

let processKeys: VapidKeys | undefined;

export function vapidKeys(
  config: Pick<
    Config,
    | 'VAPID_PUBLIC_KEY'
    | 'VAPID_PRIVATE_KEY'
    | 'VAPID_SUBJECT'
    | 'NODE_ENV'
    | 'DATA_DIR'
    | 'PROVIDER_DOMAIN'
  >,
): VapidKeys {
  const subject = config.VAPID_SUBJECT ?? `mailto:push@${config.PROVIDER_DOMAIN}`;
  if (config.VAPID_PUBLIC_KEY || config.VAPID_PRIVATE_KEY) {
    if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY)
      throw new ConfigError(
        'Invalid settings:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither.',
      );
    return {
      ...checked(
        config.VAPID_PUBLIC_KEY,
        config.VAPID_PRIVATE_KEY,
        'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY',
      ),
      subject,
    };
  }
  if (config.NODE_ENV === 'test')
    return (processKeys ??= { ...webpush.generateVAPIDKeys(), subject });
  const keys = storedKey(config.DATA_DIR, {
    setting: 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY',
    file: VAPID_FILE,
    generate: () => {
      const pair = webpush.generateVAPIDKeys();
      return `${pair.publicKey}.${pair.privateKey}`;
    },
    read(value, file) {
      const [publicKey = '', privateKey = ''] = value.split('.');
      return checked(publicKey, privateKey, `the pair in ${file}`);
    },
  });
  return { ...keys, subject };
}

/**
 * Whether push may go to a push service on this machine over plain http: the API tests
 * (NODE_ENV=test) and a browser test's server (PUSH_TEST_LOCAL_SERVICE, refused in production).
 */
export const localPushAllowed = (settings: Config): boolean =>
  settings.NODE_ENV === 'test' || settings.PUSH_TEST_LOCAL_SERVICE;
