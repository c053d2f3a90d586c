import { z } from 'zod';
import { requiredString } from '../validation/strings.js';

/**
 * Web Push (issue 14): what a device registers and what a push message carries. The payload is
 * JSON `{title, body, url, tag?}`; the service worker (`apps/web/public/push-sw.js`) shows it and
 * opens `url` on click. Push services accept 4,096 bytes of ciphertext; aes128gcm with one record
 * leaves 3,993 bytes of plaintext, so the payload is capped there before encryption.
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3993;
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
export const PUSH_KEY_MAX_LENGTH = 256;
export const PUSH_USER_AGENT_MAX_LENGTH = 512;
export const PUSH_TITLE_MAX_LENGTH = 200;

export const PUSH_URGENCIES = ['very-low', 'low', 'normal', 'high'] as const;
export type PushUrgency = (typeof PUSH_URGENCIES)[number];

export interface PushMessage {
  title: string;
  body: string;
  /** A path inside the app (`/event/…`), opened when the notification is clicked. */
  url: string;
  /** Same tag: the newer notification replaces the older on the device. */
  tag?: string;
}

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

/** PUT events/{eventId}/push/subscription: a browser `PushSubscription.toJSON()` plus the user agent. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: requiredString(PUSH_ENDPOINT_MAX_LENGTH).regex(
    /^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i,
    'Must be an https address',
  ),
  keys: z.object({
    p256dh: requiredString(PUSH_KEY_MAX_LENGTH).regex(base64url, 'Must be base64url'),
    auth: requiredString(PUSH_KEY_MAX_LENGTH).regex(base64url, 'Must be base64url'),
  }),
  userAgent: z.string().max(PUSH_USER_AGENT_MAX_LENGTH).optional(),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionInputSchema>;

export const pushSubscriptionDeleteSchema = z.object({
  endpoint: requiredString(PUSH_ENDPOINT_MAX_LENGTH),
});

export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** UTF-8 length of a string (the domain package has no TextEncoder typing; lone surrogates count 3 as in WHATWG encoding). */
export function utf8ByteLength(s: string): number {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}
const byteLength = utf8ByteLength;

/** Cuts `text` to at most `max` code points without splitting a surrogate pair. */
function cutCodePoints(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, max).join('');
}

/**
 * The JSON a push message carries, at most PUSH_PAYLOAD_MAX_BYTES of UTF-8. When too long, the body
 * is shortened (whole code points, with "…"), then the title; url and tag are kept.
 */
export function buildPushPayload(message: PushMessage, maxBytes = PUSH_PAYLOAD_MAX_BYTES): string {
  const encode = (title: string, body: string) =>
    JSON.stringify({
      title,
      body,
      url: message.url,
      ...(message.tag ? { tag: message.tag } : {}),
    });
  let title = cutCodePoints(message.title, PUSH_TITLE_MAX_LENGTH);
  let json = encode(title, message.body);
  if (byteLength(json) <= maxBytes) return json;
  const bodyPoints = Array.from(message.body);
  // Binary search for the longest body prefix that fits.
  let lo = 0;
  let hi = bodyPoints.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (byteLength(encode(title, bodyPoints.slice(0, mid).join('') + '…')) <= maxBytes) lo = mid;
    else hi = mid - 1;
  }
  json = encode(title, bodyPoints.slice(0, lo).join('') + '…');
  if (byteLength(json) <= maxBytes) return json;
  // Even an empty body does not fit: shorten the title too (only with a huge url/tag or a tiny cap).
  const titlePoints = Array.from(title);
  while (titlePoints.length > 0 && byteLength(encode(titlePoints.join(''), '…')) > maxBytes)
    titlePoints.pop();
  title = titlePoints.join('');
  json = encode(title, '…');
  // The url and tag alone are too long: the notification opens the app's start page instead.
  return byteLength(json) <= maxBytes ? json : JSON.stringify({ title: '', body: '…', url: '/' });
}
