import { Skeleton, Stack } from '@mantine/core';
import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionView } from './api';
import classes from './agenda.module.css';
import { SessionCard } from './SessionCard';
import { useBookmarks } from './useBookmarks';

/** Cards rendered at once; the rest follow in a deferred render React splits into short tasks (a phone stays responsive). */
const FIRST_CARDS = 6;

export function SessionListSkeleton() {
  const { t } = useTranslation('participantAgenda');
  return (
    <Stack role="status" aria-label={t('agenda.loading')} gap="sm">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={150} radius="md" />
      ))}
    </Stack>
  );
}

/** Sessions as a list of cards (a list, so screen readers announce how many). */
export function SessionList({
  eventId,
  sessions,
  zone,
  headingLevel,
  marksOf,
}: {
  eventId: string;
  sessions: SessionView[];
  zone: string;
  headingLevel?: 2 | 3;
  marksOf?: (session: SessionView) => ReactNode;
}) {
  const bookmarks = useBookmarks(eventId).ids;
  const shown = useDeferredValue(sessions, sessions.slice(0, FIRST_CARDS));
  return (
    <ul className={classes.list}>
      {shown.map((s) => (
        <li key={s.id}>
          <SessionCard
            eventId={eventId}
            session={s}
            zone={zone}
            headingLevel={headingLevel}
            bookmarked={bookmarks.has(s.id)}
            marks={marksOf?.(s)}
          />
        </li>
      ))}
    </ul>
  );
}
