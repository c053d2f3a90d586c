import { useSyncExternalStore } from 'react';
import { apiFetch } from '../api/client';
import { isApiError } from '../api/errors';
import {
  flushChanges,
  readQueue,
  withChange,
  writeQueue,
  type FlushReport,
  type QueuedChange,
  type SendOutcome,
} from './queue';

/** The device's queue of offline changes (localStorage), with listeners for the screens. */
const listeners = new Set<() => void>();
let snapshot: QueuedChange[] = typeof localStorage === 'undefined' ? [] : readQueue(localStorage);

function load(): QueuedChange[] {
  return readQueue(localStorage);
}
function save(queue: QueuedChange[]): void {
  writeQueue(localStorage, queue);
  snapshot = queue;
  listeners.forEach((l) => l());
}

export function queueChange(change: Omit<QueuedChange, 'queuedAt'>): void {
  save(withChange(load(), { ...change, queuedAt: new Date().toISOString() }));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the app queued or sent something.
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith('plenary.offlineQueue')) {
      snapshot = load();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The changes waiting to be sent (all users'; filter by userId). */
export function useQueuedChanges(): QueuedChange[] {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

/** A request that did not reach the API (offline, DNS, connection reset) rather than one it answered. */
export function isUnreachable(error: unknown): boolean {
  return !isApiError(error) || error.status >= 500 || error.status === 0;
}

async function send(change: QueuedChange): Promise<SendOutcome> {
  try {
    await apiFetch(change.path, { method: change.method, body: change.body });
    return { kind: 'sent' };
  } catch (error) {
    if (isUnreachable(error)) return { kind: 'unreachable' };
    return { kind: 'refused', message: (error as Error).message };
  }
}

let running: Promise<FlushReport> | null = null;

/** Sends the user's queued changes (one run at a time). */
export function syncQueuedChanges(userId: string): Promise<FlushReport> {
  running ??= flushChanges(userId, load, save, send).finally(() => {
    running = null;
  });
  return running;
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** navigator.onLine, kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
