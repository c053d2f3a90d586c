import { Anchor, Text } from '@mantine/core';
import { useMemo } from 'react';
import { messageSegments } from './logic';

/** A message's text as React text and link elements (never HTML): addresses and e-mails linked. */
export function MessageText({ text }: { text: string }) {
  const segments = useMemo(() => messageSegments(text), [text]);
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {segments.map((s, i) =>
        s.kind === 'link' ? (
          <Anchor
            key={i}
            href={s.href}
            target={s.href.startsWith('mailto:') ? undefined : '_blank'}
            rel="noopener noreferrer nofollow"
            inherit
            underline="always"
          >
            {s.text}
          </Anchor>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </Text>
  );
}
