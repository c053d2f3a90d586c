import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ArrowLeftIcon } from '../../shared/ui/icons';
import { participantEventPath } from '../events';

/** What a link to a profile passes along: the directory page it came from (with its search). */
export interface FromPeople {
  people: string;
}

/**
 * The link back above a profile page: to the directory when the profile was opened from it (its
 * search kept), else to the event's home page.
 */
export function BackToEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('participantProfile');
  const people = (useLocation().state as Partial<FromPeople> | null)?.people;
  return (
    <Anchor
      component={Link}
      to={people ?? participantEventPath(eventId)}
      size="sm"
      style={{ alignSelf: 'flex-start' }}
    >
      <Group gap={4} component="span">
        <ArrowLeftIcon size={16} />
        {people ? t('people.back') : t('edit.backToEvent')}
      </Group>
    </Anchor>
  );
}
