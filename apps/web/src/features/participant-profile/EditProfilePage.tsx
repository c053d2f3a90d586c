import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { ProfileTextField } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CustomFieldInputs } from '../../shared/custom-fields';
import { useUserEvents } from '../events';
import { BusyButton } from '../../shared/ui/BusyButton';
import { LoadError } from '../../shared/ui/LoadError';
import { toast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useOwnProfile, useSaveProfile } from './api';
import { BackToEvent } from './BackToEvent';
import { userProfilePath } from './paths';
import { PhotoField } from './PhotoField';
import classes from './profile.module.css';
import type { OwnProfile } from './types';
import { useProfileForm } from './useProfileForm';

/** Autofill hints of the standard fields (WCAG 1.3.5). */
const AUTOCOMPLETE: Record<Exclude<ProfileTextField, 'bio'>, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  jobTitle: 'organization-title',
  company: 'organization',
  phone: 'tel',
};

function ProfileForm({ eventId, profile }: { eventId: string; profile: OwnProfile }) {
  const { t } = useTranslation('participantProfile');
  const form = useProfileForm(profile);
  const save = useSaveProfile(eventId);
  const [failure, setFailure] = useState<string | null>(null);
  const readOnly = profile.customFields.filter((f) => !f.editable && f.showInProfile);

  const submit = form.onSubmit(
    (update) => {
      setFailure(null);
      save.mutate(update, {
        onSuccess: () => toast.success(t('edit.saved')),
        onError: (error) =>
          setFailure(form.showServerErrors(error.fields) ? t('edit.checkFields') : error.message),
      });
    },
    () => toast.info(t('edit.nothingChanged')),
  );

  const input = (name: Exclude<ProfileTextField, 'bio'>, required = false) => (
    <TextInput
      label={t(`fields.${name}`)}
      name={name}
      required={required}
      value={form.text[name]}
      error={form.errors[name] || undefined}
      onChange={(e) => form.setField(name, e.currentTarget.value)}
      autoComplete={AUTOCOMPLETE[name]}
      {...(name === 'phone' ? { type: 'tel', description: t('fields.phoneHint') } : {})}
    />
  );

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Card>
          <Title order={2} size="h4" mb="sm">
            {t('edit.details')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            {input('firstName', true)}
            {input('lastName', true)}
            {input('jobTitle')}
            {input('company')}
            {input('phone')}
            <TextInput
              label={t('fields.email')}
              value={profile.participant.email}
              readOnly
              variant="filled"
              description={t('fields.emailHint')}
            />
          </SimpleGrid>
          <Textarea
            mt="md"
            label={t('fields.bio')}
            description={t('fields.bioHint')}
            name="bio"
            value={form.text.bio}
            error={form.errors.bio || undefined}
            onChange={(e) => form.setField('bio', e.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={12}
          />
        </Card>
        {form.editable.length > 0 && (
          <Card>
            <Title order={2} size="h4" mb="sm">
              {t('edit.more')}
            </Title>
            <CustomFieldInputs
              fields={form.editable}
              values={form.draft}
              errors={form.customErrors}
              onChange={form.setCustom}
            />
          </Card>
        )}
        {readOnly.length > 0 && (
          <Card>
            <Title order={2} size="h4">
              {t('edit.fromOrganiser')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('edit.fromOrganiserHint')}
            </Text>
            <CustomFieldInputs
              fields={readOnly}
              values={profile.participant.customFields}
              onChange={() => undefined}
              readOnly
            />
          </Card>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" title={t('edit.failed')}>
            {failure}
          </Alert>
        )}
        <Group gap="sm" className={classes.actions}>
          <BusyButton type="submit" size="md" busy={save.isPending}>
            {t('edit.save')}
          </BusyButton>
          <Button
            component={Link}
            to={userProfilePath(eventId, profile.participant.userId)}
            size="md"
            variant="default"
          >
            {t('edit.viewProfile')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FormSkeleton() {
  const { t } = useTranslation('common');
  return (
    <Stack gap="lg" role="status" aria-label={t('states.loading')}>
      <Skeleton h={150} radius="md" />
      <Skeleton h={380} radius="md" />
    </Stack>
  );
}

/** `/event/:eventId/edit-profile`: the participant's own profile in the event. */
export function EditProfilePage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('participantProfile');
  const profile = useOwnProfile(eventId);
  const event = useUserEvents().data?.records.find((e) => e.id === eventId);
  usePageTitle(t('edit.title'));

  let body;
  if (profile.isError && profile.error.status === 404) {
    body = (
      <EmptyState title={t('edit.notParticipantTitle')} description={t('edit.notParticipantText')} py="xl" />
    );
  } else if (profile.isError) {
    body = <LoadError onRetry={() => void profile.refetch()} message={profile.error.message} />;
  } else if (!profile.data) {
    body = <FormSkeleton />;
  } else {
    body = (
      <Stack gap="lg">
        <PhotoField eventId={eventId} participant={profile.data.participant} />
        <ProfileForm key={profile.data.participant.id} eventId={eventId} profile={profile.data} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" className={classes.page}>
      <BackToEvent eventId={eventId} />
      <Stack gap={4}>
        <Title order={1}>{t('edit.title')}</Title>
        <Text c="dimmed">{event ? t('edit.intro', { event: event.name }) : t('edit.introNoEvent')}</Text>
      </Stack>
      {body}
    </Stack>
  );
}
