/**
 * Browser-side stored keys of spec part 3. Every read and write of localStorage goes through here.
 */
import { STORAGE_KEYS as SPEC_STORAGE_KEYS } from '@plenary/domain';

/** The spec's keys, and ours: the console's last event per user (kept across sign-outs, lastEvent.ts). */
const STORAGE_KEYS = { ...SPEC_STORAGE_KEYS, lastEvents: 'plenary.lastEvents' } as const;
export type StorageKey = keyof typeof STORAGE_KEYS;

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode or storage disabled: the app still works for this page view
  }
}

export function readString(key: StorageKey): string | null {
  return safeStorage()?.getItem(STORAGE_KEYS[key]) ?? null;
}

export function writeString(key: StorageKey, value: string | null): void {
  const storage = safeStorage();
  if (!storage) return;
  if (value === null) storage.removeItem(STORAGE_KEYS[key]);
  else storage.setItem(STORAGE_KEYS[key], value);
}

export function readJson<T>(key: StorageKey, isValid: (value: unknown) => value is T): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, value === null || value === undefined ? null : JSON.stringify(value));
}
