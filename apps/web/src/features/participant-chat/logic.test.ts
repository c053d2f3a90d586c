import { describe, expect, it } from 'vitest';
import {
  addPending,
  contiguousSeq,
  failPending,
  hasGap,
  markHidden,
  messageSegments,
  receive,
  receiveOlder,
  threadFrom,
  type HeldMessage,
} from './logic';

const msg = (seq: number, clientId: string | null = null): HeldMessage => ({
  id: `id-${seq}`,
  conversationId: 'c',
  seq,
  sender: null,
  text: `m${seq}`,
  hidden: false,
  clientId,
  createdAt: '2030-01-01T00:00:00.000Z',
});
const seqs = (s: { messages: HeldMessage[] }) => s.messages.map((m) => m.seq);

describe('thread merge', () => {
  it('merges live frames and a catch-up read by seq, each message once', () => {
    let s = threadFrom([msg(4), msg(5)]);
    expect(s).toMatchObject({ floor: 3, synced: 5 });
    s = receive(s, [msg(8)]); // a live frame after a disconnect: 6 and 7 were missed
    expect(hasGap(s)).toBe(true);
    expect(s.synced).toBe(5);
    s = receive(s, [msg(6), msg(7), msg(8)]); // the catch-up read after=5
    expect(seqs(s)).toEqual([4, 5, 6, 7, 8]);
    expect(hasGap(s)).toBe(false);
    s = receive(s, [msg(7), msg(8)]); // the same frames again: nothing changes
    expect(seqs(s)).toEqual([4, 5, 6, 7, 8]);
    expect(s.synced).toBe(8);
  });

  it('scrolling back lowers the floor', () => {
    const s = receiveOlder(threadFrom([msg(3), msg(4)]), [msg(1), msg(2)]);
    expect(seqs(s)).toEqual([1, 2, 3, 4]);
    expect(s).toMatchObject({ floor: 0, synced: 4 });
  });

  it('a pending message goes when its acknowledged copy arrives; a failed one stays', () => {
    let s = addPending(threadFrom([]), { clientId: 'a', text: 'hi', status: 'pending' });
    s = addPending(s, { clientId: 'b', text: 'yo', status: 'pending' });
    s = failPending(s, 'b');
    s = receive(s, [msg(1, 'a')]);
    expect(s.pending).toEqual([{ clientId: 'b', text: 'yo', status: 'failed' }]);
    expect(seqs(s)).toEqual([1]);
  });

  it('hides a message in place', () => {
    const s = markHidden(threadFrom([msg(1)]), 'id-1');
    expect(s.messages[0]).toMatchObject({ hidden: true, text: '' });
  });

  it('contiguousSeq stops at the first missing seq', () => {
    expect(contiguousSeq([{ seq: 1 }, { seq: 2 }, { seq: 4 }], 0)).toBe(2);
    expect(contiguousSeq([], 7)).toBe(7);
  });
});

describe('messageSegments', () => {
  it('links web and bare e-mail addresses, keeps the rest as text', () => {
    expect(messageSegments('Mail anna@example.com or see example.org/x!')).toEqual([
      { kind: 'text', text: 'Mail ' },
      { kind: 'link', text: 'anna@example.com', href: 'mailto:anna@example.com' },
      { kind: 'text', text: ' or see ' },
      { kind: 'link', text: 'example.org/x', href: 'https://example.org/x' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('never makes a javascript: link, and text stays text', () => {
    const segments = messageSegments('javascript:alert(1) <b>x</b>');
    expect(segments.every((s) => s.kind === 'text' || /^(https?|mailto):/.test(s.href))).toBe(true);
    expect(segments.map((s) => s.text).join('')).toBe('javascript:alert(1) <b>x</b>');
  });
});
