// One web push message to one device (RFC 8030, payload encrypted aes128gcm per RFC 8291 by
// push-encrypt.ts, signed with the server's VAPID key by web-push): this file sends it. The endpoint is a
// URL a member's browser gave us, so the address connected to must be public (the rule of
// server/http/outbound-fetch.ts), checked when the socket connects.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress, LookupOptions } from 'node:dns';
import webpush from 'web-push';
import type { PushPayload } from '../../contract/push.ts';
import { isPublicAddress } from '../http/outbound-fetch.ts';
import { encryptPush } from './push-encrypt.ts';
import type { VapidKeys } from './vapid.ts';

export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSendOptions {
  /** Plain http and loopback endpoints: tests only (their push service is on 127.0.0.1). */
  allowLocal?: boolean;
  timeoutMs?: number;
  /** How long the push service keeps the message for an offline device (seconds). */
  ttl?: number;
}

const agentOptions = { keepAlive: true, maxSockets: 32, timeout: 30_000 };
const httpsAgent = new https.Agent(agentOptions);
// the tests' agents (plain http only there): their sockets never carry a public endpoint's messages
const localHttpsAgent = new https.Agent(agentOptions);
const localHttpAgent = new http.Agent(agentOptions);

/** A VAPID signature is good for 12 hours; one per push service and key, made again after 6. */
const SIGNATURE_MS = 6 * 3600_000;
const signatures = new Map<string, { header: Record<string, string>; until: number }>();

function vapidHeader(url: URL, keys: VapidKeys): Record<string, string> {
  const key = `${url.origin} ${keys.publicKey}`;
  const now = Date.now();
  const kept = signatures.get(key);
  if (kept && kept.until > now) return kept.header;
  const header = webpush.getVapidHeaders(
    url.origin,
    keys.subject,
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
    Math.floor(now / 1000) + 12 * 3600,
  );
  if (signatures.size > 1_000) signatures.clear();
  signatures.set(key, { header, until: now + SIGNATURE_MS });
  return header;
}

/** The push service's status code; 0 when it could not be reached or was refused. */
export async function sendPush(
  device: PushDevice,
  payload: PushPayload,
  keys: VapidKeys,
  options: PushSendOptions = {},
): Promise<number> {
  const url = URL.parse(device.endpoint);
  const local = options.allowLocal === true;
  if (!url || (url.protocol !== 'https:' && !(local && url.protocol === 'http:'))) return 0;
  let body: Buffer;
  try {
    // encrypted for this device alone (push-encrypt.ts); the VAPID signature is made once per push service (below)
    body = await encryptPush(device.p256dh, device.auth, JSON.stringify(payload));
  } catch {
    return 0; // keys that cannot be used: a failure, never a crash of the batch
  }
  const lookup = (
    hostname: string,
    opts: LookupOptions,
    callback: (e: NodeJS.ErrnoException | null, a: string | LookupAddress[], f?: number) => void,
  ) =>
    dns.lookup(hostname, { ...opts, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const usable = addresses.filter((a) => local || isPublicAddress(a.address));
      if (!usable.length) return callback(new Error(`${hostname} is not public`), []);
      if (opts.all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  // A literal IP skips the lookup: check it here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!local && /^[\d.]+$|:/.test(host) && !isPublicAddress(host)) return 0;
  const secure = url.protocol === 'https:';
  const request = secure ? https.request : http.request;
  const headers = {
    TTL: String(options.ttl ?? 24 * 3600),
    'Content-Length': String(body.length),
    'Content-Type': 'application/octet-stream',
    'Content-Encoding': 'aes128gcm',
    Urgency: 'normal',
    ...vapidHeader(url, keys),
  };
  return new Promise<number>((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers,
        lookup,
        // one connection per push service, kept between the messages of a send
        agent: secure ? (local ? localHttpsAgent : httpsAgent) : localHttpAgent,
        timeout: options.timeoutMs ?? 10_000,
      },
      (res) => {
        res.resume(); // the answer's body is not needed
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(body);
  });
}
