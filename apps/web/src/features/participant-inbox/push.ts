/**
 * Web Push in the browser (pure parts unit-tested in push.test.ts). The app asks for permission only
 * from a click on the inbox page's "Turn on notifications" card; iOS/iPadOS only offers Web Push to
 * an app added to the home screen, so there the card says so instead.
 */
export type PushState =
  /** The browser has no Service Worker / Push API / Notification (or not in a secure context). */
  | 'unsupported'
  /** iOS/iPadOS in a browser tab: Web Push exists only for apps added to the home screen. */
  | 'ios-install'
  | 'denied'
  /** Not asked yet (or dismissed): the card offers the button. */
  | 'default'
  /** Allowed and this browser has a subscription registered. */
  | 'subscribed'
  /** Allowed but no subscription yet (e.g. removed): the card offers to turn it on again. */
  | 'granted';

export interface PushEnvironment {
  userAgent: string;
  maxTouchPoints: number;
  /** `navigator.standalone` (iOS) or display-mode standalone. */
  standalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  secureContext: boolean;
  permission: NotificationPermission | undefined;
  subscribed: boolean;
}

export function isIos(env: Pick<PushEnvironment, 'userAgent' | 'maxTouchPoints'>): boolean {
  // iPadOS 13+ says "Macintosh" but has touch points.
  return (
    /iPad|iPhone|iPod/.test(env.userAgent) || (/Macintosh/.test(env.userAgent) && env.maxTouchPoints > 1)
  );
}

export function pushState(env: PushEnvironment): PushState {
  if (isIos(env) && !env.standalone) return 'ios-install';
  if (!env.secureContext || !env.hasServiceWorker || !env.hasPushManager || !env.hasNotification)
    return 'unsupported';
  if (env.permission === 'denied') return 'denied';
  if (env.permission === 'granted') return env.subscribed ? 'subscribed' : 'granted';
  return 'default';
}

/** The VAPID public key (base64url) as the bytes `applicationServerKey` wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** What PUT …/push/subscription takes, from a browser subscription. */
export function subscriptionBody(sub: PushSubscriptionJSON, userAgent: string) {
  return {
    endpoint: sub.endpoint ?? '',
    keys: { p256dh: sub.keys?.['p256dh'] ?? '', auth: sub.keys?.['auth'] ?? '' },
    userAgent: userAgent.slice(0, 512),
  };
}

/** Where a notification click goes: same-origin paths only (never another site). */
export function safeAppPath(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

/** How long turning notifications on waits for the service worker with none registered (a dev server). */
export const NO_WORKER_WAIT_MS = 10_000;
/**
 * …and with one still installing: on a first visit it fetches the whole app for offline use first,
 * which takes a while on a slow phone or network, and the participant's click should still work.
 */
export const INSTALLING_WORKER_WAIT_MS = 120_000;

/** How long to wait for an active service worker, given this page's registration (if any). */
export function serviceWorkerWaitMs(
  registration: Pick<ServiceWorkerRegistration, 'installing' | 'waiting' | 'active'> | undefined,
): number {
  if (!registration) return NO_WORKER_WAIT_MS;
  return registration.active || registration.installing || registration.waiting
    ? INSTALLING_WORKER_WAIT_MS
    : NO_WORKER_WAIT_MS;
}
