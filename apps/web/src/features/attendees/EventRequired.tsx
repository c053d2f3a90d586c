import { Button, EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserState } from '../../shared/session/hooks';
import { CalendarIcon } from '../../shared/ui/icons';

/** The event the console's event-scoped screens work on (the header's event switcher). */
export function useSelectedEventId(): string | null {
  return useUserState().userData?.selectedEventId ?? null;
}

/** Renders `children(eventId)` for the selected event, or asks the admin to choose one first. */
export function EventRequired({ children }: { children: (eventId: string) => ReactNode }) {
  const { t } = useTranslation('attendees');
  const eventId = useSelectedEventId();
  if (eventId) return <>{children(eventId)}</>;
  return (
    <EmptyState icon={<CalendarIcon size={28} />} variant="light" title={t('noEvent.title')} description={t('noEvent.text')} py="xl">
      <EmptyState.Actions>
        <Button component={Link} to="/">
          {t('noEvent.action')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
