import { Anchor, Text, type TextProps } from '@mantine/core';
import { useMemo } from 'react';
import { linkSegments } from './logic';

/** Post or comment text with its URLs and e-mail addresses as links (never HTML: React escapes the rest). */
export function LinkifiedText({ text, ...props }: { text: string } & TextProps) {
  const segments = useMemo(() => linkSegments(text), [text]);
  return (
    <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} {...props}>
      {segments.map((s, i) =>
        s.kind === 'text' ? (
          <span key={i}>{s.text}</span>
        ) : (
          <Anchor
            key={i}
            href={s.href}
            underline="always"
            {...(s.href.startsWith('mailto:')
              ? {}
              : { target: '_blank', rel: 'noopener noreferrer nofollow' })}
          >
            {s.text}
          </Anchor>
        ),
      )}
    </Text>
  );
}
