import { useCallback, useEffect, useState } from 'react';
import { registerSubscription, turnOffPush, turnOnPush } from './api';
import { pushState, type PushEnvironment, type PushState } from './push';

async function environment(): Promise<PushEnvironment> {
  const hasServiceWorker = 'serviceWorker' in navigator;
  const hasPushManager = 'PushManager' in window;
  let subscribed = false;
  if (
    hasServiceWorker &&
    hasPushManager &&
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted'
  ) {
    const registration = await navigator.serviceWorker.getRegistration();
    subscribed = Boolean(await registration?.pushManager.getSubscription());
  }
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone:
      (navigator as Navigator & { standalone?: boolean }).standalone === true ||
      window.matchMedia?.('(display-mode: standalone)').matches === true,
    hasServiceWorker,
    hasPushManager,
    hasNotification: typeof Notification !== 'undefined',
    secureContext: window.isSecureContext,
    permission: typeof Notification !== 'undefined' ? Notification.permission : undefined,
    subscribed,
  };
}

/** This browser's push state for the card, and the actions (each only from a user's click). */
export function usePush(eventId: string) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(async () => setState(pushState(await environment())), []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const run = (action: () => Promise<unknown>) => async () => {
    setBusy(true);
    setFailed(false);
    try {
      await action();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  return {
    state,
    busy,
    failed,
    turnOn: run(() => turnOnPush(eventId)),
    turnOff: run(() => turnOffPush(eventId)),
  };
}

const synced = new Set<string>();

/**
 * Keeps the server's copy of this browser's subscription current: once per app load and event
 * (a subscription the browser renewed while the app was closed), and when the service worker says
 * `pushsubscriptionchange` re-subscribed (push-sw.js posts `push-subscription-changed`).
 */
export function usePushSync(eventId: string | undefined): void {
  useEffect(() => {
    if (!eventId || !('serviceWorker' in navigator) || typeof Notification === 'undefined') return;
    const sync = async () => {
      if (Notification.permission !== 'granted') return;
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager?.getSubscription();
      if (subscription) await registerSubscription(eventId, subscription);
    };
    if (!synced.has(eventId)) {
      synced.add(eventId);
      void sync().catch(() => synced.delete(eventId));
    }
    const onMessage = (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type === 'push-subscription-changed')
        void sync().catch(() => {});
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [eventId]);
}
