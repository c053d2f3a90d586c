import { ActionIcon, Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { useResourceMutations } from '../../shared/list';
import { useFocusReturnOnClose } from '../../shared/ui/useFocusReturnOnClose';
import { toast } from '../../shared/ui/toast';

/** Which record the delete confirmation asks about (null: closed). */
export function useDeleteDialog<T>() {
  const [record, setRecord] = useState<T | null>(null);
  const focusReturn = useFocusReturnOnClose();
  return {
    record,
    open: (r: T) => {
      focusReturn.remember();
      setRecord(r);
    },
    close: () => {
      setRecord(null);
      focusReturn.restore();
    },
  };
}

/** Bin button of a row; its accessible name says which record it deletes. */
export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red.8" aria-label={label} title={label} onClick={onClick}>
      <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
      </svg>
    </ActionIcon>
  );
}

/** Edit and Delete buttons side by side in the row-actions column. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-start">
      {children}
    </Group>
  );
}

interface ConfirmDeleteProps {
  /** The resource's API path: DELETE `{path}/{id}`. */
  path: string;
  id: string;
  title: string;
  /** Names the record and says what goes with it. */
  message: ReactNode;
  confirmLabel: string;
  /** Toast after the delete. */
  successMessage: string;
  onClose: () => void;
}

/**
 * The confirmation before a delete: names the record, Cancel has the focus, the red button deletes.
 * A refused delete (e.g. 409) shows the server's message in the dialog, which stays open.
 */
export function ConfirmDelete({ path, id, title, message, confirmLabel, successMessage, onClose }: ConfirmDeleteProps) {
  const { t } = useTranslation('tenancy');
  const { remove } = useResourceMutations({ path });
  const [error, setError] = useState<string | null>(null);
  const busy = remove.isPending;

  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync(id);
      toast.success(successMessage);
      onClose();
    } catch (err) {
      setError(isApiError(err) && err.message ? err.message : t('common.deleteFailed'));
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
        <Text>{message}</Text>
        {error && (
          <Alert color="red" variant="light" role="alert" title={t('common.deleteRefused')}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color="red.9" onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
