import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BackLink } from '../../shared/navigation/BackLink';
import { ArrowLeftIcon } from '../../shared/ui/icons';

/** What a link to a profile passes along: the directory page it came from (with its search). */
export interface FromPeople {
  people: string;
}

/**
 * The link back above a profile page: to the directory when the profile was opened from it (its
 * search kept), else the participant app's Back (where they came from, or the event's home).
 */
export function BackToEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('participantProfile');
  const people = (useLocation().state as Partial<FromPeople> | null)?.people;
  if (!people) return <BackLink eventId={eventId} />;
  return (
    <Anchor component={Link} to={people} size="sm" style={{ alignSelf: 'flex-start' }}>
      <Group gap={4} component="span">
        <ArrowLeftIcon size={16} />
        {t('people.back')}
      </Group>
    </Anchor>
  );
}
