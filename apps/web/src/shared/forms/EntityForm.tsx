import { ActionIcon } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors';
import { useResourceMutations } from '../list';
import { FormDialog, type FormDialogProps } from '../ui/FormDialog';
import { toast } from '../ui/toast';
import { useFocusReturnOnClose } from '../ui/useFocusReturnOnClose';
import { formField } from './serverFields';

/** Which record the create/edit modal shows: closed, a new one, or an existing one. */
export function useEditDialog<T>() {
  const [state, setState] = useState<{ open: boolean; record: T | null }>({ open: false, record: null });
  const focusReturn = useFocusReturnOnClose();
  return {
    open: state.open,
    record: state.record,
    openCreate: () => {
      focusReturn.remember();
      setState({ open: true, record: null });
    },
    openEdit: (record: T) => {
      focusReturn.remember();
      setState({ open: true, record });
    },
    close: () => {
      setState({ open: false, record: null });
      focusReturn.restore();
    },
  };
}

type ShowServerErrors = (fields: Record<string, string> | undefined) => boolean;

/**
 * Saves a create/edit dialog: POST for a new record, PATCH for an existing one, then the toast
 * '<entity>.created' or '<entity>.saved' and close. A failure goes to the fields or an error toast.
 * `saving` disables the form meanwhile.
 */
export function useEntitySave<T, Body>(
  path: string,
  entity: string,
  record: { id: string } | null,
  onClose: () => void,
) {
  const { t } = useTranslation('tenancy');
  const { create, update } = useResourceMutations<T, Body>({ path });
  const id = record?.id;
  return {
    saving: create.isPending || update.isPending,
    async saveAndClose(
      body: Body,
      opts: {
        toastValues: Record<string, string>;
        showServerErrors: ShowServerErrors;
        fieldMap?: Record<string, string>;
        onSaved?: () => void;
      },
    ): Promise<void> {
      try {
        await (id ? update.mutateAsync({ id, body }) : create.mutateAsync(body));
        opts.onSaved?.();
        toast.success(t(`${entity}.${id ? 'saved' : 'created'}`, opts.toastValues));
        onClose();
      } catch (error) {
        reportSaveError(error, opts.showServerErrors, t('common.saveFailed'), opts.fieldMap);
      }
    },
  };
}

/**
 * A failed save: the API's `fields` go onto the matching inputs (renamed with `fieldMap`, e.g.
 * 'settings.status' → 'status'); anything else becomes an error toast with the server's message.
 */
function reportSaveError(
  error: unknown,
  showServerErrors: ShowServerErrors,
  fallback: string,
  fieldMap: Record<string, string> = {},
): void {
  if (isApiError(error) && error.fields) {
    const mapped = Object.fromEntries(
      Object.entries(error.fields).map(([k, m]) => [formField(k, fieldMap), m]),
    );
    if (showServerErrors(mapped)) return;
  }
  toast.error(isApiError(error) && error.message ? error.message : fallback);
}

interface FormModalProps extends Omit<FormDialogProps, 'title' | 'submitLabel'> {
  /** i18n prefix: the title is '<entity>.addTitle' or '<entity>.editTitle'. */
  entity: string;
  isNew: boolean;
}

/** The super-admin forms' dialog: `FormDialog` with the title and submit label of a new or existing record. */
export function FormModal({ entity, isNew, ...rest }: FormModalProps) {
  const { t } = useTranslation('tenancy');
  return (
    <FormDialog
      title={t(`${entity}.${isNew ? 'addTitle' : 'editTitle'}`)}
      submitLabel={t(isNew ? 'common.create' : 'common.save')}
      {...rest}
    />
  );
}

/** Pencil button of a row; its accessible name says which record it edits. */
export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation('tenancy');
  const label = t('common.edit', { name });
  return (
    <ActionIcon variant="subtle" aria-label={label} title={label} onClick={onClick}>
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
        <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
      </svg>
    </ActionIcon>
  );
}
