import { isEmail } from '../validation/email.js';

export interface TextSegment {
  type: 'text' | 'email';
  value: string;
}

const EMAIL_CANDIDATE = /[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9.-]+/g;

/**
 * Spec part 5: bare e-mail addresses in text are auto-linked. Returns segments for the UI to render
 * (a mailto link per 'email' segment); no HTML is produced, so nothing needs escaping here.
 */
export function autoLinkEmails(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  const push = (type: TextSegment['type'], value: string) => {
    if (value === '') return;
    const previous = segments[segments.length - 1];
    if (type === 'text' && previous?.type === 'text') previous.value += value;
    else segments.push({ type, value });
  };
  for (const match of text.matchAll(EMAIL_CANDIDATE)) {
    // Sentence punctuation is not part of the address ('mail a@b.com.').
    const candidate = match[0].replace(/^[.]+/, '').replace(/[.-]+$/, '');
    const start = match.index + match[0].indexOf(candidate);
    if (!isEmail(candidate)) continue;
    push('text', text.slice(last, start));
    push('email', candidate);
    last = start + candidate.length;
  }
  push('text', text.slice(last));
  return segments;
}
