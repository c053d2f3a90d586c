/**
 * The service worker's caches of API answers (apps/web/vite.config.ts `participantOfflineCaching`).
 * They hold one person's data (keyed by URL, not by token): emptied when that person signs out.
 * `plenary-files` stays: uploaded files are public by their URL.
 */
export const API_CACHE_NAMES = ['plenary-app', 'plenary-agenda', 'plenary-content'] as const;

export async function clearOfflineApiCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(API_CACHE_NAMES.map((name) => caches.delete(name).catch(() => false)));
}
