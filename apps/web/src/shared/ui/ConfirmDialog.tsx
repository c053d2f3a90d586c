import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors';
import { BusyButton } from './BusyButton';

export interface ConfirmDialogProps {
  title: string;
  /** The question: names the record and says what goes with it. */
  children: ReactNode;
  confirmLabel: string;
  /** Default 'Cancel'. The corner button is always 'Close'. */
  cancelLabel?: string;
  /** Runs on confirm; the dialog closes when it resolves and shows the server's message when it fails. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  /** A red confirm button (deletes, discards). */
  danger?: boolean;
  /** Heading of the refusal shown in the dialog, e.g. 'Not deleted'. */
  errorTitle?: string;
  /** Shown when a failure carries no message of the server's. Default: 'That did not work…'. */
  failedMessage?: string;
}

/**
 * The one confirmation before a write (deletes, discards, sends): the question, Cancel with the
 * focus, the action button. While it works the action button stays focusable (BusyButton) and the
 * dialog stays; a refusal (e.g. a 409) shows the server's message in the dialog, which stays open.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  danger = false,
  errorTitle,
  failedMessage,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (err) {
      setBusy(false);
      setError(isApiError(err) && err.message ? err.message : (failedMessage ?? t('confirm.failed')));
    }
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      title={
        <Text fw={600} size="lg" component="span">
          {title}
        </Text>
      }
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md">
        {children}
        {error && (
          <Alert color="red" variant="light" role="alert" title={errorTitle}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {cancelLabel ?? t('actions.cancel')}
          </Button>
          <BusyButton color={danger ? 'red.9' : undefined} onClick={() => void confirm()} busy={busy}>
            {confirmLabel}
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
