import { describe, expect, it } from 'vitest';
import {
  type ModeratorQuestion,
  approvedOnly,
  boardLayout,
  parseSpeed,
  percent,
  speakerQueue,
  speedTiming,
  wordSize,
} from './screen';

let n = 0;
function q(over: Partial<ModeratorQuestion>): ModeratorQuestion {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    instanceId: '00000000-0000-4000-8000-000000000000',
    text: `Question ${n}`,
    author: null,
    upvotes: 0,
    highlighted: false,
    answered: false,
    replies: [],
    createdAt: `2026-11-26T10:00:${String(n).padStart(2, '0')}.000Z`,
    status: 'APPROVED',
    starred: false,
    originalText: null,
    ...over,
  };
}

describe('front-of-room Q&A', () => {
  it('never shows pending or rejected questions, and strips moderation fields', () => {
    const shown = approvedOnly([q({ status: 'PENDING' }), q({ status: 'REJECTED' }), q({ text: 'Ok' })]);
    expect(shown.map((x) => x.text)).toEqual(['Ok']);
    expect(shown[0]).not.toHaveProperty('starred');
    expect(shown[0]).not.toHaveProperty('originalText');
  });
  it('shows the highlighted question apart and the rest most voted first, answered ones gone', () => {
    const a = q({ upvotes: 1 });
    const b = q({ upvotes: 5 });
    const pinned = q({ highlighted: true });
    const done = q({ upvotes: 50, answered: true });
    const { highlighted, others } = boardLayout(approvedOnly([a, b, pinned, done]));
    expect(highlighted?.id).toBe(pinned.id);
    expect(others.map((x) => x.id)).toEqual([b.id, a.id]);
  });
  it('gives the speaker the highlighted question then the starred queue, nothing unapproved', () => {
    const starred = q({ starred: true });
    const pinned = q({ highlighted: true });
    const pendingStar = q({ status: 'PENDING', starred: true });
    const plain = q({});
    expect(speakerQueue([starred, pendingStar, plain, pinned]).map((x) => x.id)).toEqual([
      pinned.id,
      starred.id,
    ]);
  });
});

describe('results screens', () => {
  it('reads the speed from the URL with the spec options only', () => {
    expect(parseSpeed('1')).toBe(1);
    expect(parseSpeed('20')).toBe(20);
    expect(parseSpeed('7')).toBe(10);
    expect(parseSpeed(null)).toBe(10);
    expect(speedTiming(1).transitionMs).toBeGreaterThan(speedTiming(20).transitionMs);
    expect(speedTiming(20).scrollPxPerSecond).toBeGreaterThan(speedTiming(1).scrollPxPerSecond);
  });
  it('computes shares and word sizes', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(0, 0)).toBe(0);
    expect(wordSize(10, 10)).toBe(140);
    expect(wordSize(1, 10)).toBe(28);
    expect(wordSize(1, 1)).toBe(140);
  });
});
