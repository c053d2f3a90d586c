import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarIcon, MapPinIcon } from '../../shared/ui/icons';
import { agendaPath, mapsPath, myAgendaPath } from './paths';

/** The account menu's agenda entries for the event being shown. */
export function AgendaMenuItems({ eventId }: { eventId: string }) {
  const { t } = useTranslation('participantAgenda');
  return (
    <>
      <Menu.Item component={Link} to={agendaPath(eventId)} leftSection={<CalendarIcon size={16} />}>
        {t('nav.agenda')}
      </Menu.Item>
      <Menu.Item component={Link} to={myAgendaPath(eventId)} leftSection={<CalendarIcon size={16} />}>
        {t('nav.myAgenda')}
      </Menu.Item>
      <Menu.Item component={Link} to={mapsPath(eventId)} leftSection={<MapPinIcon size={16} />}>
        {t('nav.maps')}
      </Menu.Item>
    </>
  );
}
