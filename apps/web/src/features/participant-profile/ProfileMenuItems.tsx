import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserState } from '../../shared/session/hooks';
import { EditIcon, EyeIcon, UsersIcon } from '../../shared/ui/icons';
import { editProfilePath, peoplePath, userProfilePath } from './paths';

/** The account menu's entries for the event being shown: one's profile in it, editing it, and its people. */
export function ProfileMenuItems({ eventId }: { eventId: string }) {
  const { t } = useTranslation('participantProfile');
  const userId = useUserState().tokenData?.userId;
  if (!userId) return null;
  return (
    <>
      <Menu.Item component={Link} to={userProfilePath(eventId, userId)} leftSection={<EyeIcon size={16} />}>
        {t('menu.myProfile')}
      </Menu.Item>
      <Menu.Item component={Link} to={editProfilePath(eventId)} leftSection={<EditIcon size={16} />}>
        {t('menu.editProfile')}
      </Menu.Item>
      <Menu.Item component={Link} to={peoplePath(eventId)} leftSection={<UsersIcon size={16} />}>
        {t('menu.people')}
      </Menu.Item>
    </>
  );
}
