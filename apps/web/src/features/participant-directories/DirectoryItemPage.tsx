import { useLocation, useParams } from 'react-router';
import { PublicProfileView } from '../participant-profile';
import { participantPaths } from '../../shared/navigation/participantPaths';
import { BackToDirectories } from './DirectoryPage';
import type { FromDirectory } from './PeopleViews';

/**
 * `/event/:eventId/directory/:directoryId/:itemId` (directory sub-detail): a person opened from a
 * directory — their public profile, with the way back to the directory (its search kept). The item
 * id is the person's user id; a hidden profile is 404 like on the profile page.
 */
export function DirectoryItemPage() {
  const { eventId = '', directoryId = '', itemId = '' } = useParams();
  const from = (useLocation().state as Partial<FromDirectory> | null)?.directory;
  return (
    <PublicProfileView
      eventId={eventId}
      userId={itemId}
      back={
        <BackToDirectories eventId={eventId} to={from ?? participantPaths.directory(eventId, directoryId)} />
      }
    />
  );
}
