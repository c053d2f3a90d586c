import { SimpleGrid } from '@mantine/core';
import { useUserState } from '../../shared/session/hooks';
import { useOwnProfile } from './api';
import { EventPeopleCard } from './EventPeopleCard';
import { EventProfileCard } from './EventProfileCard';

/**
 * The event home's cards of this feature: one's own profile and the people of the event, side by
 * side from 36em. Admins in participant view have no profile there: the people card alone.
 */
export function EventHomeCards({ eventId }: { eventId: string }) {
  const userId = useUserState().tokenData?.userId;
  const own = useOwnProfile(eventId);
  const hasProfile = Boolean(userId) && !(own.isError && own.error.status === 404);
  if (!hasProfile) return <EventPeopleCard eventId={eventId} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <EventProfileCard eventId={eventId} />
      <EventPeopleCard eventId={eventId} />
    </SimpleGrid>
  );
}
