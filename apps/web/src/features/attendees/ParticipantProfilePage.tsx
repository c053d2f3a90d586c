import {
  Anchor,
  Avatar,
  Badge,
  Button,
  EmptyState,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { apiFetch } from '../../shared/api/client';
import { useCustomFields } from '../../shared/custom-fields';
import { selectEvent } from '../../shared/session/userStore';
import { LoadError } from '../../shared/ui/LoadError';
import { toast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { ActivitySection } from './ActivitySection';
import { ImpersonateButton } from './ImpersonateButton';
import { useParticipant, useRefreshParticipants } from './api';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { fullName } from './participantsResource';
import { ATTENDEES_PATH, participantApi } from './paths';
import { PhotoSection } from './PhotoSection';
import { CustomFieldsSection, LabelsSection, ProfileSection } from './ProfileSections';
import { SendMagicLinksDialog } from './SendMagicLinksDialog';
import { SessionsSection } from './SessionsSection';
import type { Participant } from './types';

function Header({ eventId, participant }: { eventId: string; participant: Participant }) {
  const { t } = useTranslation('attendees');
  const navigate = useNavigate();
  const refresh = useRefreshParticipants(eventId);
  const [dialog, setDialog] = useState<'magic' | 'remove' | null>(null);
  const name = fullName(participant);
  return (
    <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
      <Group gap="md" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
        <Avatar
          src={participant.photoUrl}
          size={64}
          radius="xl"
          name={name}
          color="initials"
          alt=""
          aria-hidden="true"
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Group gap="xs" wrap="wrap">
            <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {participant.email}
            </Text>
            <Badge
              variant="light"
              color={participant.emailVerified ? 'teal' : 'gray'}
              style={{ textTransform: 'none' }}
            >
              {participant.emailVerified ? t('profile.verified') : t('profile.notVerified')}
            </Badge>
          </Group>
        </Stack>
      </Group>
      <Group gap="sm">
        <ImpersonateButton eventId={eventId} participant={participant} />
        <Button onClick={() => setDialog('magic')}>{t('magicLinks.sendOne')}</Button>
        <Button variant="default" color="red.8" onClick={() => setDialog('remove')}>
          {t('profile.remove')}
        </Button>
      </Group>
      {dialog === 'magic' && (
        <SendMagicLinksDialog
          eventId={eventId}
          participantIds={[participant.id]}
          name={name}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'remove' && (
        <ConfirmDialog
          title={t('profile.removeTitle')}
          confirmLabel={t('profile.remove')}
          danger
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await apiFetch<void>(participantApi(eventId, participant.id), { method: 'DELETE' });
            toast.success(t('profile.removed', { name }));
            void refresh();
            void navigate(ATTENDEES_PATH);
          }}
        >
          <Text>{t('profile.removeText', { name })}</Text>
        </ConfirmDialog>
      )}
    </Group>
  );
}

function ProfileLoading() {
  const { t } = useTranslation('attendees');
  return (
    <Stack gap="md" role="status" aria-label={t('common.loading')}>
      <Skeleton h={64} w={320} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton h={260} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton h={260} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * `/{eventId}/attendees/{participantId}`: the participant's profile in the event — profile fields,
 * custom fields, labels, photo, sessions (enrolled, waitlists, check-ins) and activity, each section
 * edited in place; "View as" starts an impersonation when the API allows one.
 */
export function ParticipantProfilePage() {
  const { t } = useTranslation('attendees');
  const { eventId = '', participantId = '' } = useParams();
  const participant = useParticipant(eventId, participantId);
  const fields = useCustomFields(eventId);
  usePageTitle(participant.data ? fullName(participant.data) : t('profile.title'));
  useEffect(() => selectEvent(eventId), [eventId]);

  const back = (
    <Anchor component={Link} to={ATTENDEES_PATH} size="sm">
      ← {t('profile.back')}
    </Anchor>
  );

  if (participant.isError && participant.error.status === 404) {
    return (
      <Stack gap="md">
        {back}
        <EmptyState
          variant="light"
          title={t('profile.notFound')}
          description={t('profile.notFoundText')}
          py="xl"
        >
          <EmptyState.Actions>
            <Button component={Link} to={ATTENDEES_PATH}>
              {t('profile.back')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Stack>
    );
  }
  const failed = participant.isError ? participant.error : fields.isError ? fields.error : null;
  if (failed) {
    return (
      <Stack gap="md">
        {back}
        <Title order={1}>{t('profile.title')}</Title>
        <LoadError
          message={failed.message}
          onRetry={() => void Promise.all([participant.refetch(), fields.refetch()])}
        />
      </Stack>
    );
  }
  if (!participant.data || !fields.data) {
    return (
      <Stack gap="md">
        {back}
        <ProfileLoading />
      </Stack>
    );
  }
  const p = participant.data;
  return (
    <Stack gap="lg">
      {back}
      <Header eventId={eventId} participant={p} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <ProfileSection eventId={eventId} participant={p} />
            <CustomFieldsSection eventId={eventId} participant={p} fields={fields.data} />
            <LabelsSection eventId={eventId} participant={p} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <PhotoSection eventId={eventId} participant={p} />
            <SessionsSection eventId={eventId} participantId={p.id} />
            <ActivitySection eventId={eventId} participantId={p.id} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
