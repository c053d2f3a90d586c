import { Alert, Group, Stack, Text } from '@mantine/core';
import { IMPORT_MESSAGES } from '@plenary/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportRow } from './api';

/** The server stopped during the import's verify or commit (its job was recovered): nothing was changed. */
export const wasInterrupted = (row: ImportRow) => row.message === IMPORT_MESSAGES.interrupted;

/**
 * Says that the run was interrupted and what to do: run it again or discard the import (`children`,
 * the step's buttons for that). An interrupted verify is FAILED; an interrupted commit is VERIFIED
 * or INVALID again.
 */
export function InterruptedAlert({ row, children }: { row: ImportRow; children?: ReactNode }) {
  const { t } = useTranslation('dataImport');
  return (
    <Alert color="orange" variant="light" role="alert" title={t('interrupted.title')}>
      <Stack gap="sm">
        <Text size="sm">{row.status === 'FAILED' ? t('interrupted.verify') : t('interrupted.commit')}</Text>
        {children && <Group gap="sm">{children}</Group>}
      </Stack>
    </Alert>
  );
}
