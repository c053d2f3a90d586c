import { Button, EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserState } from '../session/hooks';
import { CalendarIcon } from './icons';

/** The event the console's event-scoped screens work on (chosen in the header's switcher). */
function useSelectedEventId(): string | null {
  return useUserState().userData?.selectedEventId ?? null;
}

/** Renders `children(eventId)` for the selected event, or asks the admin to choose one first. */
export function EventRequired({ children }: { children: (eventId: string) => ReactNode }) {
  const { t } = useTranslation('shell');
  const eventId = useSelectedEventId();
  if (eventId) return <>{children(eventId)}</>;
  return (
    <EmptyState
      icon={<CalendarIcon size={28} />}
      variant="light"
      title={t('eventRequired.title')}
      description={t('eventRequired.text')}
      py="xl"
    >
      <EmptyState.Actions>
        <Button component={Link} to="/">
          {t('eventRequired.action')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
