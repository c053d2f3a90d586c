import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ImportTableDescriptor } from '@plenary/domain';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/errors';
import { BusyButton } from '../../shared/ui/BusyButton';
import { toast } from '../../shared/ui/toast';
import { downloadErrors, useImportActions, type ImportRow } from './api';
import { JobProgress } from './JobProgress';
import { importPath } from './steps';

function Count({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} data-count={label}>
        {value.toLocaleString(i18next.language)}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** Step 4: the import (a job, all or nothing: progress while IMPORTING), then the summary or the failure. */
export function ImportStep({
  eventId,
  table,
  row,
}: {
  eventId: string;
  table: ImportTableDescriptor;
  row: ImportRow;
}) {
  const { t } = useTranslation('dataImport');
  const navigate = useNavigate();
  const { verify } = useImportActions(eventId);
  const [downloading, setDownloading] = useState(false);

  if (row.status === 'IMPORTING') {
    return (
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('importing.title', { file: row.fileName })}
        </Title>
        <JobProgress
          progress={row.progress}
          label={t('importing.progressLabel')}
          text={(done, total) => t('importing.progress', { done, total })}
          starting={t('importing.saving', { count: row.progress.total ?? row.counts.valid })}
          note={t('importing.running')}
        />
      </Stack>
    );
  }

  if (row.status === 'FAILED') {
    const retry = async () => {
      try {
        const next = await verify.mutateAsync({ id: row.id, mapping: row.mapping });
        void navigate(importPath(table.table, 'verify', next.id));
      } catch (error) {
        toast.error(isApiError(error) ? error.message : t('actionFailed'));
      }
    };
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert" title={t('importing.failedTitle')}>
          {row.message}
        </Alert>
        <Group>
          <BusyButton onClick={() => void retry()} busy={verify.isPending}>
            {t('importing.retry')}
          </BusyButton>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('importing.doneTitle')}
      </Title>
      <Text role="status">{t('importing.done', { file: row.fileName })}</Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Count label={t('importing.created')} value={row.counts.created} />
        <Count label={t('importing.updated')} value={row.counts.updated} />
        <Count label={t('importing.skipped')} value={row.counts.skipped} hint={t('importing.skippedHint')} />
      </SimpleGrid>
      <Group gap="sm">
        {table.table === 'User' && (
          <Button component={Link} to="/attendees">
            {t('importing.openAttendees')}
          </Button>
        )}
        {row.counts.errors > 0 && (
          // The rows left out with their messages (errors at verify, or found at commit).
          <Button
            variant="light"
            aria-busy={downloading}
            onClick={() => {
              if (downloading) return;
              setDownloading(true);
              downloadErrors(eventId, row)
                .catch(() => toast.error(t('verify.downloadFailed')))
                .finally(() => setDownloading(false));
            }}
          >
            {t('verify.downloadErrors')}
          </Button>
        )}
        <Button component={Link} to={importPath(table.table, 'upload')} variant="default">
          {t('importing.another')}
        </Button>
        <Button component={Link} to={importPath()} variant="subtle">
          {t('importing.history')}
        </Button>
      </Group>
    </Stack>
  );
}
