import { Select, TextInput } from '@mantine/core';
import { MESSAGES, requiredString, SHORT_TEXT_MAX_LENGTH } from '@plenary/domain';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { schemaMessage, useForm } from '../../shared/forms/useForm';
import { useOptions } from '../../shared/list';
import { FormModal, useEntitySave } from '../../shared/forms/EntityForm';
import { organizationOptions } from './options';
import type { EventHub } from './types';

export interface EventHubBody {
  name: string;
  organizationId: string;
}

export function EventHubForm({ record, onClose }: { record: EventHub | null; onClose: () => void }) {
  const { t } = useTranslation('tenancy');
  const [searchParams] = useSearchParams();
  const organizations = useOptions(organizationOptions);
  const { saveAndClose, saving } = useEntitySave<EventHub, EventHubBody>(
    'event-hubs',
    'eventHubs',
    record,
    onClose,
  );
  const form = useForm(
    // A new hub starts in the organization the list is filtered by.
    {
      name: record?.name ?? '',
      organizationId: record?.organizationId ?? searchParams.get('organizationId') ?? '',
    },
    (v) => ({
      name: schemaMessage(requiredString(SHORT_TEXT_MAX_LENGTH), v.name),
      organizationId: v.organizationId ? undefined : MESSAGES.pleaseSelectValue,
    }),
  );

  const submit = form.onSubmit(async (v) => {
    const body = { name: v.name.trim(), organizationId: v.organizationId };
    await saveAndClose(body, { toastValues: { name: body.name }, showServerErrors: form.showServerErrors });
  });

  return (
    <FormModal
      entity="eventHubs"
      isNew={!record}
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
      formRef={form.formRef}
      size="md"
    >
      <TextInput
        label={t('common.name')}
        required
        maxLength={SHORT_TEXT_MAX_LENGTH}
        data-autofocus
        {...form.inputProps('name')}
      />
      <Select
        label={t('common.organization')}
        required
        name="organizationId"
        data={organizations.data}
        searchable
        nothingFoundMessage={MESSAGES.noOptions}
        value={form.values.organizationId || null}
        onChange={(v) => form.setValue('organizationId', v ?? '')}
        error={form.errors.organizationId}
        disabled={organizations.loading}
      />
    </FormModal>
  );
}
