import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeftIcon } from '../ui/icons';

/**
 * The participant app's "Back": to the page the participant came from (the browser's history), or
 * — on a page opened directly by its address, which has no page of the app before it — to the
 * event's home (spec part 2: `/event/{eventId}/home`).
 */
export function BackLink({ eventId }: { eventId: string }) {
  const { t } = useTranslation('participantApp');
  const navigate = useNavigate();
  // The router gives the first page of a visit the key 'default'; every page reached inside the app has its own.
  const cameFromApp = useLocation().key !== 'default';
  return (
    <Anchor
      component={Link}
      to={`/event/${encodeURIComponent(eventId)}/home`}
      size="sm"
      style={{ alignSelf: 'flex-start' }}
      onClick={(e) => {
        if (!cameFromApp) return;
        e.preventDefault();
        void navigate(-1);
      }}
    >
      <Group gap={4} component="span">
        <ArrowLeftIcon size={16} />
        {cameFromApp ? t('nav.back') : t('nav.backToEvent')}
      </Group>
    </Anchor>
  );
}
