import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import webpush from 'web-push';
import { buildPushPayload, type PushMessage, type PushUrgency } from '@plenary/domain';
import type { Config } from './config.js';
import { allowedHosts, isPrivateAddress } from './egress.js';

/**
 * Web Push sending (issue 14): encrypts with aes128gcm and signs with VAPID (`web-push`). We always
 * set TTL, urgency and topic ourselves (never the library's 4-week TTL). The plaintext is capped at
 * 3,993 bytes (domain `buildPushPayload`). The outcome tells the caller what to do:
 * `gone` (404/410) → delete the subscription; `retry` (429, 5xx, network) → try again later,
 * honouring Retry-After; `failed` → give up on this message.
 */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  ttlSeconds: number;
  urgency: PushUrgency;
  /** Coalescing key at the push service: at most 32 URL-safe base64 characters. */
  topic?: string;
}

export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'retry'; retryAfterSeconds?: number; reason: string }
  | { kind: 'failed'; reason: string };

export interface PushSender {
  publicKey: string;
  send(sub: PushTarget, message: PushMessage, opts: PushOptions): Promise<PushOutcome>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

type VapidConfig = Pick<
  Config,
  'DATA_DIR' | 'MAIL_FROM' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'
>;

/** From the environment, else from DATA_DIR/vapid.json (generated once, mode 0600). */
export function vapidKeys(config: VapidConfig): VapidKeys {
  const subject = config.VAPID_SUBJECT ?? `mailto:${mailAddress(config.MAIL_FROM)}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const file = join(config.DATA_DIR, 'vapid.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  // 'wx': two processes starting together — the second fails here and reads the first one's keys.
  try {
    writeFileSync(file, JSON.stringify(generated), { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  } catch {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  return { ...generated, subject };
}

function mailAddress(from: string): string {
  const match = /<([^>]+)>/.exec(from);
  return (match ? match[1]! : from).trim();
}

const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/** Seconds from a Retry-After header (delta-seconds or an HTTP date); undefined when absent or bad. */
export function retryAfterSeconds(
  value: string | string[] | undefined,
  now = Date.now(),
): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export interface PushSenderOptions {
  /** Extra trusted CA certificates (PEM), e.g. the fake push service's in tests. */
  ca?: string | string[];
  timeoutMs?: number;
  /**
   * Hosts that may resolve to private addresses (EGRESS_ALLOW_HOSTS; tests: the fake service on
   * 127.0.0.1). Endpoints come from browsers, i.e. from users: any other endpoint on a loopback,
   * private or link-local address is refused (outcome `gone`, so the subscription is dropped).
   */
  allowHosts?: Iterable<string>;
}

const bareHost = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();

/** A DNS lookup that refuses private addresses unless the host is allowed (checked at connect time). */
function publicOnlyLookup(allow: Set<string>): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as LookupAddress[];
      if (
        list.length === 0 ||
        (!allow.has(bareHost(hostname)) && list.some((a) => isPrivateAddress(a.address)))
      )
        return callback(
          Object.assign(new Error(`refused address for ${hostname}`), { code: 'EREFUSEDPRIVATE' }),
          '',
          4,
        );
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** True when the endpoint's host is an address literal that may not be reached. */
function refusedLiteral(endpoint: string, allow: Set<string>): boolean {
  let host: string;
  try {
    host = bareHost(new URL(endpoint).hostname);
  } catch {
    return true;
  }
  return isIP(host) !== 0 && !allow.has(host) && isPrivateAddress(host);
}

export function createPushSender(keys: VapidKeys, options: PushSenderOptions = {}): PushSender {
  const allow = new Set([...(options.allowHosts ?? [])].map(bareHost));
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: 64,
    lookup: publicOnlyLookup(allow),
    ...(options.ca
      ? {
          ca: [
            ...(Array.isArray(options.ca) ? options.ca : [options.ca]),
            ...rootCertificates /* a custom ca replaces Node's roots: keep them */,
          ],
        }
      : {}),
  });
  const vapidDetails = { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  return {
    publicKey: keys.publicKey,
    async send(sub, message, opts) {
      if (refusedLiteral(sub.endpoint, allow)) return { kind: 'gone' };
      const payload = buildPushPayload(message);
      try {
        await webpush.sendNotification(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          payload,
          {
            vapidDetails,
            TTL: Math.max(0, Math.floor(opts.ttlSeconds)),
            urgency: opts.urgency,
            ...(opts.topic && TOPIC.test(opts.topic) ? { topic: opts.topic } : {}),
            contentEncoding: 'aes128gcm',
            agent,
            timeout: options.timeoutMs ?? 15_000,
          },
        );
        return { kind: 'sent' };
      } catch (err) {
        if (err instanceof webpush.WebPushError) {
          const status = err.statusCode;
          if (status === 404 || status === 410) return { kind: 'gone' };
          if (status === 429 || status >= 500) {
            const after = retryAfterSeconds(err.headers['retry-after']);
            return {
              kind: 'retry',
              reason: `push service answered ${status}`,
              ...(after === undefined ? {} : { retryAfterSeconds: after }),
            };
          }
          return { kind: 'failed', reason: `push service answered ${status}` };
        }
        // Network errors (refused, reset, timeout) are transient; bad keys are not.
        const reason = err instanceof Error ? err.message : String(err);
        const code = (err as { code?: unknown }).code;
        if (code === 'EREFUSEDPRIVATE') return { kind: 'gone' };
        if (typeof code === 'string' || /timeout|socket|ECONN/i.test(reason))
          return { kind: 'retry', reason };
        return { kind: 'failed', reason };
      }
    },
  };
}

/** The sender the app uses: VAPID keys from config or DATA_DIR. */
export function pushSenderFromConfig(config: VapidConfig & Pick<Config, 'EGRESS_ALLOW_HOSTS'>): PushSender {
  return createPushSender(vapidKeys(config), { allowHosts: allowedHosts(config) });
}
