import { Button, Card, EmptyState, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CustomFieldValue } from '../../shared/custom-fields/CustomFieldValue';
import { useUserState } from '../../shared/session/hooks';
import { EditIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { SendCardButton } from '../participant-contacts';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { usePublicProfile } from './api';
import { BackToEvent } from './BackToEvent';
import { headlineOf } from './directory';
import { editProfilePath } from './paths';
import { ProfileAvatar } from './ProfileAvatar';
import classes from './profile.module.css';

function ProfileSkeleton() {
  const { t } = useTranslation('common');
  return (
    <Card role="status" aria-label={t('states.loading')}>
      <Stack align="center" gap="md" py="md">
        <Skeleton circle height={120} />
        <Skeleton h={28} w="60%" />
        <Skeleton h={16} w="40%" />
        <Skeleton h={80} mt="md" />
      </Stack>
    </Card>
  );
}

/** `/event/:eventId/profile/:userId`: a participant as the others see them (public fields only). */
export function UserProfilePage() {
  const { eventId = '', userId = '' } = useParams();
  return <PublicProfileView eventId={eventId} userId={userId} back={<BackToEvent eventId={eventId} />} />;
}

/**
 * A participant's public profile with `back` above it (the profile page's, or a directory's for
 * the directory sub-detail). A hidden or unknown profile shows the not-found state.
 */
export function PublicProfileView({
  eventId,
  userId,
  back,
}: {
  eventId: string;
  userId: string;
  back: ReactNode;
}) {
  const { t } = useTranslation('participantProfile');
  const me = useUserState().tokenData?.userId;
  const profile = usePublicProfile(eventId, userId);
  const name = profile.data ? `${profile.data.firstName} ${profile.data.lastName}`.trim() : '';
  usePageTitle(name || t('menu.myProfile'));

  if (profile.isError && profile.error.status === 404) {
    return (
      <Stack gap="lg">
        {back}
        <EmptyState title={t('view.notFoundTitle')} description={t('view.notFoundText')} py="xl" />
      </Stack>
    );
  }
  if (profile.isError)
    return <LoadError onRetry={() => void profile.refetch()} message={profile.error.message} />;
  if (!profile.data) {
    return (
      <Stack gap="lg">
        {back}
        <ProfileSkeleton />
      </Stack>
    );
  }

  const p = profile.data;
  const own = p.userId === me;
  const headline = headlineOf(p);
  // The API sends only fields shown in profiles that have a value, named, in the event's order.
  const shown = p.customFields;
  return (
    <Stack gap="lg" className={classes.page}>
      {back}
      <Card padding="xl">
        <Stack align="center" gap="xs" ta="center">
          <ProfileAvatar
            firstName={p.firstName}
            lastName={p.lastName}
            photoUrl={p.photoUrl}
            alt={p.photoUrl ? t('photo.alt', { name }) : ''}
            size={128}
            radius={128}
          />
          <Title order={1} fz={{ base: 26, sm: 30 }} mt="sm" className={classes.wrap}>
            {name}
          </Title>
          {headline && (
            <Text c="dimmed" className={classes.wrap}>
              {headline}
            </Text>
          )}
          {!own && (
            <Stack gap="xs" mt="sm" align="center">
              <SendCardButton eventId={eventId} participantId={p.id} />
            </Stack>
          )}
          {own && (
            <Stack gap="xs" mt="sm" align="center">
              <Text size="sm" c="dimmed">
                {t('view.yourProfile')}
              </Text>
              <Button component={Link} to={editProfilePath(eventId)} leftSection={<EditIcon size={16} />}>
                {t('view.edit')}
              </Button>
            </Stack>
          )}
        </Stack>
      </Card>
      {p.bio && (
        <Card>
          <Title order={2} size="h4" mb="xs">
            {t('view.about')}
          </Title>
          <Text className={classes.bio}>{p.bio}</Text>
        </Card>
      )}
      {shown.length > 0 && (
        <Card>
          <Title order={2} size="h4" mb="sm">
            {t('view.details')}
          </Title>
          <dl className={classes.details}>
            {shown.map((field) => (
              <div key={field.id} className={classes.detail}>
                <Text component="dt" size="sm" fw={600}>
                  {field.name}
                </Text>
                <dd>
                  <CustomFieldValue field={field} value={field.value} />
                </dd>
              </div>
            ))}
          </dl>
        </Card>
      )}
      {!p.bio && shown.length === 0 && (
        <Text c="dimmed" ta="center">
          {t('view.empty')}
        </Text>
      )}
    </Stack>
  );
}
