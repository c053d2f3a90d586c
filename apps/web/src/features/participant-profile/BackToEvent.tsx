import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '../../shared/ui/icons';
import { participantEventPath } from '../events/paths';

/** The link back to the event's home page, above a profile page. */
export function BackToEvent({ eventId }: { eventId: string }) {
  const { t } = useTranslation('participantProfile');
  return (
    <Anchor component={Link} to={participantEventPath(eventId)} size="sm" style={{ alignSelf: 'flex-start' }}>
      <Group gap={4} component="span">
        <ArrowLeftIcon size={16} />
        {t('edit.backToEvent')}
      </Group>
    </Anchor>
  );
}
