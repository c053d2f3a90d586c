import { Alert, Button, Group, Menu, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import type { BulkAction, BulkPatch } from '@plenary/domain';
import type { CustomFieldRow } from '../../shared/custom-fields';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../shared/api/client';
import { isApiError } from '../../shared/api/errors';
import {
  CustomFieldInputs,
  customFieldErrorsFromApi,
  validateCustomFieldValues,
} from '../../shared/custom-fields';
import type { RowSelection } from '../../shared/list';
import { BusyButton } from '../../shared/ui/BusyButton';
import { toast } from '../../shared/ui/toast';
import { useRefreshParticipants, useUpdateOptions } from './api';
import { participantsApi } from './paths';
import { BulkActionDialog } from './BulkActionDialog';

type Dialog = BulkAction | 'field' | null;

/** `PATCH …/participants` for the selection; answers how many were updated. */
function bulkPatch(eventId: string, ids: readonly string[], patch: BulkPatch) {
  return apiFetch<{ updated: number }>(participantsApi(eventId), { method: 'PATCH', body: { ids, patch } });
}

interface DialogProps {
  eventId: string;
  ids: readonly string[];
  onClose: () => void;
  onDone: () => void;
}

/** A small modal form: title, fields, Cancel and the action; a refusal shows as an alert. */
function BulkForm({
  title,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('attendees');
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
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <Stack gap="md">
          {children}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <BusyButton type="submit" busy={busy}>
              {submitLabel}
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function useBulkSave(eventId: string, onDone: () => void, onClose: () => void) {
  const { t } = useTranslation('attendees');
  const refresh = useRefreshParticipants(eventId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (
    run: () => Promise<{ updated: number }>,
    onFields?: (fields: Record<string, string>) => boolean,
  ) => {
    setBusy(true);
    setError(null);
    try {
      const { updated } = await run();
      toast.success(t('bulk.updated', { count: updated }));
      void refresh();
      onDone();
      onClose();
    } catch (err) {
      if (isApiError(err) && err.fields && onFields?.(err.fields)) return;
      setError(isApiError(err) && err.message ? err.message : t('common.failed'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, save };
}

/** Sets one field (job title, company or a custom field) to the same value for every selected participant. */
function FieldDialog({
  eventId,
  ids,
  onClose,
  onDone,
  fields,
}: DialogProps & { fields: readonly CustomFieldRow[] }) {
  const { t } = useTranslation('attendees');
  const tc = useTranslation().t;
  const options = useUpdateOptions(eventId);
  const [key, setKey] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, error, save } = useBulkSave(eventId, onDone, onClose);
  const chosen = options.data?.fields.find((f) => f.key === key);
  const custom = chosen?.customFieldId ? fields.find((f) => f.id === chosen.customFieldId) : undefined;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!chosen) {
      setErrors({ key: tc('messages.pleaseSelectValue') });
      return;
    }
    if (custom) {
      const { values, errors: found } = validateCustomFieldValues([custom], draft);
      if (Object.keys(found).length) return setErrors(found);
      void save(
        () => bulkPatch(eventId, ids, { customFields: { [custom.id]: values[custom.id] ?? null } }),
        (f) => {
          const mapped = customFieldErrorsFromApi(f);
          setErrors(mapped);
          return Object.keys(mapped).length > 0;
        },
      );
      return;
    }
    const field = chosen.key as 'jobTitle' | 'company';
    void save(
      () => bulkPatch(eventId, ids, { [field]: text.trim() }),
      (f) => {
        const message = f[`patch.${field}`] ?? f[field];
        if (message) setErrors({ text: message });
        return Boolean(message);
      },
    );
  };

  return (
    <BulkForm
      title={t('bulk.fieldTitle', { count: ids.length })}
      submitLabel={t('bulk.apply')}
      busy={busy}
      error={error}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Select
        label={t('bulk.field')}
        data={(options.data?.fields ?? []).map((f) => ({ value: f.key, label: f.name }))}
        value={key}
        onChange={(v) => {
          setKey(v);
          setErrors({});
          setDraft({});
          setText('');
        }}
        error={errors.key}
        required
        searchable
        nothingFoundMessage={options.isPending ? tc('states.loading') : tc('messages.noOptions')}
        data-autofocus
        comboboxProps={{ withinPortal: true }}
      />
      {chosen && !custom && (
        <TextInput
          label={chosen.name}
          description={t('bulk.emptyClears')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={errors.text}
        />
      )}
      {custom && (
        <CustomFieldInputs
          fields={[custom]}
          values={draft}
          errors={errors}
          cols={1}
          onChange={(id, v) => {
            setDraft((d) => ({ ...d, [id]: v }));
            setErrors((e) => ({ ...e, [id]: '' }));
          }}
        />
      )}
      {custom && !custom.settings.required && (
        <Text size="sm" c="dimmed">
          {t('bulk.emptyClears')}
        </Text>
      )}
    </BulkForm>
  );
}

export interface BulkActionsProps {
  eventId: string;
  selection: RowSelection;
  fields: readonly CustomFieldRow[];
}

/**
 * What an admin can do with the selected participants: magic links, manual labels and removal (one
 * bulk-actions request each, through the confirmation dialog), one field for all (bulk PATCH).
 */
export function BulkActions({ eventId, selection, fields }: BulkActionsProps) {
  const { t } = useTranslation('attendees');
  const [dialog, setDialog] = useState<Dialog>(null);
  const ids = selection.ids;
  const close = () => setDialog(null);
  const props = { eventId, ids, onClose: close, onDone: selection.clear };
  return (
    <>
      <Button size="compact-sm" onClick={() => setDialog('SEND_MAGIC_LINKS')}>
        {t('bulk.sendMagicLinks')}
      </Button>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button size="compact-sm" variant="default">
            {t('bulk.labels')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setDialog('ADD_LABELS')}>{t('bulk.addLabelsItem')}</Menu.Item>
          <Menu.Item onClick={() => setDialog('REMOVE_LABELS')}>{t('bulk.removeLabelsItem')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button size="compact-sm" variant="default" onClick={() => setDialog('field')}>
        {t('bulk.setField')}
      </Button>
      <Button size="compact-sm" variant="default" color="red.8" onClick={() => setDialog('REMOVE')}>
        {t('bulkAction.removeItem')}
      </Button>
      {dialog === 'field' && <FieldDialog {...props} fields={fields} />}
      {dialog && dialog !== 'field' && <BulkActionDialog {...props} action={dialog} />}
    </>
  );
}
