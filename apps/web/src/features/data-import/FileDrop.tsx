import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IMPORT_MESSAGES, type ImportTableDescriptor } from '@plenary/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { InboxIcon } from '../../shared/ui/icons';

const MIME: Record<string, Record<string, string[]>> = {
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

/** Why the browser refused a file, with the API's own texts. */
function rejectionMessage(rejections: FileRejection[], table: FileDropProps['table'], oneFile: string): string {
  const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
  if (codes.includes('too-many-files')) return oneFile;
  if (codes.includes('file-too-large')) return IMPORT_MESSAGES.fileTooLarge;
  return IMPORT_MESSAGES.fileTypeNotAllowed(table.fileTypes.map((t) => `.${t}`));
}

/**
 * The upload: a drop zone and a "Choose a file" button (the keyboard's way in). Type and size are
 * checked here first, with the API's messages; the API checks the content (a PNG named .xlsx, a
 * zip bomb, too many rows) and its message is shown the same way.
 */
export function FileDrop({ table, onFile, uploading, compact = false, label }: FileDropProps) {
  const { t } = useTranslation('dataImport');
  const openRef = useRef<() => void>(null);
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
      <Dropzone
        onDrop={(files) => files[0] && void take(files[0])}
        onReject={(rejections) => setError(rejectionMessage(rejections, table, t('upload.oneFile')))}
        accept={Object.assign({}, ...table.fileTypes.map((f) => MIME[f] ?? {}))}
        maxSize={table.maxFileBytes}
        multiple={false}
        loading={uploading}
        openRef={openRef}
        activateOnKeyboard={false}
        p={compact ? 'md' : 'xl'}
        aria-busy={uploading}
      >
        <Group justify="center" gap="lg" mih={compact ? 60 : 140} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <InboxIcon size={compact ? 28 : 40} aria-hidden="true" />
          <Stack gap={4}>
            <Text fw={600}>{label ?? t('upload.drop')}</Text>
            <Text size="sm" c="dimmed">
              {t('upload.dropText', { types, size: Math.round(table.maxFileBytes / 1_000_000), rows: table.maxRows.toLocaleString() })}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      <Group>
        {/* Not disabled while uploading: a disabled button would drop the keyboard focus. */}
        <Button variant="default" onClick={() => !uploading && openRef.current?.()} aria-disabled={uploading || undefined}>
          {t('upload.choose')}
        </Button>
        {uploading && (
          <Text size="sm" role="status">
            {t('upload.uploading', { name })}
          </Text>
        )}
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert" title={t('upload.refused')}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
