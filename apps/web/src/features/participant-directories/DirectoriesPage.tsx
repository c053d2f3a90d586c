import { Card, EmptyState, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../shared/navigation/BackLink';
import { participantPaths } from '../../shared/navigation/participantPaths';
import { ArrowRightIcon, UsersIcon } from '../../shared/ui/icons';
import { LoadError } from '../../shared/ui/LoadError';
import { toast } from '../../shared/ui/toast';
import { usePageTitle } from '../../shared/ui/usePageTitle';
import { useDirectories, usePrivacy, useSetPrivacy } from './api';
import classes from './directories.module.css';

/** "Hide my profile": a hidden profile is listed in no directory and the others can't open it. */
function PrivacyControl({ eventId }: { eventId: string }) {
  const { t } = useTranslation('directories');
  const privacy = usePrivacy(eventId);
  const setPrivacy = useSetPrivacy(eventId);
  // Staff who are no participant of the event have no profile to hide.
  if (!privacy.data) return null;
  const hidden = setPrivacy.isPending ? (setPrivacy.variables ?? privacy.data.hidden) : privacy.data.hidden;
  return (
    <Card padding="md" withBorder>
      <Switch
        checked={hidden}
        disabled={setPrivacy.isPending}
        onChange={(e) => {
          const next = e.currentTarget.checked;
          setPrivacy.mutate(next, {
            onSuccess: () => toast.success(t(next ? 'privacy.hiddenToast' : 'privacy.shownToast')),
            onError: (error) => toast.error(error.message || t('privacy.failed')),
          });
        }}
        label={t('privacy.label')}
        description={t(hidden ? 'privacy.hiddenText' : 'privacy.shownText')}
        size="md"
      />
    </Card>
  );
}

/** `/event/:eventId/directories`: the event's directories, and the participant's privacy control. */
export function DirectoriesPage() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('directories');
  usePageTitle(t('browse.title'));
  const directories = useDirectories(eventId);

  let body;
  if (directories.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-label={t('browse.loading')}>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={64} radius="md" />
        ))}
      </Stack>
    );
  } else if (directories.isError) {
    body = <LoadError onRetry={() => void directories.refetch()} message={directories.error.message} />;
  } else if (directories.data.records.length === 0) {
    body = (
      <EmptyState
        icon={<UsersIcon size={28} />}
        withIndicatorBackground
        title={t('browse.emptyTitle')}
        description={t('browse.emptyText')}
        py="xl"
      />
    );
  } else {
    body = (
      <Stack component="ul" gap="xs" className={classes.plain}>
        {directories.data.records.map((d) => (
          <li key={d.id}>
            <Card
              component={Link}
              to={participantPaths.directory(eventId, d.id)}
              padding="md"
              className={classes.card}
            >
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2} className={classes.wrap}>
                  <Text fw={600} className={classes.wrap}>
                    {d.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`filterShort.${d.filter}`)}
                  </Text>
                </Stack>
                <ArrowRightIcon size={18} />
              </Group>
            </Card>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" className={classes.page}>
      <BackLink eventId={eventId} />
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {t('browse.title')}
        </Title>
        <Text c="dimmed">{t('browse.intro')}</Text>
      </Stack>
      {body}
      <PrivacyControl eventId={eventId} />
    </Stack>
  );
}
