import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserState } from '../../shared/session/hooks';
import { EditIcon } from '../../shared/ui/icons';
import { useOwnProfile } from './api';
import { editProfilePath, userProfilePath } from './paths';
import { ProfileAvatar } from './ProfileAvatar';

/** On the event's home page: one's own profile in the event, with links to view and edit it. */
export function EventProfileCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation('participantProfile');
  const userId = useUserState().tokenData?.userId;
  const own = useOwnProfile(eventId);
  // Admins looking at the app in participant view have no profile in the event.
  if (!userId || (own.isError && own.error.status === 404)) return null;
  const p = own.data?.participant;
  return (
    <Card>
      <Group gap="md" wrap="nowrap" align="flex-start">
        {p && (
          <ProfileAvatar
            firstName={p.firstName}
            lastName={p.lastName}
            photoUrl={p.photoUrl}
            alt=""
            size={56}
            radius={56}
          />
        )}
        {own.isPending && <Skeleton circle height={56} style={{ flexShrink: 0 }} />}
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h4">
            {t('card.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('card.text')}
          </Text>
          <Group gap="sm" mt={4}>
            <Button
              component={Link}
              to={editProfilePath(eventId)}
              size="sm"
              leftSection={<EditIcon size={16} />}
            >
              {t('card.edit')}
            </Button>
            <Button component={Link} to={userProfilePath(eventId, userId)} size="sm" variant="default">
              {t('card.view')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
