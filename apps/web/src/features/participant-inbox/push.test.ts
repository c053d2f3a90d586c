import { describe, expect, it } from 'vitest';
import {
  base64UrlToBytes,
  INSTALLING_WORKER_WAIT_MS,
  NO_WORKER_WAIT_MS,
  pushState,
  safeAppPath,
  serviceWorkerWaitMs,
  subscriptionBody,
  type PushEnvironment,
} from './push';

const chrome: PushEnvironment = {
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/130',
  maxTouchPoints: 5,
  standalone: false,
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  secureContext: true,
  permission: 'default',
  subscribed: false,
};

describe('pushState', () => {
  it('offers the button before asking, and reflects the answer', () => {
    expect(pushState(chrome)).toBe('default');
    expect(pushState({ ...chrome, permission: 'denied' })).toBe('denied');
    expect(pushState({ ...chrome, permission: 'granted' })).toBe('granted');
    expect(pushState({ ...chrome, permission: 'granted', subscribed: true })).toBe('subscribed');
  });

  it('is unsupported without the APIs or a secure context', () => {
    expect(pushState({ ...chrome, hasPushManager: false })).toBe('unsupported');
    expect(pushState({ ...chrome, hasServiceWorker: false })).toBe('unsupported');
    expect(pushState({ ...chrome, secureContext: false })).toBe('unsupported');
  });

  it('tells iPhone and iPad users to add the app to the home screen first', () => {
    const iphone = {
      ...chrome,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
      hasPushManager: false,
    };
    expect(pushState(iphone)).toBe('ios-install');
    const ipad = {
      ...chrome,
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
      maxTouchPoints: 5,
    };
    expect(pushState(ipad)).toBe('ios-install');
    expect(pushState({ ...iphone, standalone: true, hasPushManager: true })).toBe('default');
    const mac = {
      ...chrome,
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
      maxTouchPoints: 0,
    };
    expect(pushState(mac)).toBe('default');
  });
});

describe('helpers', () => {
  it('decodes a base64url key', () => {
    expect(Array.from(base64UrlToBytes('AQID_-8'))).toEqual([1, 2, 3, 255, 239]);
  });

  it('builds the subscription body', () => {
    expect(
      subscriptionBody({ endpoint: 'https://push.example/a', keys: { p256dh: 'p', auth: 'a' } }, 'UA'),
    ).toEqual({ endpoint: 'https://push.example/a', keys: { p256dh: 'p', auth: 'a' }, userAgent: 'UA' });
  });

  it('opens same-origin paths only', () => {
    expect(safeAppPath('/event/1/agenda/2')).toBe('/event/1/agenda/2');
    expect(safeAppPath('//evil.example')).toBe('/');
    expect(safeAppPath('https://evil.example')).toBe('/');
    expect(safeAppPath(undefined)).toBe('/');
  });
});

describe('serviceWorkerWaitMs', () => {
  const worker = {} as ServiceWorker;
  it('waits long for a worker still installing (a first visit fetches the app for offline use)', () => {
    expect(serviceWorkerWaitMs({ installing: worker, waiting: null, active: null })).toBe(
      INSTALLING_WORKER_WAIT_MS,
    );
    expect(serviceWorkerWaitMs({ installing: null, waiting: worker, active: null })).toBe(
      INSTALLING_WORKER_WAIT_MS,
    );
  });
  it('waits briefly with no worker registered', () => {
    expect(serviceWorkerWaitMs(undefined)).toBe(NO_WORKER_WAIT_MS);
    expect(serviceWorkerWaitMs({ installing: null, waiting: null, active: null })).toBe(NO_WORKER_WAIT_MS);
    expect(NO_WORKER_WAIT_MS).toBeLessThan(INSTALLING_WORKER_WAIT_MS);
  });
});
