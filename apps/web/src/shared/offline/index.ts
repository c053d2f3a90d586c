export type { QueuedChange } from './queue';
export { isUnreachable, queueChange, syncQueuedChanges, useOnline, useQueuedChanges } from './offlineQueue';
export { clearOfflineApiCaches } from './caches';
export { CACHE_COPY_HEADER, fetchPreferringHeld, keepHeldOverCacheCopy } from './cacheCopy';
