/**
 * Changes made while offline (e.g. enrolling in a session), kept in localStorage and sent in order
 * when the connection returns. A change has a `key` (what it is about, e.g. `enroll:<sessionId>`):
 * a later change with the same key replaces the earlier one, so the last wish is what is sent.
 * Entries belong to the user who made them; another user signing in on the device never sends them.
 */
export interface QueuedChange {
  key: string;
  userId: string;
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** What the screens show meanwhile, e.g. the session's name. */
  label: string;
  queuedAt: string;
}

export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const QUEUE_STORAGE_KEY = 'plenary.offlineQueue';

export function readQueue(storage: QueueStorage): QueuedChange[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(QUEUE_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedChange[]) : [];
  } catch {
    return [];
  }
}

export function writeQueue(storage: QueueStorage, queue: QueuedChange[]): void {
  storage.setItem(QUEUE_STORAGE_KEY, JSON.stringify(queue));
}

/** The queue with `change` at its end, any earlier change of the same user and key removed. */
export function withChange(queue: QueuedChange[], change: QueuedChange): QueuedChange[] {
  return [...queue.filter((c) => !(c.key === change.key && c.userId === change.userId)), change];
}

/** How a send ended: sent, refused by the API (dropped, the message shown), or not reached (kept). */
export type SendOutcome = { kind: 'sent' } | { kind: 'refused'; message: string } | { kind: 'unreachable' };

export interface FlushReport {
  sent: QueuedChange[];
  refused: { change: QueuedChange; message: string }[];
  remaining: number;
}

/**
 * Sends `userId`'s changes one after the other, in the order they were made. Stops at the first
 * one the API can not be reached for (the rest wait for the next try); a refused change is dropped.
 * `load`/`save` are re-read around each send, so changes queued meanwhile are kept.
 */
export async function flushChanges(
  userId: string,
  load: () => QueuedChange[],
  save: (queue: QueuedChange[]) => void,
  send: (change: QueuedChange) => Promise<SendOutcome>,
): Promise<FlushReport> {
  const report: FlushReport = { sent: [], refused: [], remaining: 0 };
  for (;;) {
    const next = load().find((c) => c.userId === userId);
    if (!next) break;
    const outcome = await send(next);
    if (outcome.kind === 'unreachable') break;
    save(load().filter((c) => !(c.userId === userId && c.key === next.key && c.queuedAt === next.queuedAt)));
    if (outcome.kind === 'sent') report.sent.push(next);
    else report.refused.push({ change: next, message: outcome.message });
  }
  report.remaining = load().filter((c) => c.userId === userId).length;
  return report;
}
