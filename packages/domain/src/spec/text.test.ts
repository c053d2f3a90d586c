import { describe, it, expect } from 'vitest';
import { autoLinkEmails } from './text.js';

describe('autoLinkEmails', () => {
  it.each([
    ['no address here', [{ type: 'text', value: 'no address here' }]],
    ['', []],
    ['ann@example.com', [{ type: 'email', value: 'ann@example.com' }]],
    [
      'Write to ann@example.com.',
      [
        { type: 'text', value: 'Write to ' },
        { type: 'email', value: 'ann@example.com' },
        { type: 'text', value: '.' },
      ],
    ],
    [
      'a@x.io, b@y.org',
      [
        { type: 'email', value: 'a@x.io' },
        { type: 'text', value: ', ' },
        { type: 'email', value: 'b@y.org' },
      ],
    ],
    [
      '(ann@example.com)',
      [
        { type: 'text', value: '(' },
        { type: 'email', value: 'ann@example.com' },
        { type: 'text', value: ')' },
      ],
    ],
    ['user@localhost is not linked', [{ type: 'text', value: 'user@localhost is not linked' }]],
    [
      '<b>x@y.com</b>',
      [
        { type: 'text', value: '<b>' },
        { type: 'email', value: 'x@y.com' },
        { type: 'text', value: '</b>' },
      ],
    ],
  ])('%j', (text, segments) => {
    expect(autoLinkEmails(text)).toEqual(segments);
  });

  it('keeps every character of the input', () => {
    const text = 'Mail ann@example.com or @bob, see x@y.co.uk... done';
    expect(
      autoLinkEmails(text)
        .map((s) => s.value)
        .join(''),
    ).toBe(text);
  });
});
