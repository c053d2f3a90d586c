import { Select } from '@mantine/core';
import { MESSAGES, type SessionTimesChoice as Choice } from '@plenary/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useForm } from '../../shared/forms/useForm';
import { useOptions } from '../../shared/list';
import {
  EVENT_SERVER_FIELDS,
  EventFields,
  eventFieldsBody,
  eventFieldValues,
  refreshEventQueries,
  useSessionTimesChoice,
  validateEventFields,
  type EventFieldsBody,
} from '../events';
import { FormModal, useEntitySave } from '../../shared/forms/EntityForm';
import { eventHubOptions } from './options';
import type { TenancyEvent } from './types';

export interface EventBody extends EventFieldsBody {
  eventHubId: string;
  /** PATCH only, when the zone changed: what happens to the sessions (as on the console's event details). */
  sessionTimes?: Choice;
}

/**
 * The super admin's create/edit dialog of an event: the event's fields plus its event hub. A new
 * time zone on an existing event with sessions asks, before saving, whether the sessions keep their
 * local times (the default) or their moments, as the console's event details do (EventDetailsForm).
 */
export function EventForm({ record, onClose }: { record: TenancyEvent | null; onClose: () => void }) {
  const { t } = useTranslation('tenancy');
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const hubs = useOptions(eventHubOptions);
  const { saveAndClose, saving } = useEntitySave<TenancyEvent, EventBody>(
    'events',
    'events',
    record,
    onClose,
  );
  const [initial] = useState(() => ({
    ...eventFieldValues(record),
    eventHubId: record?.eventHubId ?? searchParams.get('eventHubId') ?? '',
  }));
  const form = useForm(initial, (v) => ({
    ...validateEventFields(v),
    eventHubId: v.eventHubId ? undefined : MESSAGES.pleaseSelectValue,
  }));
  const sessionTimes = useSessionTimesChoice(initial, record, form.values.timezone);

  const submit = form.onSubmit(async (v) => {
    const body: EventBody = sessionTimes.applyTo({ ...eventFieldsBody(v), eventHubId: v.eventHubId }, v);
    await saveAndClose(body, {
      toastValues: { name: body.name },
      showServerErrors: form.showServerErrors,
      fieldMap: EVENT_SERVER_FIELDS,
      onSaved: () => void refreshEventQueries(queryClient),
    });
  });

  return (
    <FormModal
      entity="events"
      isNew={!record}
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
      formRef={form.formRef}
    >
      <EventFields form={form} autoFocus afterTimezone={sessionTimes.element}>
        <Select
          label={t('common.eventHub')}
          required
          name="eventHubId"
          data-field="eventHubId"
          data={hubs.data}
          searchable
          nothingFoundMessage={MESSAGES.noOptions}
          value={form.values.eventHubId || null}
          onChange={(v) => form.setValue('eventHubId', v ?? '')}
          error={form.errors.eventHubId}
          disabled={hubs.loading}
        />
      </EventFields>
    </FormModal>
  );
}
