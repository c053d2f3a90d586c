import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Runs on confirm; the dialog closes when it resolves and shows the server's message when it fails. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  danger?: boolean;
}

/** A yes/no question before a write: Cancel has the focus; a refusal stays in the dialog as an alert. */
export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onClose, danger = false }: ConfirmDialogProps) {
  const { t } = useTranslation('attendees');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(isApiError(err) && err.message ? err.message : t('common.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      title={<Text fw={600} size="lg" component="span">{title}</Text>}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      closeButtonProps={{ 'aria-label': t('common.cancel') }}
    >
      <Stack gap="md">
        {children}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color={danger ? 'red.9' : undefined} onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
