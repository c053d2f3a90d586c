import { describe, expect, it } from 'vitest';
import {
  flushChanges,
  readQueue,
  withChange,
  writeQueue,
  type QueuedChange,
  type QueueStorage,
  type SendOutcome,
} from './queue';

function memoryStorage(): QueueStorage {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const change = (
  key: string,
  method: QueuedChange['method'],
  userId = 'u1',
  at = '2026-01-01T00:00:00.000Z',
): QueuedChange => ({
  key,
  userId,
  method,
  path: `events/e/sessions/v2/${key}/enroll`,
  label: key,
  queuedAt: at,
});

describe('offline queue', () => {
  it('keeps the last change per user and key, in the order made', () => {
    let q: QueuedChange[] = [];
    q = withChange(q, change('a', 'POST'));
    q = withChange(q, change('b', 'POST'));
    q = withChange(q, change('a', 'DELETE'));
    q = withChange(q, change('a', 'POST', 'u2'));
    expect(q.map((c) => `${c.userId}:${c.key}:${c.method}`)).toEqual([
      'u1:b:POST',
      'u1:a:DELETE',
      'u2:a:POST',
    ]);
  });

  it('reads what it wrote and treats a damaged entry as empty', () => {
    const storage = memoryStorage();
    writeQueue(storage, [change('a', 'POST')]);
    expect(readQueue(storage)).toHaveLength(1);
    storage.setItem('plenary.offlineQueue', '{not json');
    expect(readQueue(storage)).toEqual([]);
  });

  it('sends the user’s changes in order, drops refused ones and stops when the API is out of reach', async () => {
    const storage = memoryStorage();
    writeQueue(storage, [
      change('a', 'POST'),
      change('x', 'POST', 'u2'),
      change('b', 'POST'),
      change('c', 'DELETE'),
    ]);
    const outcomes: Record<string, SendOutcome> = {
      a: { kind: 'sent' },
      b: { kind: 'refused', message: 'This session is full' },
      c: { kind: 'unreachable' },
    };
    const seen: string[] = [];
    const report = await flushChanges(
      'u1',
      () => readQueue(storage),
      (q) => writeQueue(storage, q),
      async (c) => {
        seen.push(c.key);
        return outcomes[c.key]!;
      },
    );
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(report.sent.map((c) => c.key)).toEqual(['a']);
    expect(report.refused).toEqual([
      { change: expect.objectContaining({ key: 'b' }), message: 'This session is full' },
    ]);
    expect(report.remaining).toBe(1);
    expect(readQueue(storage).map((c) => `${c.userId}:${c.key}`)).toEqual(['u2:x', 'u1:c']);
  });
});
