import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ImportTableDescriptor } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/errors';
import { BusyButton } from '../../shared/ui/BusyButton';
import { toast } from '../../shared/ui/toast';
import { downloadErrors, useImportActions, type ImportRow } from './api';
import { DiscardButton } from './DiscardButton';
import { ErrorsTable } from './ErrorsTable';
import { FileDrop } from './FileDrop';
import { InterruptedAlert, wasInterrupted } from './InterruptedAlert';
import { JobProgress } from './JobProgress';
import { importPath } from './steps';

/**
 * Step 3: the check of every row (a job: progress while VERIFYING), then either "ready" with the
 * import button, or the rows with errors per cell, the errors file, the upload of a corrected file
 * and, if the admin wants, the import of only the valid rows.
 */
export function VerifyStep({
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
  const { commit, upload, discard, verify } = useImportActions(eventId);
  const [downloading, setDownloading] = useState(false);
  const rows = row.counts.rows ?? 0;

  const run = async (action: () => Promise<ImportRow>, then: (next: ImportRow) => string) => {
    try {
      const next = await action();
      void navigate(then(next));
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t('actionFailed'));
    }
  };
  const startImport = (skipInvalidRows: boolean) =>
    run(
      () => commit.mutateAsync({ id: row.id, skipInvalidRows }),
      (next) => importPath(table.table, 'import', next.id),
    );
  const changeMapping = () => void navigate(importPath(table.table, 'map', row.id));

  if (row.status === 'VERIFYING') {
    return (
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('verify.title', { file: row.fileName })}
        </Title>
        <JobProgress
          progress={row.progress}
          label={t('verify.progressLabel')}
          text={(done, total) => t('verify.progress', { done, total })}
          starting={t('verify.starting')}
          note={t('verify.running')}
        />
      </Stack>
    );
  }

  if (row.status === 'FAILED') {
    const verifyAgain = (
      <BusyButton
        onClick={() =>
          void run(
            () => verify.mutateAsync({ id: row.id, mapping: row.mapping }),
            (next) => importPath(table.table, 'verify', next.id),
          )
        }
        busy={verify.isPending}
      >
        {t('importing.retry')}
      </BusyButton>
    );
    if (wasInterrupted(row)) {
      return (
        <InterruptedAlert row={row}>
          {verifyAgain}
          <DiscardButton eventId={eventId} row={row} />
        </InterruptedAlert>
      );
    }
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert" title={t('importing.failedTitle')}>
          {row.message}
        </Alert>
        <Group>{verifyAgain}</Group>
      </Stack>
    );
  }

  if (row.status === 'VERIFIED') {
    return (
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('verify.doneTitle', { file: row.fileName })}
        </Title>
        {/* An interrupted import: the buttons below run it again or discard it. */}
        {wasInterrupted(row) && <InterruptedAlert row={row} />}
        <Alert color="teal" variant="light" role="status">
          {t('verify.valid', { count: row.counts.valid })}
        </Alert>
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <DiscardButton eventId={eventId} row={row} />
            <Button variant="default" onClick={changeMapping}>
              {t('verify.changeMapping')}
            </Button>
          </Group>
          <BusyButton onClick={() => void startImport(false)} busy={commit.isPending}>
            {t('verify.import', { count: row.counts.valid })}
          </BusyButton>
        </Group>
      </Stack>
    );
  }

  // INVALID: the whole file (message) or some rows.
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('verify.doneTitle', { file: row.fileName })}
      </Title>
      {wasInterrupted(row) && <InterruptedAlert row={row} />}
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={row.counts.errors > 0 ? t('verify.invalidTitle') : t('verify.invalidWhole')}
      >
        {/* A message with row errors: rows the commit found invalid (nothing was imported). */}
        {row.counts.errors > 0
          ? (!wasInterrupted(row) && row.message) ||
            t('verify.invalid', { errors: row.counts.errors.toLocaleString(), rows: rows.toLocaleString() })
          : row.message}
      </Alert>
      {row.counts.errors > 0 && <ErrorsTable eventId={eventId} importId={row.id} total={row.counts.errors} />}
      {row.counts.errors > 0 && (
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Button
              variant="light"
              aria-busy={downloading}
              onClick={() => {
                if (downloading) return; // (not `loading`: a disabled button drops the focus)
                setDownloading(true);
                downloadErrors(eventId, row)
                  .catch(() => toast.error(t('verify.downloadFailed')))
                  .finally(() => setDownloading(false));
              }}
              aria-describedby="download-errors-hint"
            >
              {t('verify.downloadErrors')}
            </Button>
            <Text size="xs" c="dimmed" id="download-errors-hint" maw={260}>
              {t('verify.downloadErrorsHint')}
            </Text>
          </Stack>
        </Group>
      )}
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t('verify.uploadCorrected')}
        </Title>
        <FileDrop
          table={table}
          compact
          label={t('verify.dropCorrected')}
          uploading={upload.isPending}
          onFile={async (file) => {
            const next = await upload.mutateAsync({ table: table.table, file });
            // The corrected file replaces this attempt: its upload and staged rows go.
            discard.mutate(row.id);
            void navigate(importPath(table.table, 'map', next.id));
          }}
        />
      </Stack>
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <Group gap="sm">
          <DiscardButton eventId={eventId} row={row} />
          <Button variant="default" onClick={changeMapping}>
            {t('verify.changeMapping')}
          </Button>
        </Group>
        {row.counts.valid > 0 && (
          <Stack gap={2} align="flex-end">
            <BusyButton
              variant="outline"
              onClick={() => void startImport(true)}
              busy={commit.isPending}
              aria-describedby="import-valid-hint"
            >
              {t('verify.importValid', { count: row.counts.valid })}
            </BusyButton>
            <Text size="xs" c="dimmed" id="import-valid-hint">
              {t('verify.importValidHint')}
            </Text>
          </Stack>
        )}
      </Group>
    </Stack>
  );
}
