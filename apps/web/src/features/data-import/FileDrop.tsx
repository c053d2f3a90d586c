import { Alert, Group, Stack, Text } from '@mantine/core';
import { IMPORT_MESSAGES, type ImportTableDescriptor } from '@plenary/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import type { FileAccept } from '../../shared/ui/fileAcceptance';
import { FileDropZone } from '../../shared/ui/FileDropZone';
import { InboxIcon } from '../../shared/ui/icons';

const MIME: Record<string, FileAccept> = {
  xlsx: { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'] },
  // Spreadsheet programs on some systems label csv files as Excel ones: the extension decides.
  csv: { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] },
};

interface FileDropProps {
  table: Pick<ImportTableDescriptor, 'fileTypes' | 'maxFileBytes' | 'maxRows'>;
  onFile: (file: File) => Promise<unknown>;
  uploading: boolean;
  /** A compact zone (the "upload a corrected file" of the verify step). */
  compact?: boolean;
  label?: string;
}

/**
 * The upload: a drop zone and a "Choose a file" button (the keyboard's way in). Type and size are
 * checked here first, with the API's messages; the API checks the content (a PNG named .xlsx, a
 * zip bomb, too many rows) and its message is shown the same way.
 */
export function FileDrop({ table, onFile, uploading, compact = false, label }: FileDropProps) {
  const { t } = useTranslation('dataImport');
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const types = table.fileTypes.map((f) => `.${f}`).join(', ');

  const take = async (file: File) => {
    setError(null);
    setName(file.name);
    try {
      await onFile(file);
    } catch (err) {
      setError(isApiError(err) ? (err.fields?.file ?? err.message) : t('upload.failed'));
    }
  };

  return (
    <Stack gap="sm">
      <FileDropZone
        accept={Object.assign({}, ...table.fileTypes.map((f) => MIME[f] ?? {}))}
        maxBytes={table.maxFileBytes}
        onFile={(file) => void take(file)}
        onRefuse={setError}
        messages={{
          count: t('upload.oneFile'),
          size: IMPORT_MESSAGES.fileTooLarge,
          type: IMPORT_MESSAGES.fileTypeNotAllowed(table.fileTypes.map((f) => `.${f}`)),
        }}
        chooseLabel={t('upload.choose')}
        busy={uploading}
        loaderWhileBusy
        padding={compact ? 'md' : 'xl'}
        besideChoose={
          uploading && (
            <Text size="sm" role="status">
              {t('upload.uploading', { name })}
            </Text>
          )
        }
      >
        <Group justify="center" gap="lg" mih={compact ? 60 : 140} wrap="nowrap">
          <InboxIcon size={compact ? 28 : 40} aria-hidden="true" />
          <Stack gap={4}>
            <Text fw={600}>{label ?? t('upload.drop')}</Text>
            <Text size="sm" c="dimmed">
              {t('upload.dropText', {
                types,
                size: Math.round(table.maxFileBytes / 1_000_000),
                rows: table.maxRows.toLocaleString(),
              })}
            </Text>
          </Stack>
        </Group>
      </FileDropZone>
      {error && (
        <Alert color="red" variant="light" role="alert" title={t('upload.refused')}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
