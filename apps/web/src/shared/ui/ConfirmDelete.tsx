import { ActionIcon, Group, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceMutations } from '../list';
import { ConfirmDialog } from './ConfirmDialog';
import { toast } from './toast';
import { useFocusReturnOnClose } from './useFocusReturnOnClose';

/** Which record the delete confirmation asks about (null: closed); the focus goes back on close. */
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
      <svg
        width={16}
        height={16}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
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

export interface ConfirmDeleteProps {
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
 * The confirmation before deleting a list's record (`DELETE {path}/{id}`, then the lists, counts
 * and options of the resource refresh): the shared ConfirmDialog with a red button, a toast after,
 * and a refusal (e.g. 409) shown in the dialog under 'Not deleted'.
 */
export function ConfirmDelete({
  path,
  id,
  title,
  message,
  confirmLabel,
  successMessage,
  onClose,
}: ConfirmDeleteProps) {
  const { t } = useTranslation('common');
  const { remove } = useResourceMutations({ path });
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      danger
      errorTitle={t('confirm.deleteRefused')}
      failedMessage={t('confirm.deleteFailed')}
      onClose={onClose}
      onConfirm={async () => {
        await remove.mutateAsync(id);
        toast.success(successMessage);
      }}
    >
      <Text>{message}</Text>
    </ConfirmDialog>
  );
}
