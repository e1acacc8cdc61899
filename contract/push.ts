// Web push (docs/notifications.md "Push"): a member's devices that accepted notifications.
import { z } from 'zod';

export const PUSH_ENDPOINT_MAX = 2_000;
export const PUSH_LABEL_MAX = 80;
/** A member's devices per church: a browser per phone, tablet and computer is plenty. */
export const PUSH_DEVICES_MAX = 20;

const base64url = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/** POST /igreja/{id}/push/dispositivos: what `PushSubscription.toJSON()` gives, and a label. */
export const pushSubscribeSchema = z.object({
  endpoint: z
    .string({ error: 'push.endpointInvalid' })
    .max(PUSH_ENDPOINT_MAX, { error: 'push.endpointInvalid' })
    .pipe(z.url({ protocol: /^https?$/, error: 'push.endpointInvalid' })),
  keys: z.object(
    {
      p256dh: base64url('push.keysInvalid', 80, 120),
      auth: base64url('push.keysInvalid', 16, 40),
    },
    { error: 'push.keysInvalid' },
  ),
  /** "Chrome on Android"; made from the user agent when absent. */
  rotulo: z.string().trim().max(PUSH_LABEL_MAX, { error: 'push.labelTooLong' }).optional(),
});
export type PushSubscribe = z.infer<typeof pushSubscribeSchema>;

/**
 * POST /push/renovar (the service worker's `pushsubscriptionchange`, no login): the old
 * subscription, proven by its endpoint and auth secret (only that browser and the server know
 * the secret), and the new one that replaces it.
 */
export const pushRenewSchema = z.object({
  antigo: z.object(
    {
      endpoint: z.string({ error: 'push.endpointInvalid' }).max(PUSH_ENDPOINT_MAX, {
        error: 'push.endpointInvalid',
      }),
      auth: base64url('push.keysInvalid', 16, 40),
    },
    { error: 'push.endpointInvalid' },
  ),
  novo: pushSubscribeSchema.pick({ endpoint: true, keys: true }),
});
export type PushRenew = z.infer<typeof pushRenewSchema>;

export const pushDeviceSchema = z.object({
  id: z.number(),
  rotulo: z.string(),
  criado: z.string(),
  /** When a notice last reached it, if ever. */
  ultimoEnvio: z.string().nullable(),
  /** The device's endpoint, so the page can tell which one is THIS browser. */
  endpoint: z.string(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** GET /igreja/{id}/push/dispositivos */
export const pushDevicesSchema = z.object({
  /** The server's VAPID public key (base64url): the browser subscribes with it. */
  chave: z.string(),
  dispositivos: z.array(pushDeviceSchema),
});
export type PushDevices = z.infer<typeof pushDevicesSchema>;

/** What the service worker receives in a push: shown as the notification. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page a click opens (same origin path). */
  url: z.string(),
  icon: z.string().optional(),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
