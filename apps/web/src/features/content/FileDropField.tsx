import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import i18next from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileAccept } from '../../shared/ui/fileAcceptance';
import { FileDropZone } from '../../shared/ui/FileDropZone';
import { InboxIcon } from '../../shared/ui/icons';
import { formatBytes } from './files';

export interface FileDropFieldProps {
  label: string;
  /** Drop zone title and the line under it (types and size). */
  title: string;
  hint: string;
  chooseLabel: string;
  accept: FileAccept;
  maxBytes: number;
  file: File | null;
  onFile: (file: File) => void;
  /** A refusal of the browser's own check (type, size), in the API's words where it has them. */
  onReject: (message: string) => void;
  typeMessage: string;
  sizeMessage: string;
  error?: string;
  errorTitle: string;
  /** 0..1 while uploading, else null. */
  progress: number | null;
  progressLabel: string;
}

/**
 * A file field: a drop zone and a "Choose" button (the keyboard's way in), the chosen file's name
 * and size, the upload's progress, and the refusal (the browser's check first; the API checks the
 * content and its message shows here too).
 */
export function FileDropField(props: FileDropFieldProps) {
  const { t } = useTranslation('content');
  const hintId = useId();
  const errorId = useId();
  const uploading = props.progress !== null;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} component="span">
        {props.label}
      </Text>
      <FileDropZone
        accept={props.accept}
        maxBytes={props.maxBytes}
        onFile={props.onFile}
        onRefuse={props.onReject}
        messages={{ type: props.typeMessage, size: props.sizeMessage }}
        chooseLabel={props.chooseLabel}
        describedBy={[hintId, props.error ? errorId : ''].filter(Boolean).join(' ')}
        busy={uploading}
        besideChoose={
          props.file && (
            <Text size="sm" data-testid="chosen-file">
              {t('materials.form.chosen', {
                name: props.file.name,
                size: formatBytes(props.file.size, i18next.language),
              })}
            </Text>
          )
        }
      >
        <Group justify="center" gap="md" mih={72} wrap="nowrap">
          <InboxIcon size={32} aria-hidden="true" />
          <Stack gap={2}>
            <Text fw={600}>{props.title}</Text>
            <Text size="sm" c="dimmed" id={hintId}>
              {props.hint}
            </Text>
          </Stack>
        </Group>
      </FileDropZone>
      {uploading && (
        <Stack gap={2}>
          <Progress
            value={Math.round(props.progress! * 100)}
            aria-label={props.progressLabel}
            animated={props.progress! < 1}
          />
          <Text size="xs" c="dimmed" role="status">
            {t('materials.form.progressText', { percent: Math.round(props.progress! * 100) })}
          </Text>
        </Stack>
      )}
      {props.error && (
        <Alert color="red" variant="light" role="alert" title={props.errorTitle} id={errorId}>
          {props.error}
        </Alert>
      )}
    </Stack>
  );
}
