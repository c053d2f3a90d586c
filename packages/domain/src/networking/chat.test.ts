import { describe, expect, it } from 'vitest';
import { chatTextSchema, mergeMessages, sanitizeChatText } from './chat.js';

const m = (seq: number, text = `m${seq}`, clientId: string | null = null) => ({ seq, text, clientId });

describe('mergeMessages', () => {
  it('keeps each seq once, in ascending order, whatever the arrival order', () => {
    const held = [m(1), m(2), m(3)];
    const caughtUp = [m(3), m(4), m(5)];
    const live = [m(6), m(5)];
    expect(mergeMessages(mergeMessages(held, caughtUp), live).map((x) => x.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('lets the later copy of a seq win (a message hidden meanwhile)', () => {
    const merged = mergeMessages([m(1, 'rude')], [m(1, '')]);
    expect(merged).toEqual([m(1, '')]);
  });

  it('is idempotent: merging the same catch-up twice changes nothing', () => {
    const once = mergeMessages([m(1)], [m(2), m(3)]);
    expect(mergeMessages(once, [m(2), m(3)])).toEqual(once);
  });
});

describe('sanitizeChatText', () => {
  it('removes tags and comments, keeps text that only looks like them', () => {
    expect(sanitizeChatText('<b>hi</b> <a href="javascript:x">there</a>')).toBe('hi there');
    expect(sanitizeChatText('<scr<script>ipt>alert(1)</script>')).toBe('alert(1)');
    expect(sanitizeChatText('a < b and <3 <!-- hidden -->')).toBe('a < b and <3');
    expect(sanitizeChatText('  line\r\nnext  ')).toBe('line\nnext');
  });

  it('the schema refuses what is empty after sanitising and what is too long', () => {
    expect(chatTextSchema.safeParse('<p></p>').success).toBe(false);
    expect(chatTextSchema.safeParse('x'.repeat(2001)).success).toBe(false);
    expect(chatTextSchema.parse(' ok ')).toBe('ok');
  });
});
