import { describe, expect, it } from 'vitest';
import type { QueuedChange } from '../../shared/offline';
import { bookmarkKey, myAgendaSessions, withQueuedBookmarks } from './bookmarks';

const change = (sessionId: string, method: QueuedChange['method'], userId = 'u1'): QueuedChange => ({
  key: bookmarkKey(sessionId),
  userId,
  method,
  path: `events/e/sessions/v2/${sessionId}/bookmark`,
  label: sessionId,
  queuedAt: '2030-01-01T00:00:00.000Z',
});

describe('withQueuedBookmarks', () => {
  it('applies the user’s queued stars and unstars over the saved bookmarks', () => {
    const queue = [
      change('b', 'DELETE'),
      change('c', 'PUT'),
      change('d', 'PUT', 'someone-else'),
      { ...change('x', 'POST'), key: 'enroll:x' },
    ];
    expect([...withQueuedBookmarks(['a', 'b'], queue, 'u1')].sort()).toEqual(['a', 'c']);
  });

  it('shows the saved bookmarks alone when nothing waits', () => {
    expect([...withQueuedBookmarks(['a'], [], 'u1')]).toEqual(['a']);
  });
});

describe('myAgendaSessions', () => {
  it('keeps sessions with a place or a bookmark, in order, marked with why', () => {
    const sessions = [
      { id: '1', myState: 'ENROLLED' as const },
      { id: '2', myState: null },
      { id: '3', myState: null },
      { id: '4', myState: 'WAITLISTED' as const },
    ];
    expect(myAgendaSessions(sessions, new Set(['3', '4'])).map((r) => [r.session.id, r.marks])).toEqual([
      ['1', { place: 'ENROLLED', bookmarked: false }],
      ['3', { place: null, bookmarked: true }],
      ['4', { place: 'WAITLISTED', bookmarked: true }],
    ]);
  });
});
