import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StarIcon } from '../../shared/ui/icons';
import { useToggleBookmark } from './useBookmarks';

/**
 * The star that puts a session into My Agenda (or takes it out), whether or not the participant
 * enrolls: a toggle button (aria-pressed) named after the session. `bookmarked` comes from the list
 * (one `useBookmarks` for all cards).
 */
export function BookmarkButton({
  eventId,
  session,
  bookmarked,
  size = 'lg',
}: {
  eventId: string;
  session: { id: string; name: string };
  bookmarked: boolean;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation('participantApp');
  const toggle = useToggleBookmark(eventId, session);
  return (
    <ActionIcon
      variant="subtle"
      color={bookmarked ? 'orange.8' : 'gray.7'}
      size={size}
      aria-label={t('bookmark.add', { name: session.name })}
      aria-pressed={bookmarked}
      onClick={() => toggle.mutate(!bookmarked)}
    >
      <StarIcon size={size === 'lg' ? 22 : 18} filled={bookmarked} />
    </ActionIcon>
  );
}
